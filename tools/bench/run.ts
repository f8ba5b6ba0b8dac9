// `pnpm bench`: runs the project's benchmarks and prints one table. Figures are medians of a few runs on this
// machine; compare the ratios, which are measured against a reference in the same run.
import { printTable, type Row } from './measure.ts';
import { pipelineBench } from './pipeline.ts';

const only = process.argv[2];
const suites: Record<string, () => Row[] | Promise<Row[]>> = {
  pipeline: () => pipelineBench(),
  sandbox: async () => (await import('./sandbox/index.ts')).sandboxBench(),
  'client-http': async () => (await import('./client-http.ts')).clientHttpBench(),
  'client-overhead': async () => (await import('./client-overhead.ts')).clientOverheadBench(),
  'client-token': async () => (await import('./client-token.ts')).clientTokenBench(),
  'client-size': async () => (await import('./client-size.ts')).clientSizeBench(),
  cli: async () => (await import('./cli.ts')).cliBench(),
  exact: async () => (await import('./exact.ts')).exactBench(),
  handlers: async () => (await import('./handlers.ts')).handlersBench(),
  hostile: async () => (await import('./hostile/index.ts')).hostileBench(),
  'export-e8': async () => (await import('./export-e8.ts')).exportE8Bench(),
  sync: async () => (await import('./sync.ts')).syncBench(),
  suite: async () => (await import('./suite/index.ts')).suiteBench(),
};
// Run only when named: it runs every package's tests.
const namedOnly = new Set(['suite']);
const rows: Row[] = [];
for (const [name, suite] of Object.entries(suites)) {
  if (only ? only !== name : namedOnly.has(name)) continue;
  console.error(`› ${name}…`);
  rows.push(...(await suite()));
}
printTable(rows);
