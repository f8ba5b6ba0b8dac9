// The CPU the whole machine spent, from /proc/stat: what a package's test run cost including the processes that
// no process of the run waits for (Chromium's renderers and helpers are reaped by the browser's zygote or by init,
// so bash's `times` never sees them). Everything else the machine runs meanwhile counts too: read it on an idle
// machine. Undefined where there is no /proc (macOS).
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/stat's counters: USER_HZ, 100 on every Linux architecture Node runs on. */
const USER_HZ = 100;

export function machineCpuSeconds(): number | undefined {
  let line: string;
  try {
    line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  } catch {
    return undefined;
  }
  // cpu  user nice system idle iowait irq softirq steal …: every field but idle and iowait is work.
  const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  const ticks = [user, nice, system, irq, softirq, steal].reduce<number>((a, b) => a + (b ?? 0), 0);
  return Number.isFinite(ticks) ? ticks / USER_HZ : undefined;
}
