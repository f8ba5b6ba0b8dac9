import { defineConfig } from 'vitest/config';

// Timeouts are guards against a hang, sized for a shared machine at half speed or worse (vitest's 5 s default
// failed tests on a busy machine); speed is measured in `pnpm bench`, never here.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // One worker thread imports the modules once for every file (a fresh worker per file spent most of the run
    // starting and transforming again): core's tests start no process and change no working directory, and each
    // file undoes what it changes (fake timers, stubbed globals and env, spies) in its own hooks.
    pool: 'threads',
    isolate: false,
  },
});
