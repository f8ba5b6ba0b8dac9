// A server bin started through a package manager stops when that launcher is gone. `npx assoc-feed-mock &` then
// `kill $!` signals npm, which exits without passing the signal on: the `sh -c` npm ran the bin under dies and
// the bin, re-parented, would serve on with no one to stop it (`pnpm run` does the same). So the bin checks its
// parent pid and shuts down as on SIGTERM when it changes. Only under a package manager (npm and pnpm set
// npm_execpath): run directly, under nohup or a process manager, the bin's lifetime is the signals' alone.
// The sandbox's bin has the same module (packages/sandbox/src/launcher-watch.ts): the two packages share no code.

/** Calls `gone` once when this process's parent changes; returns a function that stops watching. */
export function watchLauncher(
  gone: () => void,
  env: NodeJS.ProcessEnv = process.env,
  intervalMs = 200,
): () => void {
  if (!env.npm_execpath) return () => {};
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    gone();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
