// Copied next to each package's vitest config by the suite bench and named in its setupFiles (so `vitest` is the
// package's own): it runs before each test file and appends one JSON line to SUITE_BENCH_OUT when the file's
// tests are done: the file, its wall seconds and its CPU seconds from its set-up to its last hook (its imports
// included), user + system, and the processes it started and waited for. In a forked worker the process's own
// CPU is the file's; in a worker thread the thread's (a thread pool shares one process between files).
import { appendFileSync, readFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';
import { afterAll, expect } from 'vitest';

const TICKS_PER_SECOND = 100;

/** utime, stime, cutime, cstime of a /proc stat line, in seconds (fields 14-17; the name may hold spaces). */
function readStat(path: string): number[] {
  const text = readFileSync(path, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return [11, 12, 13, 14].map((i) => Number(fields[i]) / TICKS_PER_SECOND);
}

function cpuSeconds(): { own: number; children: number } {
  const [utime = 0, stime = 0] = readStat(isMainThread ? '/proc/self/stat' : '/proc/thread-self/stat');
  const [, , cutime = 0, cstime = 0] = readStat('/proc/self/stat');
  return { own: utime + stime, children: cutime + cstime };
}

const startedAt = performance.now();
const startCpu = cpuSeconds();

afterAll(() => {
  const end = cpuSeconds();
  const file = expect.getState().testPath;
  const out = process.env.SUITE_BENCH_OUT;
  if (!out) return;
  appendFileSync(
    out,
    `${JSON.stringify({
      file,
      wall: (performance.now() - startedAt) / 1000,
      cpu: end.own - startCpu.own + (end.children - startCpu.children),
      children: end.children - startCpu.children,
    })}\n`,
  );
});
