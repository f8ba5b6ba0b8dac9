// Client benchmark (d): bundle size, minified and gzipped, of what an application imports: one document client
// (with core and openapi-fetch), each document, and the all-documents client. Measured by the same size-limit
// run (esbuild + gzip) that enforces the budgets in packages/client/package.json; the reference, in the same
// run, is openapi-fetch alone. Needs the packages built (`pnpm build`).
import { spawnSync } from 'node:child_process';
import { repoRoot } from '@assoc-feed/specs-tooling/apis';
import type { Row } from './measure.ts';

interface SizeLimitResult {
  name: string;
  size: number;
  passed?: boolean;
}

const REFERENCE = 'openapi-fetch alone';

export function clientSizeBench(): Row[] {
  const cwd = `${repoRoot}packages/client`;
  const run = spawnSync(`${cwd}/node_modules/.bin/size-limit`, ['--json'], { cwd, encoding: 'utf8' });
  // size-limit exits 1 when a budget is exceeded, with the JSON on stdout all the same.
  const start = run.stdout.indexOf('[');
  if (start < 0) throw new Error(`size-limit failed:\n${run.stdout}${run.stderr}`);
  const results = JSON.parse(run.stdout.slice(start)) as SizeLimitResult[];
  const reference = results.find((r) => r.name.startsWith(REFERENCE));
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;
  return results
    .filter((r) => r !== reference)
    .map((r) => ({
      benchmark: `client (d): ${r.name}, min+gzip`,
      figure: `${kB(r.size)}${r.passed === false ? ' (over its budget)' : ''}`,
      reference: reference ? `${REFERENCE} ${kB(reference.size)}` : '',
      ratio: reference ? `${(r.size / reference.size).toFixed(2)}×` : '',
      target: r.name.includes('fundos-v2') ? '≤ 5 kB' : '',
    }));
}
