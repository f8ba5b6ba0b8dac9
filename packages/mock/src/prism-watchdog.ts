// Loaded into the Prism child with `node --import` (spawn-prism.ts): Prism exits as soon as the process that
// started it is gone, however it went (a test runner killed with SIGKILL runs no clean-up). Two signs, either
// enough: the stdin pipe from the parent closes, or the parent pid changes (the child was re-parented).
const parent = process.ppid;
const leave = () => process.exit(0);
process.stdin.on('end', leave);
process.stdin.on('close', leave);
process.stdin.on('error', leave);
process.stdin.resume();
setInterval(() => {
  if (process.ppid !== parent) leave();
}, 250).unref();
