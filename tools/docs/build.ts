// Builds packages/docs/dist/: one self-contained Redoc page per document (no CDN script: --inlineBundle),
// the landing page, the page of inferred ("not shown") choices, the release schedules and the bundled specs.
// Run from packages/docs (its `build` script).
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { apiNames, joinedName, repoRoot, specsDist } from '../specs/apis.ts';
import { annotateForDocs, collectInferred, collectSchedules, type Inferred, type Schedule } from './extensions.ts';
import { escapeHtml, inlineCode, page } from './html.ts';

type Json = Record<string, unknown>;
const run = promisify(execFile);
const dist = join(process.cwd(), 'dist');
const version = (JSON.parse(readFileSync(`${repoRoot}packages/specs/package.json`, 'utf8')) as { version: string }).version;
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };

rmSync(dist, { recursive: true, force: true });
mkdirSync(join(dist, 'specs'), { recursive: true });
const work = join(tmpdir(), `assoc-feed-docs-${process.pid}`);
mkdirSync(work, { recursive: true });

const apis = apiNames();
const specs = Object.fromEntries(apis.map((api) => [api, JSON.parse(readFileSync(`${specsDist}${api}.json`, 'utf8')) as Json]));

await Promise.all(
  apis.map(async (api) => {
    const annotated = join(work, `${api}.json`);
    writeFileSync(annotated, JSON.stringify(annotateForDocs(specs[api] as Json)));
    const title = String(((specs[api] as Json).info as Json).title);
    try {
      await run(
        `${repoRoot}node_modules/.bin/redocly`,
        ['build-docs', annotated, '--inlineBundle', '--title', title, '-o', join(dist, `${api}.html`), '--lint-config', 'off'],
        { cwd: repoRoot, env },
      );
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string };
      throw new Error(`build-docs ${api} failed:\n${stdout ?? ''}${stderr ?? ''}`);
    }
  }),
);
rmSync(work, { recursive: true, force: true });
for (const name of [...apis, joinedName]) {
  for (const ext of ['json', 'yaml']) copyFileSync(`${specsDist}${name}.${ext}`, join(dist, 'specs', `${name}.${ext}`));
}

const inferred: Inferred[] = apis.flatMap((api) => collectInferred(api, specs[api] as Json));
const schedules: Schedule[] = apis.flatMap((api) => collectSchedules(api, specs[api] as Json));

function summaryOf(spec: Json): string {
  const description = String((spec.info as Json).description ?? '');
  return description.split('\n').find((line) => line.trim() && !line.startsWith('#')) ?? '';
}
function operationCount(spec: Json): number {
  return Object.values((spec.paths as Json) ?? {}).reduce<number>(
    (n, item) => n + Object.keys(item as Json).filter((k) => ['get', 'post'].includes(k)).length,
    0,
  );
}

const cards = apis
  .map((api, i) => {
    const spec = specs[api] as Json;
    const info = spec.info as Json;
    return `<div class="card"><h3><a href="${api}.html">Document ${i + 1}: ${escapeHtml(String(info.title))}</a></h3>
<p>${inlineCode(summaryOf(spec))}</p>
<p class="muted">${operationCount(spec)} operations · API version ${escapeHtml(String(info.version))} ·
<a href="specs/${api}.yaml">YAML</a> · <a href="specs/${api}.json">JSON</a></p></div>`;
  })
  .join('\n');

writeFileSync(
  join(dist, 'index.html'),
  page(
    'Home',
    `<p>The Feed data service is a read-only REST API for Brazilian investment-fund registry data and series,
government-bond and debenture prices, yield curves and index results. Three documents describe it; each has a
reference page here, generated from our OpenAPI 3.1 specs.</p>
<h2>Documents</h2>
<div class="docs">${cards}</div>
<p>All three in one file: <a href="specs/${joinedName}.yaml">${joinedName}.yaml</a> · <a href="specs/${joinedName}.json">${joinedName}.json</a>.
Where the documents leave something open, we chose a form and say so: <a href="inferred.html">${inferred.length} choices</a>.</p>
<h2>Quick start</h2>
<pre>npm install @assoc-feed/fundos-v2

import { createFundosV2Client } from '@assoc-feed/fundos-v2';

const feed = createFundosV2Client({
  clientId: process.env.FEED_CLIENT_ID,        // keep credentials on servers, never in a browser bundle
  clientSecret: process.env.FEED_CLIENT_SECRET,
  environment: 'sandbox',                      // or 'production', or baseUrl: 'http://127.0.0.1:4010'
});
const { data, error } = await feed.GET('/feed/fundos/v2/fundos', { params: { query: { size: 100 } } });

for await (const fund of feed.paginate('/feed/fundos/v2/fundos', {})) console.log(fund.content.codigo_fundo);</pre>
<p>Authentication (flow A) is automatic: the client requests a token with your <code>client_id</code> and
<code>client_secret</code>, sends the <code>client_id</code> and <code>access_token</code> headers on every call
and renews the token before it expires.</p>
<h2>Mock</h2>
<pre>pnpm mock          # Prism on http://127.0.0.1:4010 answering every operation of the three documents</pre>`,
    version,
  ),
);

const inferredRows = inferred
  .map(
    (x) =>
      `<tr><td>${escapeHtml(x.api)}</td><td><code>${escapeHtml(x.where)}</code></td><td>${inlineCode(x.choice)}</td><td>${inlineCode(x.reason)}</td></tr>`,
  )
  .join('\n');
writeFileSync(
  join(dist, 'inferred.html'),
  page(
    'Not shown: our choices',
    `<h2>What the documents leave open, and what we chose</h2>
<p>Generated from the <code>x-inferred</code> extension of the specs (${inferred.length} places). Each choice is
the most plausible form; if the service turns out to differ, the spec changes and so do the clients.</p>
<table><thead><tr><th>Document</th><th>Where</th><th>Our choice</th><th>Why</th></tr></thead><tbody>
${inferredRows}
</tbody></table>`,
    version,
  ),
);

const scheduleRows = schedules
  .map(
    (s) =>
      `<tr><td><code>${escapeHtml(s.method)} ${escapeHtml(s.path)}</code></td><td>${escapeHtml(s.frequency)}</td><td>${escapeHtml(s.time ?? '')}</td><td>${inlineCode(s.rule)}</td></tr>`,
  )
  .join('\n');
writeFileSync(
  join(dist, 'schedules.html'),
  page(
    'Release schedules',
    `<h2>When is today's data there?</h2>
<p>Release schedule of each endpoint of document 3 (times are Brasília time), from the <code>x-release-schedule</code> extension of the spec.
Before its release time, a call without <code>data</code> answers the previous period.</p>
<table><thead><tr><th>Endpoint</th><th>Frequency</th><th>From</th><th>Rule</th></tr></thead><tbody>
${scheduleRows}
</tbody></table>`,
    version,
  ),
);
console.log(
  `docs: ${apis.length} reference pages, ${inferred.length} inferred choices, ${schedules.length} schedules → packages/docs/dist/`,
);
