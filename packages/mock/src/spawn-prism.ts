// Every Prism child is started here, with the watchdog (prism-watchdog.ts) loaded first, so no Prism outlives the
// process that started it, and neither the child nor its pipes keep that process's event loop alive: a test
// runner exits when its work is done, and Prism with it.
import { type ChildProcess, spawn } from 'node:child_process';
import { prismBinPath } from './spec-files.js';

export interface SpawnedPrism {
  child: ChildProcess;
  /** The last 4,000 characters Prism wrote to stderr (for the error when it exits before listening). */
  stderr: () => string;
}

export function spawnPrism(
  prismArgs: string[],
  options: { inherit?: boolean; log?: (line: string) => void } = {},
): SpawnedPrism {
  const watchdog = new URL('./prism-watchdog.js', import.meta.url).href;
  const child = spawn(process.execPath, ['--import', watchdog, prismBinPath(), ...prismArgs], {
    // stdin is a pipe the parent never writes: it closes when the parent dies, and the watchdog sees it.
    stdio: [
      'pipe',
      options.inherit ? 'inherit' : options.log ? 'pipe' : 'ignore',
      options.inherit ? 'inherit' : 'pipe',
    ],
    env: { ...process.env, DO_NOT_TRACK: '1', SCARF_ANALYTICS: 'false' },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
    options.log?.(chunk.toString().trimEnd());
  });
  child.stdout?.on('data', (chunk: Buffer) => options.log?.(chunk.toString().trimEnd()));
  child.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr]) {
    (stream as unknown as { unref?: () => void } | null)?.unref?.();
  }
  return { child, stderr: () => stderr };
}
