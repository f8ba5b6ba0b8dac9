// The bundle sizes users feel, in both forms bundlers make. "One file": esbuild without code splitting, as
// wrangler, Vercel and most serverless tools bundle, for the browser/worker conditions and for Node; every dynamic
// import is inlined then, so the default entries must not reach the response validators. "Split": what loads
// first when the bundler splits (the modules loaded on first use, `numbers: 'exact'` and the body reader, left
// out as chunks of their own). `pnpm --filter @assoc-feed/client size` runs it (after `pnpm build`).

const documents = [
  ['fundos-v2', 'createFundosV2Client', '22.1 kB', '24.8 kB'],
  ['fundos-v1', 'createFundosV1Client', '21.5 kB', '24.3 kB'],
  ['precos-indices', 'createPrecosIndicesClient', '22.1 kB', '25.1 kB'],
];
const lazy = (pkg) => [`@assoc-feed/${pkg}/exact`, `@assoc-feed/${pkg}/validators`];
const node = (config) => ({ ...config, platform: 'node' });
const worker = (config) => ({ ...config, platform: 'browser', conditions: ['worker', 'browser'] });

export default [
  ...documents.flatMap(([pkg, factory, split, oneFile]) => [
    {
      name: `@assoc-feed/${pkg}: ${factory}, split`,
      path: `../${pkg}/dist/generated/index.js`,
      import: `{ ${factory} }`,
      ignore: ['@assoc-feed/core/response-body', ...lazy(pkg)],
      gzip: true,
      limit: split,
    },
    {
      name: `@assoc-feed/${pkg}: ${factory}, one file (browser/worker)`,
      path: `../${pkg}/dist/generated/index.js`,
      import: `{ ${factory} }`,
      modifyEsbuildConfig: worker,
      gzip: true,
      limit: oneFile,
    },
  ]),
  {
    name: '@assoc-feed/client: createFeedClient, split',
    path: 'dist/index.js',
    import: '{ createFeedClient }',
    ignore: ['@assoc-feed/core/response-body', ...documents.flatMap(([pkg]) => lazy(pkg))],
    gzip: true,
    limit: '23.9 kB',
  },
  ...[
    ['browser/worker', worker],
    ['Node', node],
  ].map(([where, modify]) => ({
    name: `@assoc-feed/client: createFeedClient, one file (${where})`,
    path: 'dist/index.js',
    import: '{ createFeedClient }',
    modifyEsbuildConfig: modify,
    gzip: true,
    limit: '30 kB',
  })),
  {
    name: '@assoc-feed/client/validators: what validateResponses adds (no budget)',
    path: 'dist/validators.js',
    import: '{ responseValidators }',
    gzip: true,
  },
  {
    name: '@assoc-feed/core: createDocumentClient, without openapi-fetch (no budget)',
    path: '../core/dist/index.js',
    import: '{ createDocumentClient }',
    ignore: ['openapi-fetch'],
    gzip: true,
  },
  {
    name: 'openapi-fetch alone (reference, no budget)',
    path: '../core/node_modules/openapi-fetch/dist/index.mjs',
    gzip: true,
  },
];
