// Builds packages/docs/dist/ (run from packages/docs: its `build` script):
//   index.html            what the service is, search, the documents, quick start, mock and sandbox, downloads
//   <api>.html            one self-contained Redoc page per document, with code samples for the typed clients
//   inferred.html         every x-inferred choice, grouped by document, linked to its operation
//   schedules.html        the release schedules (document 3)
//   changelog.html        the released changelog, or "no release yet", and the pending changesets
//   specs/                the bundled specs (JSON and YAML), each document and the joined one
//   assets/               styles, the search (MiniSearch's browser build, our tokenizer, the index, the UI)

import { copyFileSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSpecModel } from '@assoc-feed/specs/model';
import { missingRoutes, operationRoute, sectionRoute, tagRoute } from './anchors.ts';
import { annotateForDocs } from './annotate.ts';
import { pendingChanges, releasedChangelog } from './changelog.ts';
import { redocCodeSampleOptions, withCodeSamples } from './code-samples.ts';
import { collectInferred, collectSchedules, countByBasis } from './extensions.ts';
import { responseFields } from './fields.ts';
import type { SiteContext } from './html.ts';
import { documentTitle, type Json, loadDocuments, releaseVersion, specFiles, specsDir } from './inputs.ts';
import { listOperations } from './operations.ts';
import { changelogPage } from './pages/changelog.ts';
import { inferredPage } from './pages/inferred.ts';
import { landingPage } from './pages/landing.ts';
import { schedulesPage } from './pages/schedules.ts';
import { buildRedocPage } from './redoc.ts';
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

// Reference pages: the annotated copy of each spec, with code samples, rendered by Redoc.
const work = mkdtempSync(join(tmpdir(), 'assoc-feed-docs-'));
try {
  await Promise.all(
    documents.map(async (doc) => {
      const specFile = join(work, `${doc.api}.json`);
      const rendered = annotateForDocs(withCodeSamples(doc, opsOf(doc.api)));
      writeFileSync(specFile, JSON.stringify(rendered));
      const output = join(dist, `${doc.api}.html`);
      const routes = Object.fromEntries(opsOf(doc.api).map((op) => [op.operationId, operationRoute(op)]));
      const title = documentTitle(doc);
      const html = await buildRedocPage(specFile, title, output, version, redocCodeSampleOptions, routes);
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

rmSync(finalDist, { recursive: true, force: true });
renameSync(dist, finalDist);

const inferredCount = inferredGroups.reduce((n, g) => n + g.choices.length, 0);
console.log(
  `docs ${version}: ${documents.length} reference pages (${allOperations.length} operations), ${searchDocs.length} search entries, ` +
    `${inferredCount} inferred choices, ${schedules.length} schedules, from ${specsDir()} → packages/docs/dist/ ` +
    `[${((Date.now() - started) / 1000).toFixed(1)} s]`,
);
