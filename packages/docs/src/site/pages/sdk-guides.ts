// sdk.html (the overview: the main entry points, linked to their sections) and sdk-guides.html (the stories a
// reader needs: first call, paging, errors and retries, testing with the mock, exporting data). Hand-written;
// every name they link is checked to exist (the build fails on a link to a section no page has), and their
// TypeScript blocks compile against the real packages (samples.test.ts).
import { escapeHtml, page, type SiteContext } from '../html.ts';
import type { SdkEntry, SdkPage } from '../sdk/entries.ts';

/** A TypeScript block; the blocks of one module read as one file, in page order (compiled by the tests). */
function ts(module: string, code: string): string {
  return `<pre class="ts" data-ts-module="${module}">${escapeHtml(code)}</pre>`;
}

const code = (name: string, href: string) => `<a href="${href}"><code>${escapeHtml(name)}</code></a>`;

export const guides = [
  { id: 'first-call', title: 'First call' },
  { id: 'paging', title: 'Paging through a list' },
  { id: 'errors-and-retries', title: 'Errors and retries' },
  { id: 'testing-with-the-mock', title: 'Testing with the mock and the sandbox' },
  { id: 'exporting-data', title: 'Exporting data' },
  { id: 'copy-in-a-bucket', title: 'A Parquet copy in a bucket, on a schedule' },
] as const;

export function sdkOverviewPage(site: SiteContext): SdkPage {
  const FILE = 'sdk.html';
  const body = `<p>What you install to use the Feed data service from TypeScript and JavaScript (Node 20.19+), and what you run
it with. Every page of this part is generated from the packages themselves (their declarations, TSDoc and command
definitions), so it says what the release you install does.</p>

<h2 id="clients">The clients</h2>
<p>${code('createFeedClient', 'sdk-clients.html#client.createFeedClient')} from <code>@assoc-feed/client</code> gives one
client for all three documents, on one token; each document also has its own package (<code>createFundosV2Client</code>,
<code>createFundosV1Client</code>, <code>createPrecosIndicesClient</code>). Calls are typed by path: <code>client.fundosV2.GET(path,
{ params })</code> resolves to <code>{ data, error, response }</code>. The <a href="sdk-clients.html#options">options</a>
set the target, the credentials, the deadline (<code>timeoutMs</code>), the retries (<code>retry</code>), the largest
body read (${code('maxResponseBytes', 'sdk-clients.html#option-maxResponseBytes')}), exact decimals
(<code>numbers</code>), the logger and the hooks. With ${code('throwOnError', 'sdk-clients.html#option-throwOnError')}
a non-2xx answer is thrown as its typed error: ${code('NotFoundError', 'sdk-clients.html#error-not_found')} (404),
${code('RateLimitedError', 'sdk-clients.html#error-rate_limited')} (429, retried first), and the
<a href="sdk-clients.html#errors">other error classes and codes</a>. ${code('paginate', 'sdk-clients.html#paging')}
walks a whole list. The ${code('onRetry', 'sdk-clients.html#hook-onRetry')} hook (with <code>onRequest</code>,
<code>onResponse</code>, <code>onToken</code>) observes each call; <code>FEED_LOG=debug</code> logs them.
<a href="sdk-clients.html#call-options">Per-call options</a> override the client's for one call;
<a href="sdk-clients.html#environment-variables">environment variables</a> set the hosts and the log.</p>

<h2 id="cli">The command line</h2>
<p><code>assoc-feed</code> (<code>@assoc-feed/cli</code>): ${code('assoc-feed export', 'sdk-cli.html#command-export')}
writes every record of a list as NDJSON, CSV or JSON, and resumes after an interruption;
${code('assoc-feed backfill', 'sdk-cli.html#command-backfill')} one request per date over a range;
${code('assoc-feed sync', 'sdk-cli.html#command-sync')} keeps a local Parquet copy of the service up to date, run after run;
${code('assoc-feed get', 'sdk-cli.html#command-get')} any GET; ${code('assoc-feed auth check', 'sdk-cli.html#command-auth-check')}
your credentials; ${code('assoc-feed conform', 'sdk-cli.html#command-conform')} the spec against the service. See its
<a href="sdk-cli.html#exit-codes">exit codes</a> and <a href="sdk-cli.html#output-formats">output formats</a>.</p>

<h2 id="mcp">For AI assistants</h2>
<p><a href="sdk-mcp.html">The MCP server</a> (<code>@assoc-feed/mcp</code>, <code>npx -y @assoc-feed/mcp</code>) gives an AI
assistant (Claude, Copilot, an IDE agent) the Feed API as four tools: ${code('list_operations', 'sdk-mcp.html#list_operations')} to find an
operation, ${code('describe_operation', 'sdk-mcp.html#describe_operation')} to read its parameters and fields, and
${code('call_operation', 'sdk-mcp.html#call_operation')} to call it, with the service's decimals exact, and
${code('find_fund', 'sdk-mcp.html#find_fund')} to find a fund by name or CNPJ; <code>--sandbox</code>
answers from generated data with no account.</p>

<h2 id="mock-and-sandbox">The mock and the sandbox</h2>
<p><a href="sdk-mock.html">The mock</a> (<code>@assoc-feed/mock</code>): every operation answers its spec example.
${code('startMock', 'sdk-mock.html#mock.startMock')} starts it on a free port, <code>npx assoc-feed-mock</code> from a
shell, ${code('createFeedHandlers', 'sdk-mock.html#mock-msw.createFeedHandlers')} gives MSW handlers instead, and the
vitest and Jest global set-ups start it for a test run.</p>
<p><a href="sdk-sandbox.html">The sandbox</a> (<code>@assoc-feed/sandbox</code>): stateful and seeded, with tokens that
expire, paging with totals, filters and date rules. ${code('startSandbox', 'sdk-sandbox.html#sandbox.startSandbox')}
serves it on a port (<code>npx assoc-feed-sandbox</code>, <a href="sdk-sandbox.html#command-assoc-feed-sandbox">its
flags</a>); ${code('createSandboxHandlers', 'sdk-sandbox.html#sandbox-msw.createSandboxHandlers')} runs the same sandbox
in-process as MSW handlers, without a port; its vitest and Jest set-ups start it for a test run.</p>

<h2 id="guides">Guides</h2>
<ul>${guides.map((g) => `<li><a href="sdk-guides.html#${g.id}">${escapeHtml(g.title)}</a></li>`).join('')}</ul>

<h2 id="more">Also</h2>
<p><a href="sdk-specs.html">The specs package</a> (<code>@assoc-feed/specs</code>: the bundled OpenAPI files and a model to
read them) · <a href="index.html">the service reference</a> (the three documents, their operations and fields) ·
<a href="inferred.html">what the documents do not show, and what we chose</a>.</p>`;
  const entries: SdkEntry[] = [
    {
      kind: 'guide',
      name: 'SDK',
      title: 'SDK overview: clients, CLI, mock and sandbox',
      text: 'clients createFeedClient throwOnError maxResponseBytes paginate onRetry command line assoc-feed export mock sandbox startSandbox createSandboxHandlers',
      sub: 'The SDK: what to install and where each part is documented',
      url: FILE,
    },
  ];
  return {
    file: FILE,
    title: 'SDK: clients, command line, mock and sandbox',
    html: page(site, FILE, 'SDK: clients, command line, mock and sandbox', body),
    entries,
  };
}

export function sdkGuidesPage(site: SiteContext): SdkPage {
  const FILE = 'sdk-guides.html';
  const sections: Record<(typeof guides)[number]['id'], string> = {
    'first-call': `<p>Install a client, give it your credentials and a target, and call an operation by its path (the all-documents
client has one client per document: <code>fundosV2</code>, <code>fundosV1</code>, <code>precosIndices</code>). The
parameters and the answer are typed from the spec; a wrong parameter does not compile.</p>
<pre>npm install @assoc-feed/client</pre>
${ts(
  'guide-first-call',
  `import { createFeedClient } from '@assoc-feed/client';

const client = createFeedClient({
  clientId: process.env.FEED_CLIENT_ID!,
  clientSecret: process.env.FEED_CLIENT_SECRET!,
  environment: 'sandbox',
});

const { data, error, response } = await client.fundosV2.GET('/feed/fundos/v2/fundos', {
  params: { query: { page: 0, size: 10 } },
});
if (error) console.error(response.status, error);
else if (data) console.log(data.content.length, 'funds of', data.totalSize);`,
)}
<p>The hosts of <code>'production'</code> and <code>'sandbox'</code> are placeholders until you set them
(<a href="sdk-clients.html#env-FEED_BASE_URL"><code>FEED_BASE_URL</code></a>, <code>FEED_SANDBOX_BASE_URL</code> or the
<a href="sdk-clients.html#option-hosts"><code>hosts</code></a> option); a <code>baseUrl</code> points the client anywhere
else (the mock, the local sandbox).</p>`,
    paging: `<p>Lists come in pages. <code>paginate(path, init)</code> yields every record, page after page, and stops
after the last page; <code>pages(path, init)</code> yields whole pages instead, with their totals
(<a href="sdk-clients.html#paging">paging reference</a>).</p>
${ts(
  'guide-paging',
  `import { createFeedClient } from '@assoc-feed/client';

const client = createFeedClient({ clientId: 'id', clientSecret: 'secret', environment: 'sandbox' });
let count = 0;
for await (const fund of client.fundosV2.paginate('/feed/fundos/v2/fundos', { params: { query: { size: 1000 } } })) {
  count++;
  if (count === 1) console.log(fund.codigo_fundo);
}
console.log(count, 'funds');`,
)}`,
    'errors-and-retries': `<p>By default a call returns <code>{ error }</code> for a non-2xx answer. With
<a href="sdk-clients.html#option-throwOnError"><code>throwOnError: true</code></a> it throws the typed error instead,
and <code>data</code> is never undefined. Network errors, 429 and 5xx are retried first (2 retries by default, with
jitter, <code>Retry-After</code> honoured); the <a href="sdk-clients.html#hook-onRetry"><code>onRetry</code></a> hook
sees each retry. Every class and code is in the <a href="sdk-clients.html#errors">errors reference</a>.</p>
${ts(
  'guide-errors',
  `import { createFeedClient, FeedError, NotFoundError, RateLimitedError, type RetryEvent } from '@assoc-feed/client';

const client = createFeedClient({
  clientId: 'id',
  clientSecret: 'secret',
  environment: 'sandbox',
  throwOnError: true,
  timeoutMs: 10_000,
  retry: { maxRetries: 3 },
  hooks: {
    onRetry: (event: RetryEvent) => console.warn(\`retry \${event.retry} of \${event.path} in \${event.delayMs} ms\`),
  },
});

try {
  const { data } = await client.fundosV2.GET('/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}', {
    params: { path: { codigo_fundo_ou_classe_ou_subclasse: 'F0000100007' } },
  });
  console.log(data);
} catch (error: unknown) {
  if (error instanceof NotFoundError) console.log('no such fund');
  else if (error instanceof RateLimitedError) console.log('slow down; the server asked for', error.retryAfterMs, 'ms');
  else if (error instanceof FeedError) console.log(error.code, error.status, error.requestId);
  else throw error;
}`,
)}`,
    'testing-with-the-mock': `<p>Test your code without the real service. <a href="sdk-mock.html">The mock</a> answers every
operation with the spec's example; <a href="sdk-sandbox.html">the sandbox</a> behaves like the service (tokens that
expire, paging with totals, 404 past the last page, filters, date rules) on seeded data. Both start on a free port:</p>
${ts(
  'guide-testing',
  `import { createFeedClient } from '@assoc-feed/client';
import { startMock } from '@assoc-feed/mock';
import { startSandbox } from '@assoc-feed/sandbox';

const mock = await startMock();
const viaMock = createFeedClient({ clientId: 'any', clientSecret: 'any', baseUrl: mock.url });
console.log((await viaMock.fundosV2.GET('/feed/fundos/v2/fundos')).data);
await mock.stop();

const sandbox = await startSandbox({ seed: 1 });
const viaSandbox = createFeedClient({ clientId: 'sandbox-client', clientSecret: 'sandbox-secret', baseUrl: sandbox.url });
console.log((await viaSandbox.fundosV2.GET('/feed/fundos/v2/fundos', { params: { query: { size: 2 } } })).data);
await sandbox.stop();`,
)}
<p>Without a port: <a href="sdk-sandbox.html#sandbox-msw.createSandboxHandlers"><code>createSandboxHandlers()</code></a>
(MSW 2) answers every request under the sandbox's base URL in-process:</p>
<pre>import { createSandboxHandlers } from '@assoc-feed/sandbox/msw';
import { setupServer } from 'msw/node';

const sandbox = createSandboxHandlers({ funds: 250 });
const server = setupServer(...sandbox.handlers);
// beforeAll(() =&gt; server.listen()); afterAll(() =&gt; server.close());</pre>
<p>For a whole test run, the <a href="sdk-mock.html#module-mock-vitest-global-setup">vitest</a> and
<a href="sdk-mock.html#module-mock-jest-global-setup">Jest</a> global set-ups start one mock (or
<a href="sdk-sandbox.html#module-sandbox-vitest-global-setup">one sandbox</a>) and hand its URL to the tests
(<a href="sdk-clients.html#env-FEED_MOCK_URL"><code>FEED_MOCK_URL</code></a>,
<a href="sdk-clients.html#env-FEED_SANDBOX_URL"><code>FEED_SANDBOX_URL</code></a>).</p>`,
    'exporting-data': `<p>To get a whole list into a file, use the command line:
<a href="sdk-cli.html#command-export"><code>assoc-feed export</code></a> reads every page (several at a time) and writes
NDJSON, CSV or JSON in page order; <a href="sdk-cli.html#command-backfill"><code>assoc-feed backfill</code></a> makes one
request per business day (or month) of a range.</p>
<pre>export FEED_CLIENT_ID=… FEED_CLIENT_SECRET=…
npx assoc-feed export /feed/fundos/v2/fundos --environment sandbox --format csv --out funds.csv
npx assoc-feed backfill /feed/precos-indices/v1/titulos-publicos/vna --from 2026-01-02 --to 2026-01-30 --out vna.ndjson</pre>
<p>Interrupted (Ctrl-C, a lost connection after its retries), the same command resumes from its checkpoint beside
<code>--out</code>; <code>--restart</code> starts over (<a href="sdk-cli.html#resume">resume</a>,
<a href="sdk-cli.html#exit-codes">exit codes</a>). <code>--dry-run</code> prints the requests it would send.</p>`,
    'copy-in-a-bucket': `<p><a href="sdk-cli.html#command-sync"><code>assoc-feed sync</code></a> keeps a Parquet copy of the
service, each run asking only what is missing or newly released. With <code>--out-dir s3://BUCKET/PREFIX</code> the copy
lives in an S3-compatible bucket (AWS S3, MinIO, Ceph RGW, R2, GCS's interoperability endpoint) with the layout of a
local one: <code>PREFIX/&lt;operationId&gt;/&lt;date column&gt;=YYYY-MM-DD/part-&lt;n&gt;.parquet</code> and the manifest
<code>PREFIX/_sync.json</code>. Credentials come from the AWS SDK's own chain (<code>AWS_ACCESS_KEY_ID</code>,
<code>AWS_SECRET_ACCESS_KEY</code>, <code>AWS_PROFILE</code>, a role); <code>--s3-endpoint URL</code> or
<code>AWS_ENDPOINT_URL_S3</code> names an S3-compatible store, addressed by path.</p>
<p>Parts are uploaded under names no manifest names yet, and the manifest is written once, at the end of the run,
then the parts it stopped naming are deleted: a reader starting from <code>_sync.json</code> sees whole runs, and an
engine listing the prefix may see a replaced partition's old and new part while a run is going. A run killed at any
moment leaves its pending names in its lock object <code>PREFIX/_sync.lock</code>; the next run deletes those the
manifest does not name. The prefix is never listed, so objects you keep there are never deleted. A second run
while one holds the lock is refused.</p>
<p>A scheduled GitHub Actions job, the credentials in the repository's secrets:</p>
<pre>name: feed-copy
on:
  schedule:
    - cron: "30 0 * * 2-6"   # 21:30 Brasília, Monday to Friday
concurrency: feed-copy
jobs:
  sync:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/setup-node@v4
        with:
          node-version: 20
      - run: npx -y @assoc-feed/cli sync --out-dir s3://my-feed-copy/feed --quiet
        env:
          FEED_CLIENT_ID: \${{ secrets.FEED_CLIENT_ID }}
          FEED_CLIENT_SECRET: \${{ secrets.FEED_CLIENT_SECRET }}
          AWS_ACCESS_KEY_ID: \${{ secrets.AWS_ACCESS_KEY_ID }}
          AWS_SECRET_ACCESS_KEY: \${{ secrets.AWS_SECRET_ACCESS_KEY }}
          AWS_REGION: us-east-1</pre>
<p>Reading it, one operation per table:</p>
<pre>-- DuckDB: the httpfs extension (INSTALL httpfs; LOAD httpfs) and a secret for the bucket
CREATE SECRET (TYPE s3, PROVIDER credential_chain);
SELECT * FROM read_parquet('s3://my-feed-copy/feed/precosIndicesTitulosPublicosMercadoSecundarioTpf/**/*.parquet',
                           hive_partitioning = true);

# Spark: the hadoop-aws jar matching Spark's Hadoop, fs.s3a credentials
# (fs.s3a.endpoint and fs.s3a.path.style.access=true for an S3-compatible store)
spark.read.parquet("s3a://my-feed-copy/feed/fundosV2ListSeriesBatch")

-- Trino: a hive connector catalog with S3 access (fs.native-s3.enabled=true, s3.region or s3.endpoint)
CREATE TABLE hive.feed.tpf (data_vencimento date, taxa_indicativa decimal(19,4), codigo_selic varchar, data date)
WITH (external_location = 's3://my-feed-copy/feed/precosIndicesTitulosPublicosMercadoSecundarioTpf/',
      format = 'PARQUET', partitioned_by = ARRAY['data']);
CALL hive.system.sync_partition_metadata('feed', 'tpf', 'ADD');</pre>
<p>Tested: the bucket copy against s3rver, an S3-compatible server the CLI's tests start (written, read back through
the S3 API and compared row for row with a local copy, killed and run again, locked, restarted). Not tested: AWS S3,
MinIO, R2 and the other stores themselves, and the DuckDB, Spark and Trino lines above. The CLI's README has the
details (exit codes, the lock on stores that ignore conditional writes).</p>`,
  };
  const body = `<p>Short stories for the common tasks; the <a href="sdk.html">SDK overview</a> links the full reference.</p>
<p class="toc">${guides.map((g) => `<a href="#${g.id}">${escapeHtml(g.title)}</a>`).join(' · ')}</p>
${guides.map((g) => `<h2 id="${g.id}">${escapeHtml(g.title)}</h2>\n${sections[g.id]}`).join('\n\n')}`;
  const entries: SdkEntry[] = guides.map((g) => ({
    kind: 'guide',
    name: g.title,
    title: g.title,
    text: sections[g.id].replace(/<[^>]+>/g, ' '),
    sub: 'SDK guide',
    url: `${FILE}#${g.id}`,
  }));
  return { file: FILE, title: 'SDK guides', html: page(site, FILE, 'SDK guides', body), entries };
}
