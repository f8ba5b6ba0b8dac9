// One Redoc page per document: `redocly build-docs --inlineBundle` (Redoc's script inside the page, no CDN)
// with our template (a link home); then the one remote asset Redoc 3 still loads (its attribution logo from
// cdn.redoc.ly) is swapped for an inline image, so the page makes no request outside the site, and the
// prerendered menu links become hash links, so the page works from any sub-path even before its script runs;
// and Redoc 2 style anchors (#tag/…/operation/…) are redirected to Redoc 3's routes.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { repoRoot } from '@assoc-feed/specs-tooling/apis';

const run = promisify(execFile);
const template = fileURLToPath(new URL('../../assets/redoc-template.hbs', import.meta.url));
const env = {
  ...process.env,
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  DO_NOT_TRACK: '1',
};

const logo = (text: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${text.length * 8 + 8}" height="16"><text x="4" y="12" font-family="sans-serif" font-size="12" fill="#0044D4">${text}</text></svg>`,
  )}`;
const remoteAssets: [string, string][] = [
  ['https://cdn.redoc.ly/redoc/logo-mini-full.svg', logo('Redocly')],
  ['https://cdn.redoc.ly/redoc/logo-mini.svg', logo('R')],
];

/**
 * Redoc 3 prerenders its menu with root-relative links (href="/funds") and turns them into hash links
 * (href="#/funds") when its script hydrates the page. Until then (or without script) a click would leave the
 * site, wherever it is mounted. The prerendered markup gets the hash links the script renders anyway.
 */
export function hashPrerenderedLinks(html: string): string {
  const start = html.indexOf('<div id="redoc">');
  const end = html.indexOf('<script type="module">', start);
  if (start < 0 || end < 0)
    throw new Error('Redoc page without its prerendered <div id="redoc"> and module script');
  const markup = html.slice(start, end).replace(/href="\/(?!\/)/g, 'href="#/');
  return html.slice(0, start) + markup + html.slice(end);
}

/**
 * Links written for Redoc 2 (`#tag/<Tag>/operation/<operationId>`, or `#operation/<operationId>`) still land on
 * the operation: a small script, run before Redoc's, rewrites such a hash into the Redoc 3 route.
 */
export function withLegacyAnchors(html: string, routes: Record<string, string>): string {
  const map = JSON.stringify(routes).replace(/</g, '\\u003c');
  const script = `<script>(() => {
  const m = /^#(?:tag\\/[^/]*\\/)?operation\\/([^/?#]+)$/.exec(window.location.hash);
  const route = m && ${map}[decodeURIComponent(m[1])];
  if (route) history.replaceState(null, '', '#' + route);
})();</script>`;
  const at = html.indexOf('<div id="redoc">');
  if (at < 0) throw new Error('Redoc page without its <div id="redoc">');
  return html.slice(0, at) + script + html.slice(at);
}

/** Replaces the remote assets Redoc's bundle loads by inline ones. */
export function inlineRemoteAssets(html: string): string {
  return remoteAssets.reduce((text, [url, inline]) => text.replaceAll(url, inline), html);
}

/** Where the template takes the site's header (its navigation and search), the same bar as the site's own pages. */
const headerMark = '<!-- feed:site-header -->';

export async function buildRedocPage(
  specFile: string,
  title: string,
  output: string,
  siteHeader: string,
  redocOptions: object,
  routes: Record<string, string>,
): Promise<string> {
  const args = ['build-docs', specFile, '--inlineBundle', '--title', title, '--template', template];
  args.push('--openapi', JSON.stringify(redocOptions));
  args.push('-o', output, '--lint-config', 'off');
  try {
    await run(`${repoRoot}node_modules/.bin/redocly`, args, {
      cwd: repoRoot,
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`redocly build-docs ${specFile} failed:\n${stdout ?? ''}${stderr ?? ''}`);
  }
  const rendered = readFileSync(output, 'utf8');
  if (!rendered.includes(headerMark)) throw new Error(`${output}: the template lost its ${headerMark} mark`);
  const html = withLegacyAnchors(
    hashPrerenderedLinks(inlineRemoteAssets(rendered.replace(headerMark, siteHeader))),
    routes,
  );
  if (
    /<(?:script|img|link|iframe)\b[^>]*\b(?:src|href)="https?:/i.test(html) ||
    html.includes('cdn.redoc.ly')
  ) {
    throw new Error(`${output}: the page still loads a remote asset`);
  }
  if (!html.includes('"disableTelemetry":true'))
    throw new Error(`${output}: Redoc telemetry is not disabled`);
  writeFileSync(output, html);
  return html;
}
