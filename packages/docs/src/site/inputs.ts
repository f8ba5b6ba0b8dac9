// What the site is built from: the bundled specs (packages/specs/dist, or FEED_DOCS_SPECS_DIR for a stand-in
// set while the specs are being written) and the release version of the fixed changesets group.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { apiNames, joinedName, repoRoot, specsDist } from '@assoc-feed/specs-tooling/apis';

export type Json = Record<string, unknown>;

export interface Document {
  /** The api name in redocly.yaml: fundos-v2, fundos-v1, precos-indices. */
  api: string;
  /** 1, 2, 3: the document's number, in redocly.yaml's order. */
  number: number;
  spec: Json;
}

export function specsDir(): string {
  const override = process.env.FEED_DOCS_SPECS_DIR;
  return override ? `${resolve(override)}/` : specsDist;
}

export function loadDocuments(dir = specsDir()): Document[] {
  return apiNames().map((api, i) => {
    const file = `${dir}${api}.json`;
    if (!existsSync(file)) {
      throw new Error(
        `docs: no bundled spec at ${file}. Build the specs first (pnpm docs:build does both)` +
          (process.env.FEED_DOCS_SPECS_DIR ? ', or point FEED_DOCS_SPECS_DIR at a folder that holds it' : ''),
      );
    }
    return { api, number: i + 1, spec: JSON.parse(readFileSync(file, 'utf8')) as Json };
  });
}

/** Every downloadable file: each document and the joined spec, in JSON and YAML. */
export function specFiles(dir = specsDir()): { name: string; path: string }[] {
  return [...apiNames(), joinedName].flatMap((name) =>
    ['json', 'yaml'].map((ext) => ({ name: `${name}.${ext}`, path: `${dir}${name}.${ext}` })),
  );
}

export { joinedName };

/** The version every @assoc-feed package shares (one fixed changesets group); read from @assoc-feed/specs. */
export function releaseVersion(): string {
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'packages', 'specs', 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** The spec's title without a trailing "(document N)": the site's pages put "Document N:" before it. */
export function documentTitle(doc: Document): string {
  const title = String((doc.spec.info as Json | undefined)?.title ?? doc.api);
  return title.replace(new RegExp(`\\s*\\(document ${doc.number}\\)$`, 'i'), '') || title;
}
