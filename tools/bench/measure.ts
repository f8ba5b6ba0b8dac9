import { spawnSync } from 'node:child_process';

export interface Row {
  benchmark: string;
  figure: string;
  reference?: string;
  ratio?: string;
  target?: string;
}

/** Wall time of a command in seconds; throws with its output when it fails. */
export function timeCommand(command: string, args: string[], cwd: string): number {
  const start = performance.now();
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
  });
  const seconds = (performance.now() - start) / 1000;
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
  return seconds;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function printTable(rows: Row[]): void {
  const headers = ['benchmark', 'figure', 'reference', 'ratio', 'target'] as const;
  const widths = headers.map((h) => Math.max(h.length, ...rows.map((r) => (r[h] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(' | ')} |`;
  console.log(line([...headers]));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(headers.map((h) => r[h] ?? '')));
}
