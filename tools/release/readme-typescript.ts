// Every ```ts block of the root README and of each published package's README, as a file of the consumer project:
// check:packages type-checks them under `strict`, with each compiler and module resolution, against the packed
// tarballs. Many blocks continue an earlier one (`feed` made in the first block, `clientId` from the
// environment): the names such a block uses without binding get an ambient declaration of the type the README
// gives them (PRELUDE), so the block is checked as written, and nothing is added that the block binds itself.

export interface TypeScriptSnippet {
  /** The consumer's file, e.g. `readme-client-145.ts`. */
  file: string;
  /** Where it comes from, e.g. `packages/client/README.md:145`. */
  source: string;
  code: string;
}

type Declarations = Record<string, string>;

const client = (name: string) => `typeof import('@assoc-feed/client').${name}`;

/** What a block may use without binding, by README (`*`: every README), as an ambient declaration; an empty
 * declaration takes a name of `*` back for that README. */
const PRELUDE: Record<string, Declarations> = {
  '*': {
    clientId: 'declare const clientId: string;',
    clientSecret: 'declare const clientSecret: string;',
    metrics: 'declare const metrics: { observe(labels: object, ms: number): void };',
    createFeedClient: `declare const createFeedClient: ${client('createFeedClient')};`,
    createFundosV2Client:
      "declare const createFundosV2Client: typeof import('@assoc-feed/fundos-v2').createFundosV2Client;",
    createFundosV1Client:
      "declare const createFundosV1Client: typeof import('@assoc-feed/fundos-v1').createFundosV1Client;",
    InputPaths: "type InputPaths = import('@assoc-feed/fundos-v2').InputPaths;",
    fundos: "declare const fundos: import('@assoc-feed/fundos-v2').FundosV2Client;",
    v1: "declare const v1: import('@assoc-feed/fundos-v1').FundosV1Client;",
    precos: "declare const precos: import('@assoc-feed/precos-indices').PrecosIndicesClient;",
    feed: "declare const feed: import('@assoc-feed/client').FeedClient;",
  },
  // The core README's `feed` is one document's client, as the document packages make it.
  'packages/core/README.md': {
    feed: "declare const feed: import('@assoc-feed/fundos-v2').FundosV2Client;",
    paths: "type paths = import('@assoc-feed/fundos-v2').paths;",
    meta: "declare const meta: typeof import('@assoc-feed/fundos-v2').fundosV2Meta;",
    path: "declare const path: '/feed/fundos/v2/fundos';",
    params: 'declare const params: { query: { size: number } };',
  },
  'packages/specs/README.md': { node: 'declare const node: unknown;' },
  // The root README is where users copy from first: each block that uses the credentials reads them itself.
  'README.md': { clientId: '', clientSecret: '' },
};

/** Whether the block binds `name` itself (an import, a declaration, a parameter list is not looked at). */
function binds(code: string, name: string): boolean {
  // The names are plain identifiers (PRELUDE's keys), safe inside a pattern.
  return new RegExp(
    `import\\s[^;]*\\b${name}\\b[^;]*\\sfrom\\s|\\b(?:const|let|var|function|class|type|interface)\\s+${name}\\b`,
  ).test(code);
}

/** The ```ts blocks of `markdown` (the README at `readmePath`, relative to the repository), with their preludes. */
export function typescriptSnippets(readmePath: string, markdown: string): TypeScriptSnippet[] {
  const slug = readmePath === 'README.md' ? 'root' : readmePath.replace(/^packages\/|\/README\.md$/g, '');
  const declarations = { ...PRELUDE['*'], ...PRELUDE[readmePath] };
  const snippets: TypeScriptSnippet[] = [];
  for (const m of markdown.matchAll(/^```ts\n([\s\S]*?)^```/gm)) {
    const line = markdown.slice(0, m.index).split('\n').length;
    const code = m[1] as string;
    const prelude = Object.entries(declarations)
      .filter(
        ([name, declaration]) => declaration && new RegExp(`\\b${name}\\b`).test(code) && !binds(code, name),
      )
      .map(([, declaration]) => declaration);
    snippets.push({
      file: `readme-${slug}-${line}.ts`,
      source: `${readmePath}:${line}`,
      code: [
        `// ${readmePath}:${line}, as check:packages type-checks it (tools/release/readme-typescript.ts).`,
        code.trimEnd(),
        '',
        '// What the README defines in an earlier block or leaves to the reader:',
        ...prelude,
        'export {};',
        '',
      ].join('\n'),
    });
  }
  return snippets;
}
