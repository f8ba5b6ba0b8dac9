// `pnpm --filter @assoc-feed/mock generate`: writes src/generated/operations.ts, the table the request handlers
// (@assoc-feed/mock/msw) answer from, read from the joined spec of @assoc-feed/specs.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Json, operationTable } from './operation-table.js';

const require = createRequire(import.meta.url);
const spec = JSON.parse(readFileSync(require.resolve('@assoc-feed/specs/feed.json'), 'utf8')) as Json;
const table = operationTable(spec);
const operations = Object.fromEntries(
  table.operations.map(({ operationId, ...rest }) => [operationId, rest]),
);

const outDir = new URL('../generated/', import.meta.url);
mkdirSync(outDir, { recursive: true });
writeFileSync(
  new URL('operations.ts', outDir),
  '// GENERATED FILE: do not edit. Every operation of packages/specs/dist/feed.json with its documented answers.\n' +
    '// Regenerate with `pnpm --filter @assoc-feed/mock generate` (or `pnpm build`).\n\n' +
    `export const operations = ${JSON.stringify(operations, null, 2)} as const;\n\n` +
    'export type OperationId = keyof typeof operations;\n\n' +
    '/** Example values, each once; `responses` refer to them by index. */\n' +
    `export const examples: readonly unknown[] = ${JSON.stringify(table.examples)};\n`,
);
console.log(
  `generated src/generated/operations.ts (${table.operations.length} operations, ${table.examples.length} distinct examples)`,
);
