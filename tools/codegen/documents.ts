// The document packages, one entry each: what the template (entry.ts) needs to write a package's entry. Adding a
// document is a spec folder (specs/<api>/), one entry here, a package folder with its package.json, and a build.

export interface DocumentPackage {
  /** The spec's name in redocly.yaml and the package's folder, e.g. `fundos-v2`. */
  api: string;
  /** The prefix of the package's names: `create${prefix}Client`, `${prefix}Client`, `${camel}Meta`. */
  prefix: string;
  /** The factory's TSDoc: what the document holds and anything its client does beyond the common client. */
  summary: string;
  /** Hand-written helpers the entry re-exports: a module under the package's `src/` and the names it exports. */
  helpers: readonly { module: string; names: readonly string[] }[];
}

export const documentPackages: readonly DocumentPackage[] = [
  {
    api: 'fundos-v2',
    prefix: 'FundosV2',
    summary:
      'Typed client for document 1 (v2 funds). Authenticates with flow A on first use and renews the token itself.',
    helpers: [
      {
        module: 'input-client',
        names: [
          'createFundosV2InputClient',
          'type InputClient',
          'type InputClientOptions',
          'type InputPaths',
        ],
      },
    ],
  },
  {
    api: 'fundos-v1',
    prefix: 'FundosV1',
    summary:
      'Typed client for document 2 (v1 funds: regulation-555, offshore, structured). Authenticates with flow A on\n' +
      'first use and renews the token itself. The v1 interfaces are discontinued since 2024-10-01 (v2 replaces them).',
    helpers: [
      { module: 'fetch-history', names: ['fetchStructuredFundHistory', 'type HistoryFetchOptions'] },
      {
        module: 'history-window',
        names: ['type HistoryRange', 'maxHistoryMonths', 'planHistoryWindows', 'resolveHistoryRange'],
      },
    ],
  },
  {
    api: 'precos-indices',
    prefix: 'PrecosIndices',
    summary:
      'Typed client for document 3 (pricing and indices). `mes` and `ano` are checked to come together before\n' +
      "any request (the spec's `x-required-together`).",
    helpers: [],
  },
];

export function documentPackage(api: string): DocumentPackage {
  const found = documentPackages.find((d) => d.api === api);
  if (!found) {
    const known = documentPackages.map((d) => d.api).join(', ');
    throw new Error(
      `${api} is not a document package (known: ${known}): add it to tools/codegen/documents.ts`,
    );
  }
  return found;
}
