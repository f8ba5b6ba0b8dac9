// Builds packages/docs/dist/ (run from packages/docs: its `build` script):
//   index.html            what the service is, search, the documents, quick start, mock and sandbox, downloads
//   <api>.html            one self-contained Redoc page per document, with code samples for the typed clients
//   inferred.html         every x-inferred choice, grouped by document, linked to its operation
//   schedules.html        the release schedules (document 3)
//   changelog.html        the released changelog, or "no release yet", and the pending changesets
//   specs/                the bundled specs (JSON and YAML), each document and the joined one
//   assets/               styles, the search (MiniSearch's browser build, our tokenizer, the index, the UI)

import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSpecModel } from '@assoc-feed/specs/model';
import { repoRoot } from '@assoc-feed/specs-tooling/apis';
import { missingRoutes, operationRoute, sectionRoute, tagRoute } from './anchors.ts';
import { annotateForDocs } from './annotate.ts';
import { pendingChanges, releasedChangelog } from './changelog.ts';
import { redocCodeSampleOptions, withCodeSamples } from './code-samples.ts';
import { collectInferred, collectSchedules, countByBasis } from './extensions.ts';
import { responseFields } from './fields.ts';
import { type SiteContext, siteHeader } from './html.ts';
import { documentTitle, type Json, loadDocuments, releaseVersion, specFiles, specsDir } from './inputs.ts';
import { listOperations } from './operations.ts';
import { changelogPage } from './pages/changelog.ts';
import { inferredPage } from './pages/inferred.ts';
import { landingPage } from './pages/landing.ts';
import { schedulesPage } from './pages/schedules.ts';
import { clientPackages, sdkClientsPage } from './pages/sdk-clients.ts';
import { sdkGuidesPage, sdkOverviewPage } from './pages/sdk-guides.ts';
import { sdkMcpPage } from './pages/sdk-mcp.ts';
import { sdkCliPage, sdkToolPage } from './pages/sdk-tools.ts';
import { buildRedocPage } from './redoc.ts';
import { readApiPackages } from './sdk/api-reference.ts';
import { readCli, readServerUsages } from './sdk/cli-reference.ts';
import { assertNoOutsideFiles, type SdkPage } from './sdk/entries.ts';
import { undocumentedEnvVars } from './sdk/env-vars.ts';
import { checkSdkLinks, sdkSearchDocuments } from './sdk/site.ts';
import { descriptionSections, searchDocuments, searchIndexScript } from './search-index.ts';
import { oneLineSummary } from './summary.ts';
import { componentUsers } from './usage.ts';

const started = Date.now();
// The site is written to a folder beside dist/ and moved in place at the end: a failed build leaves the last good
// site, and a server (or test) reading dist/ meanwhile never sees it half written.
const finalDist = join(process.cwd(), 'dist');
const dist = join(process.cwd(), 'node_modules', '.cache', `docs-build-${process.pid}`);
process.on('exit', () => rmSync(dist, { recursive: true, force: true }));
const assets = join(dist, 'assets');
rmSync(dist, { recursive: true, force: true });
mkdirSync(join(dist, 'specs'), { recursive: true });
mkdirSync(assets, { recursive: true });

const version = releaseVersion();
const documents = loadDocuments();
const operations = new Map(documents.map((d) => [d.api, listOperations(d)]));
const opsOf = (api: string) => operations.get(api) ?? [];
/** What the search indexes of a document besides its operations: its introduction, sections and tags. */
function proseOf(doc: (typeof documents)[number]) {
  const info = (doc.spec.info as Json | undefined) ?? {};
  const { intro, sections } = descriptionSections(String(info.description ?? ''));
  const tags = ((doc.spec.tags as { name: string; description?: string }[] | undefined) ?? [])
    .filter((tag) => opsOf(doc.api).some((op) => op.tag === tag.name))
    .map((tag) => ({ name: tag.name, description: tag.description ?? '' }));
  return { title: documentTitle(doc), intro, sections, tags };
}
const site: SiteContext = {
  version,
  documents: documents.map((d) => ({ api: d.api, number: d.number, title: documentTitle(d) })),
};

/**
 * The SDK pages: the clients, the CLI, the mock, the sandbox and the specs package, from their API reports,
 * built declarations and command definitions, and the hand-written overview and guides.
 */
async function buildSdkPages(): Promise<SdkPage[]> {
  const missingVars = undocumentedEnvVars();
  if (missingVars.length) {
    throw new Error(
      `docs: environment variables the packages read but src/site/sdk/env-vars.ts does not document: ${missingVars.join(', ')}`,
    );
  }
  const packages = readApiPackages([...clientPackages, 'mock', 'sandbox', 'specs']);
  const pageOfDir: Record<string, string> = {
    mock: 'sdk-mock.html',
    sandbox: 'sdk-sandbox.html',
    specs: 'sdk-specs.html',
  };
  const pageOf = (name: string) => pageOfDir[name.replace(/^@assoc-feed\//, '')] ?? 'sdk-clients.html';
  const pkg = (dir: string) => packages.find((p) => p.dir === dir) as (typeof packages)[number];
  const cli = await readCli();
  const usages = await readServerUsages();
  const pages = [
    sdkOverviewPage(site),
    sdkGuidesPage(site),
    sdkClientsPage(site, clientPackages.map(pkg), pageOf),
    sdkCliPage(site, cli),
    sdkToolPage(
      site,
      {
        file: 'sdk-mock.html',
        title: 'SDK: the mock',
        intro:
          '<p><code>@assoc-feed/mock</code>: Prism serving the three documents joined, every operation answering its spec example (static and deterministic; any non-empty <code>client_id</code>/<code>access_token</code> is accepted). Start it from a shell, from code (<code>startMock</code>), as MSW handlers (<code>@assoc-feed/mock/msw</code>) or for a whole test run (the vitest and Jest global set-ups).</p>',
        pkg: pkg('mock'),
        usage: usages.mock,
      },
      pageOf,
    ),
    sdkToolPage(
      site,
      {
        file: 'sdk-sandbox.html',
        title: 'SDK: the sandbox',
        intro:
          '<p><code>@assoc-feed/sandbox</code>: the stateful, seeded sandbox: tokens that expire, paging with totals and a 404 past the last page, filters, date windows and latest-date defaults. Serve it on a port (<code>npx assoc-feed-sandbox</code>, <code>startSandbox</code>), run it in-process without a port (<code>createSandboxHandlers</code>, <code>createInProcessSandbox</code>), or start it for a whole test run (the vitest and Jest global set-ups).</p>',
        pkg: pkg('sandbox'),
        usage: usages.sandbox,
      },
      pageOf,
    ),
    sdkToolPage(
      site,
      {
        file: 'sdk-specs.html',
        title: 'SDK: the specs package',
        intro:
          '<p><code>@assoc-feed/specs</code>: the bundled OpenAPI 3.1 specs of the three documents and the three joined (<code>@assoc-feed/specs/feed.json</code> and the others: the <a href="index.html#downloads">downloads</a>), and a model to read them: operations, parameters and references followed.</p>',
        pkg: pkg('specs'),
      },
      pageOf,
    ),
  ];
  pages.push(
    await sdkMcpPage(site, readFileSync(join(repoRoot, 'packages', 'mcp', 'README.md'), 'utf8'), usages.mcp),
  );
  for (const p of pages) {
    assertNoOutsideFiles(p.file, p.html);
    writeFileSync(join(dist, p.file), p.html);
  }
  return pages;
}

// Reference pages: the annotated copy of each spec, with code samples, rendered by Redoc.
const work = mkdtempSync(join(tmpdir(), 'assoc-feed-docs-'));
let sdkPages: SdkPage[] = [];
try {
  // Redoc renders in child processes; the SDK pages are read and written meanwhile.
  const references = Promise.all(
    documents.map(async (doc) => {
      const specFile = join(work, `${doc.api}.json`);
      const rendered = annotateForDocs(withCodeSamples(doc, opsOf(doc.api)), doc.api);
      writeFileSync(specFile, JSON.stringify(rendered));
      const output = join(dist, `${doc.api}.html`);
      const routes = Object.fromEntries(opsOf(doc.api).map((op) => [op.operationId, operationRoute(op)]));
      const title = documentTitle(doc);
      const header = siteHeader(site, `${doc.api}.html`);
      const html = await buildRedocPage(specFile, title, output, header, redocCodeSampleOptions, routes);
      const prose = proseOf(doc);
      const missing = missingRoutes(html, [
        ...opsOf(doc.api).map((op) => tagRoute(op.tag)),
        ...prose.sections.map((section) => sectionRoute(section.heading)),
        ...prose.tags.map((tag) => tagRoute(tag.name)),
      ]);
      if (missing.length) {
        throw new Error(
          `${doc.api}.html: Redoc declares no section for ${missing.join(', ')}; the anchors in anchors.ts no longer match Redoc's routes`,
        );
      }
    }),
  );
  references.catch(() => undefined); // awaited below; a failure there must not surface first as unhandled
  sdkPages = await buildSdkPages();
  await references;
} finally {
  rmSync(work, { recursive: true, force: true });
}

// Downloads.
for (const file of specFiles()) copyFileSync(file.path, join(dist, 'specs', file.name));

// Search: the index, MiniSearch's browser (UMD) build, our tokenizer and the UI.
const searchDocs = searchDocuments(
  documents.map((doc) => {
    const model = createSpecModel(doc.spec, { name: doc.api });
    return {
      api: doc.api,
      docLabel: `Document ${doc.number}`,
      operations: opsOf(doc.api),
      fields: new Map(opsOf(doc.api).map((op) => [op, responseFields(op, model)])),
      prose: proseOf(doc),
    };
  }),
);
searchDocs.push(...sdkSearchDocuments(sdkPages));
writeFileSync(join(assets, 'search-index.js'), searchIndexScript(searchDocs));
// The package exports only its ES and CommonJS builds; the browser (UMD) build sits beside them in its dist/.
const miniSearchBrowser = new URL('../umd/index.js', import.meta.resolve('minisearch'));
copyFileSync(fileURLToPath(miniSearchBrowser), join(assets, 'minisearch.js'));
for (const file of ['search.js', 'search-tokenize.js', 'site.css']) {
  copyFileSync(fileURLToPath(new URL(`../../assets/${file}`, import.meta.url)), join(assets, file));
}

// The site's own pages.
const inferredGroups = documents.map((doc) => ({
  api: doc.api,
  number: doc.number,
  title: documentTitle(doc),
  choices: collectInferred(doc.api, doc.spec),
  operations: opsOf(doc.api),
  users: componentUsers(doc.spec, opsOf(doc.api)),
}));
const schedules = documents.flatMap((doc) => collectSchedules(doc.api, doc.spec));
const allOperations = documents.flatMap((doc) => opsOf(doc.api));

const describe = (name: string) => {
  const doc = documents.find((d) => d.api === name);
  return doc
    ? `Document ${doc.number}: ${documentTitle(doc)}`
    : 'The three documents joined in one spec (the mock serves it)';
};
writeFileSync(
  join(dist, 'index.html'),
  landingPage(site, {
    documents: documents.map((doc) => ({
      api: doc.api,
      number: doc.number,
      title: documentTitle(doc),
      summary: oneLineSummary(doc.spec),
      apiVersion: String((doc.spec.info as Json).version),
      tags: ((doc.spec.tags as { name: string }[] | undefined) ?? []).map((t) => t.name),
      operations: opsOf(doc.api),
    })),
    inferredCount: inferredGroups.reduce((n, g) => n + g.choices.length, 0),
    inferredByBasis: countByBasis(inferredGroups.flatMap((g) => g.choices)),
    scheduleCount: schedules.length,
    downloads: specFiles().map((f) => ({
      file: f.name,
      what: `${describe(f.name.replace(/\.(json|yaml)$/, ''))}, ${f.name.endsWith('.json') ? 'JSON' : 'YAML'}`,
    })),
  }),
);
writeFileSync(join(dist, 'inferred.html'), inferredPage(site, inferredGroups));
writeFileSync(join(dist, 'schedules.html'), schedulesPage(site, schedules, allOperations));
writeFileSync(join(dist, 'changelog.html'), await changelogPage(site, releasedChangelog(), pendingChanges()));
checkSdkLinks(dist, sdkPages);

rmSync(finalDist, { recursive: true, force: true });
renameSync(dist, finalDist);

const inferredCount = inferredGroups.reduce((n, g) => n + g.choices.length, 0);
console.log(
  `docs ${version}: ${documents.length} reference pages (${allOperations.length} operations), ${searchDocs.length} search entries, ` +
    `${sdkPages.length} SDK pages, ${inferredCount} inferred choices, ${schedules.length} schedules, from ${specsDir()} → packages/docs/dist/ ` +
    `[${((Date.now() - started) / 1000).toFixed(1)} s]`,
);
