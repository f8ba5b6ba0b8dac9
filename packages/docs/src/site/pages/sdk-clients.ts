// sdk-clients.html: the typed clients. First what a user sets and meets, each a table generated from the TSDoc
// of the built declarations (client options, per-call options, results, errors with every class and code,
// paging, exact numbers, logging and hooks, environment variables), then the API of each client package.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '@assoc-feed/specs-tooling/apis';
import { escapeHtml, inlineCode, page, type SiteContext } from '../html.ts';
import type { ApiItem, ApiPackage } from '../sdk/api-reference.ts';
import { apiAnchor, type SdkEntry, type SdkPage } from '../sdk/entries.ts';
import { envVars } from '../sdk/env-vars.ts';
import { docHtml, firstSentence, membersTable, renderPackageApi } from '../sdk/render-api.ts';

export const clientPackages = ['client', 'core', 'fundos-v2', 'fundos-v1', 'precos-indices'];
const FILE = 'sdk-clients.html';

/**
 * What each error code means when its class has no TSDoc of its own, or no class (a FeedError with that code).
 * The build fails when a code of FeedErrorCode has neither, so a new code cannot ship undocumented.
 */
const codeNotes: Record<string, string> = {
  not_found:
    '404: no such record, or a page past the last one. `paginate()` takes a 404 for the page after the last one the total implies as the end.',
  rate_limited:
    '429: too many calls. Retried (after `Retry-After` when the server sends one, within the retry budget); thrown or returned once retries are spent. `retryAfterMs` holds the wait the server asked for.',
  server_error: '5xx: the service failed. Retried like 429, then thrown or returned.',
  http_error: 'Any other non-2xx status the documents do not describe.',
  timeout: 'The deadline of the call (`timeoutMs`, retries and waits included) passed.',
  unexpected_response:
    'An answer the flow cannot use (e.g. a token endpoint answering an unexpected status).',
  response_truncated: 'The body ended before the length the server announced.',
  invalid_response: 'A 2xx body that is not the JSON the operation documents.',
  pagination_stalled:
    '`paginate()` stopped because a list paged by cursor stopped advancing: a cursor came back that was already requested.',
  pagination_inconsistent:
    '`paginate()` stopped at a page that contradicts the list: a 404, an empty or a short page inside the total, records past the total, or an answer for another page than the one asked. The message names the page.',
};

interface Sections {
  options: ApiItem;
  callOptions: ApiItem;
  hooks: ApiItem;
  paginateOptions?: ApiItem;
  errorCodes: string[];
  errorClasses: ApiItem[];
  core: ApiPackage;
}

function find(pkg: ApiPackage, name: string): ApiItem | undefined {
  for (const entry of pkg.entries) {
    const item = entry.items.find((i) => i.name === name && !i.reexportedFrom);
    if (item) return item;
  }
  return undefined;
}

function must(pkg: ApiPackage, name: string): ApiItem {
  const item = find(pkg, name);
  if (!item)
    throw new Error(`docs: ${pkg.name} no longer exports ${name}: update src/site/pages/sdk-clients.ts`);
  return item;
}

function sectionsOf(core: ApiPackage): Sections {
  const codeType = must(core, 'FeedErrorCode');
  const errorCodes = [...codeType.declaration.matchAll(/'([a-z_]+)'/g)].map((m) => m[1] as string);
  const errorClasses = core.entries
    .flatMap((e) => e.items)
    .filter((i) => i.kind === 'class' && /extends (?:FeedError|CodedError)\b/.test(i.declaration));
  const paginateOptions = find(core, 'PaginateOptions');
  return {
    options: must(core, 'DocumentClientOptions'),
    callOptions: must(core, 'CallOptions'),
    hooks: must(core, 'ClientHooks'),
    ...(paginateOptions ? { paginateOptions } : {}),
    errorCodes,
    errorClasses,
    core,
  };
}

const link = (specifier: string, name: string) =>
  `<a href="#${escapeHtml(apiAnchor(specifier, name))}"><code>${escapeHtml(name)}</code></a>`;

/**
 * The code each error class fixes, from core's built code (`named(NotFoundError, 'NotFoundError', 'not_found')`):
 * a class whose declaration does not narrow `code` to a literal still has one.
 */
function classCodes(): Map<string, string> {
  const dist = join(repoRoot, 'packages', 'core', 'dist');
  const codes = new Map<string, string>();
  // core's dist has a folder per concept (errors/, transport/, …): every built file is read, wherever it sits.
  for (const file of readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.endsWith('.js'),
  )) {
    const text = readFileSync(join(dist, file), 'utf8');
    for (const m of text.matchAll(/named\((\w+), '\w+', '([a-z_]+)'\)/g))
      codes.set(m[1] as string, m[2] as string);
  }
  return codes;
}

function errorsTable(s: Sections, entries: SdkEntry[]): string {
  const rows: string[] = [];
  const missing: string[] = [];
  const codes = classCodes();
  for (const code of s.errorCodes) {
    const cls = s.errorClasses.find(
      (c) => new RegExp(`readonly code: '${code}'`).test(c.declaration) || codes.get(c.name) === code,
    );
    const status = cls && /extends CodedError<'[a-z_]+', (\d[^,>]*)/.exec(cls.declaration)?.[1];
    const what = (cls?.doc || codeNotes[code]) ?? '';
    if (!what) missing.push(code);
    const className = cls ? cls.name : 'FeedError';
    rows.push(
      `<tr id="error-${code}"><td><code>${code}</code></td><td>${link('@assoc-feed/core', className)}</td><td>${status && status !== 'number' ? escapeHtml(status) : '—'}</td><td>${inlineCode(what)}</td></tr>`,
    );
    entries.push({
      kind: 'error',
      name: code,
      title: `${code} (${className}${status && status !== 'number' ? `, ${status}` : ''})`,
      text: [className, status ?? '', what].join(' '),
      sub: `Error code${status && status !== 'number' ? ` · HTTP ${status}` : ''} · ${className}: ${firstSentence(what)}`,
      url: `${FILE}#error-${code}`,
    });
  }
  if (missing.length) {
    throw new Error(
      `docs: the error codes ${missing.join(', ')} have no TSDoc on their class and no note in codeNotes (src/site/pages/sdk-clients.ts): say when each happens`,
    );
  }
  return `<table class="errors"><thead><tr><th>code</th><th>class</th><th>status</th><th>when</th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table>`;
}

function optionRows(
  item: ApiItem,
  prefix: string,
  kind: SdkEntry['kind'],
  what: string,
  entries: SdkEntry[],
) {
  for (const m of item.members) {
    entries.push({
      kind,
      name: m.name,
      title: m.name,
      text: `${m.doc} ${m.type}`,
      sub: `${what} (${item.name}): ${firstSentence(m.doc) || m.type}`,
      url: `${FILE}#${prefix}${m.name}`,
    });
  }
  return membersTable(item.members, (m) => `${prefix}${m.name}`);
}

export function sdkClientsPage(
  site: SiteContext,
  packages: ApiPackage[],
  pageOf: (name: string) => string,
): SdkPage {
  const core = packages.find((p) => p.dir === 'core');
  if (!core) throw new Error('docs: the clients page needs @assoc-feed/core');
  const s = sectionsOf(core);
  const entries: SdkEntry[] = [];
  const claimed = new Map<ApiItem, string>([
    [s.options, '#options'],
    [s.callOptions, '#call-options'],
    [s.hooks, '#logging-and-hooks'],
  ]);
  const apis = packages.map((pkg) => {
    const rendered = renderPackageApi(pkg, FILE, pageOf, (item) => claimed.get(item));
    entries.push(...rendered.entries);
    return `<h2 id="package-${pkg.dir}"><code>${escapeHtml(pkg.name)}</code></h2>
<p>${inlineCode(pkg.description)}</p>
<pre>npm install ${escapeHtml(pkg.name)}</pre>
${rendered.html}`;
  });
  const env = envVars
    .map(
      (v) =>
        `<tr id="env-${v.name}"><td><code>${v.name}</code></td><td>${escapeHtml(v.readBy)}</td><td>${inlineCode(v.meaning)}</td></tr>`,
    )
    .join('\n');
  for (const v of envVars) {
    entries.push({
      kind: 'env',
      name: v.name,
      title: v.name,
      text: v.meaning,
      sub: `Environment variable, read by ${v.readBy}`,
      url: `${FILE}#env-${v.name}`,
    });
  }
  const options = optionRows(s.options, 'option-', 'option', 'Client option', entries);
  const callOptions = optionRows(s.callOptions, 'call-option-', 'option', 'Per-call option', entries);
  const hooks = optionRows(s.hooks, 'hook-', 'option', 'Hook', entries);
  const paging = s.paginateOptions
    ? optionRows(s.paginateOptions, 'paginate-option-', 'option', 'paginate() option', entries)
    : '';
  const c = '@assoc-feed/core';
  const body = `<p>The typed clients of the three documents: <code>@assoc-feed/client</code> (all three on one token,
${link('@assoc-feed/client', 'createFeedClient')}), or one package per document. They share <code>@assoc-feed/core</code>:
its options, errors, paging and hooks are the same in all of them. Everything below is generated from the packages'
declarations and their TSDoc. New here? Read the <a href="sdk-guides.html">guides</a> first.</p>
<p class="toc"><a href="#options">Options</a> · <a href="#call-options">Per-call options</a> · <a href="#results">Results</a> ·
<a href="#errors">Errors</a> · <a href="#paging">Paging</a> · <a href="#exact-numbers">Exact numbers</a> ·
<a href="#logging-and-hooks">Logging and hooks</a> · <a href="#environment-variables">Environment variables</a> ·
${packages.map((p) => `<a href="#package-${p.dir}"><code>${escapeHtml(p.name)}</code></a>`).join(' · ')}</p>

<h2 id="options">Options of a client</h2>
<p>What <code>createFeedClient</code> and each document's factory take (${link(c, 'DocumentClientOptions')}).</p>
${docHtml(s.options.doc)}
${options}

<h2 id="call-options">Per-call options</h2>
<p>What a single call takes besides the operation's <code>params</code> (${link(c, 'CallOptions')}); they override the
client's options for that call.</p>
${callOptions}

<h2 id="results">Results</h2>
<p>A call resolves to <code>{ data, error, response }</code>: <code>data</code> on a 2xx, <code>error</code> (the typed error
body) otherwise, and the <code>response</code> always (status, headers, the request id). With
<a href="#option-throwOnError"><code>throwOnError: true</code></a> a non-2xx answer is thrown as its typed error
(below) and the result's type narrows to its success branch (${link(c, 'SuccessResult')}, ${link(c, 'CallResult')},
${link(c, 'ThrowsOn')}). Failures that are not an answer (network, timeout, too large a body, a refused redirect,
invalid input) always throw.</p>

<h2 id="errors">Errors</h2>
<p>Every error is a ${link(c, 'FeedError')}: <code>code</code>, <code>status</code>, <code>method</code>, <code>path</code>,
<code>body</code> (secrets redacted) and <code>requestId</code> (quote it to the operator). Test with
<code>instanceof</code> (e.g. ${link(c, 'RateLimitedError')}) or switch on <code>code</code>
(${link(c, 'FeedErrorCode')}); ${link(c, 'toFeedError')} turns a returned error into its class. Retries: network
errors, 429 and 5xx, by default 2, with jitter, <code>Retry-After</code> honoured, within a budget the client's calls
share (<a href="#option-retry"><code>retry</code></a>, ${link(c, 'RetryOptions')}, ${link(c, 'defaultRetryOn')}).</p>
${errorsTable(s, entries)}

<h2 id="paging">Paging</h2>
<p><code>client.paginate(path, init)</code> (${link(c, 'Paginator')}) walks a list page by page and yields its records,
stopping after the last page (page lists) or when the next cursor is null (E8); <code>.pages()</code> yields whole pages
(${link(c, 'Page')}). Only paginated lists are accepted (${link(c, 'PaginatedPath')}).</p>
${paging}

<h2 id="exact-numbers">Exact numbers</h2>
<p>With <a href="#option-numbers"><code>numbers: 'exact'</code></a>, every decimal field documented with more than
15 significant digits arrives as a string of the digits the service sent, and the types say so
(${link(c, 'ExactNumbers')}); the fields are listed by each document package's <code>/exact</code> entry point
(<code>exactFields</code>, <code>decimalRules</code>).</p>

<h2 id="logging-and-hooks">Logging and hooks</h2>
<p>The <a href="#option-logger"><code>logger</code></a> option (${link(c, 'Logger')}, <code>logLevel</code>) or
<code>FEED_LOG</code> gets request lines, token renewals and retries; the <a href="#option-hooks"><code>hooks</code></a>
(${link(c, 'ClientHooks')}) get each as an event (${link(c, 'RequestEvent')}, ${link(c, 'ResponseEvent')},
${link(c, 'RetryEvent')}, ${link(c, 'TokenEvent')}). No event or line holds a secret or a token.</p>
${hooks}

<h2 id="environment-variables">Environment variables</h2>
<table class="env"><thead><tr><th>Variable</th><th>Read by</th><th>What</th></tr></thead><tbody>
${env}
</tbody></table>

${apis.join('\n\n')}`;
  return {
    file: FILE,
    title: 'SDK: the typed clients',
    html: page(site, FILE, 'SDK: the typed clients', body),
    entries,
  };
}
