// Processes by ancestry, from /proc (Linux): what a test runner started, and whether it is still alive.
import { readdirSync, readFileSync } from 'node:fs';

interface Proc {
  pid: number;
  ppid: number;
  state: string;
}

function readProc(pid: number): Proc | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // pid (comm) state ppid ...: comm may hold spaces and parentheses, so read after the last ')'.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { pid, ppid: Number(ppid), state: state as string };
  } catch {
    return undefined;
  }
}

/** Every process below `root` (children, their children, ...). */
export function descendants(root: number): number[] {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProc(Number(name)))
    .filter((p): p is Proc => p !== undefined);
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const parent = queue.shift() as number;
    for (const p of all) {
      if (p.ppid === parent) {
        found.push(p.pid);
        queue.push(p.pid);
      }
    }
  }
  return found;
}

/** Alive: present and not a zombie waiting to be reaped. */
export function alive(pid: number): boolean {
  const p = readProc(pid);
  return p !== undefined && p.state !== 'Z';
}

export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}
