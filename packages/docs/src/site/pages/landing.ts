// index.html: what the service is, search, the three documents, a quick start, the mock and the sandbox,
// the downloads and the version.
import { operationHref } from '../anchors.ts';
import { clientOf, getCall, paginateCall } from '../code-samples.ts';
import { escapeHtml, inlineCode, page, type SiteContext } from '../html.ts';
import { isPaginated, type Operation } from '../operations.ts';

export interface LandingDocument {
  api: string;
  number: number;
  title: string;
  summary: string;
  apiVersion: string;
  tags: string[];
  operations: Operation[];
}
export interface LandingInput {
  documents: LandingDocument[];
  inferredCount: number;
  /** How many of the inferred choices rest on the documents, on public clients, on a guess. */
  inferredByBasis: { document: number; 'public-clients': number; guess: number };
  scheduleCount: number;
  downloads: { file: string; what: string }[];
}

function card(d: LandingDocument): string {
  const gets = d.operations.filter((o) => o.method === 'get').length;
  return `<div class="card">
<h3><a href="${d.api}.html">Document ${d.number}: ${escapeHtml(d.title)}</a></h3>
<p>${inlineCode(d.summary)}</p>
<p class="muted">${escapeHtml(d.tags.join(' · '))}</p>
<p class="muted">${d.operations.length} operations (${gets} GET) · API version ${escapeHtml(d.apiVersion)} ·
client <code>${clientOf(d.api).packageName}</code> · spec <a href="specs/${d.api}.yaml">YAML</a> · <a href="specs/${d.api}.json">JSON</a></p>
</div>`;
}

/**
 * A TypeScript block. Blocks of one `module` read as one file, in page order (the quick start's setup, first
 * call and paging): the browser tests compile them against the real clients, as a reader would paste them.
 */
function ts(module: string, code: string): string {
  return `<pre class="ts" data-ts-module="${module}">${escapeHtml(code)}</pre>`;
}

function quickStart(documents: LandingDocument[], doc: LandingDocument): string {
  const { packageName, factory } = clientOf(doc.api);
  const width = Math.max(...documents.map((d) => clientOf(d.api).packageName.length));
  const installs = documents
    .map((d) => `npm install ${clientOf(d.api).packageName.padEnd(width)}   # document ${d.number}`)
    .join('\n');
  const gets = doc.operations.filter((o) => o.method === 'get');
  const first = gets.find((o) => o.parameters.some((p) => p.in === 'path')) ?? gets[0];
  const list = gets.find(isPaginated);
  return `<h2 id="quick-start">Quick start</h2>
<h3>1. Install</h3>
<p>One typed client per document (they share <code>@assoc-feed/core</code>), or all three on one token with
<code>npm install @assoc-feed/client</code>; the samples below use document ${doc.number}'s. ES modules and
CommonJS (<code>require()</code>, Node 20.19+) both work:</p>
<pre>${escapeHtml(installs)}</pre>
<h3>2. Authenticate</h3>
<p>Flow A is built in: the client requests a token from <code>POST /oauth/access-token</code> with your
<code>client_id</code> and <code>client_secret</code> on first use, sends the <code>client_id</code> and
<code>access_token</code> headers on every call and renews the token before it expires. Credentials are secrets:
use the clients on servers, never in a browser bundle.</p>
<p id="hosts"><strong>Hosts are placeholders.</strong> The documents write <code>{base_url}</code> and
<code>{sandbox_base_url}</code> and name no host, so the hosts of <code>environment: 'production'</code> and
<code>'sandbox'</code> are placeholders (<code>.example</code>). Set the real ones once, from your contract:
<code>FEED_BASE_URL</code> and <code>FEED_SANDBOX_BASE_URL</code> in the environment, or the <code>hosts</code>
option. Until then a call fails before anything is sent, with a <code>ConfigurationError</code> saying how to set
them. <code>FEED_LOG=debug</code> shows each request, its status and time, retries and token renewals.</p>
${ts(
  'quick-start',
  `import { ${factory} } from '${packageName}';

const client = ${factory}({
  clientId: process.env.FEED_CLIENT_ID!,
  clientSecret: process.env.FEED_CLIENT_SECRET!,
  environment: 'production', // or 'sandbox', or baseUrl: 'http://127.0.0.1:4010' (the mock)
});`,
)}
${
  first
    ? `<h3>3. First call</h3>
<p>Calls are typed by path: parameters and answers are checked against the spec
(<a href="${escapeHtml(operationHref(first))}">${escapeHtml(first.summary)}</a>).</p>
${ts(
  'quick-start',
  `${getCall(first)}
if (error) console.error(error); // typed error body; status and request id on the response
else console.log(data);`,
)}`
    : ''
}
${
  list
    ? `<h3>4. Paging</h3>
<p>Lists come in pages (<code>page</code> from 0, <code>size</code> up to the document's maximum).
<code>paginate</code> walks them all, page by page, and stops after the last one
(<a href="${escapeHtml(operationHref(list))}">${escapeHtml(list.summary)}</a>):</p>
${ts('quick-start', paginateCall(list))}`
    : ''
}
<h3>5. Without the real service: the mock and the sandbox</h3>
<p><strong>The mock</strong> answers every operation of the three documents with the spec's examples (Prism, static and
deterministic; any non-empty <code>client_id</code>/<code>access_token</code> is accepted):</p>
<pre>npm install --save-dev @assoc-feed/mock
npx assoc-feed-mock           # http://127.0.0.1:4010, all three documents on one port</pre>
${ts(
  'mock',
  `import { ${factory} } from '${packageName}';
import { startMock } from '@assoc-feed/mock';

const mock = await startMock(); // a free port on 127.0.0.1
const client = ${factory}({ clientId: 'any', clientSecret: 'any', baseUrl: mock.url });
// …
await mock.stop();`,
)}
<p><strong>The sandbox</strong> is stateful, with a seeded, deterministic data set: tokens that expire, pages with
totals and a 404 past the last page, filters, date windows and latest-date defaults. With
<code>--validate-with-prism</code> (<code>validateWithPrism: true</code>, with <code>@assoc-feed/mock</code> installed
too) Prism checks each of its answers against the spec. It is its own package, <code>@assoc-feed/sandbox</code>
(<code>npx assoc-feed-sandbox</code>). Its default credentials are <code>sandbox-client</code> / <code>sandbox-secret</code>:</p>
<pre>npm install --save-dev @assoc-feed/sandbox
npx assoc-feed-sandbox        # http://127.0.0.1:4011</pre>
${ts(
  'sandbox',
  `import { ${factory} } from '${packageName}';
import { startSandbox } from '@assoc-feed/sandbox';

const sandbox = await startSandbox(); // a URL and a stop function
const client = ${factory}({ clientId: 'sandbox-client', clientSecret: 'sandbox-secret', baseUrl: sandbox.url });
// …${doc.api === 'fundos-v2' ? " a fund the sandbox has: F0000100007 (its list: paginate('/feed/fundos/v2/fundos'))" : ''}
await sandbox.stop();`,
)}`;
}

export function landingPage(site: SiteContext, input: LandingInput): string {
  const [firstDoc] = input.documents;
  const downloads = input.downloads
    .map(
      (d) =>
        `<tr><td><a href="specs/${d.file}">${escapeHtml(d.file)}</a></td><td>${escapeHtml(d.what)}</td></tr>`,
    )
    .join('\n');
  const body = `<p>The <strong>Feed data service</strong> is a read-only REST API (every feed call is a <code>GET</code> answering
JSON over HTTPS) for Brazilian investment-fund registry data and series, government-bond and debenture prices,
yield curves and index results. Three documents describe it; each has a reference page here, generated from our
OpenAPI 3.1 specs, with samples for the typed clients. This is release <strong>${escapeHtml(site.version)}</strong>
of the specs, clients, mock and docs (one version for all; see the <a href="changelog.html">changelog</a>).</p>

<section class="search-box" aria-label="Search">
<label for="search"><strong>Search the three documents and the SDK</strong>: operations, paths, response fields, parameters, sections; client options, errors, CLI flags</label>
<input id="search" type="search" placeholder="e.g. valor_cota, curvas-juros, E8, rate limits, throwOnError, --out" autocomplete="off" spellcheck="false" disabled>
<p id="search-status" aria-live="polite">Loading the search…</p>
<ol id="search-results"></ol>
</section>

<p class="sdk-link"><strong><a href="sdk.html">The SDK</a></strong>: the typed clients (options, errors, paging, hooks),
the <code>assoc-feed</code> command line, the mock and the sandbox, with guides.</p>

<h2>The documents</h2>
<div class="docs">
${input.documents.map(card).join('\n')}
</div>
<p>Also: <a href="inferred.html">what the documents do not show, and what we chose</a> (${input.inferredCount} choices:
<span class="basis-counts">${input.inferredByBasis.document} on the documents, ${input.inferredByBasis['public-clients']} on public clients of the real service, ${input.inferredByBasis.guess} guesses</span>) ·
<a href="schedules.html">release schedules</a> of document 3 (${input.scheduleCount} endpoints) ·
<a href="changelog.html">changelog</a>.</p>

${firstDoc ? quickStart(input.documents, firstDoc) : ''}

<h2 id="downloads">Downloads</h2>
<p>The bundled specs (one file per document, no external references) and the three joined in one, as the clients,
the mock and these pages use them.</p>
<table class="downloads"><thead><tr><th>File</th><th>What</th></tr></thead><tbody>
${downloads}
</tbody></table>`;
  return page(site, 'index.html', 'Feed data service', body, [
    'assets/minisearch.js',
    'assets/search-tokenize.js',
    'assets/search-index.js',
    'assets/search.js',
  ]);
}
