// `pnpm --filter @assoc-feed/mock readme`: writes the Prefer list (prefer-list.ts) into README.md.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Json, operationTable } from './operation-table.js';
import { renderPreferList, withPreferList } from './prefer-list.js';

const require = createRequire(import.meta.url);
const spec = JSON.parse(readFileSync(require.resolve('@assoc-feed/specs/feed.json'), 'utf8')) as Json;
const readmePath = new URL('../../README.md', import.meta.url);
const readme = readFileSync(readmePath, 'utf8');
const updated = withPreferList(readme, renderPreferList(operationTable(spec)));
writeFileSync(readmePath, updated);
console.log(
  updated === readme ? 'README.md: the Prefer list is up to date' : 'README.md: Prefer list rewritten',
);
