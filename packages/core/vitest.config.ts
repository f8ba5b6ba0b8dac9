import { defineConfig } from 'vitest/config';

// Timeouts are guards against a hang, sized for a shared machine at half speed or worse (vitest's 5 s default
// failed tests on a busy machine); speed is measured in `pnpm bench`, never here.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Each file in a fresh worker thread rather than a forked process (cheaper to start; `pnpm bench suite core`
    // compares): core's tests start no process and change no working directory. Files keep their isolation: in
    // a shared worker a file's stubbed clock would reach the next.
    pool: 'threads',
  },
});
