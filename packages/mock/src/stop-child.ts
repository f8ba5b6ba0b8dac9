import type { ChildProcess } from 'node:child_process';

/** Stops a server child (Prism) with SIGTERM, SIGKILL after 3 s, and resolves once it has exited. Safe to call twice. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
