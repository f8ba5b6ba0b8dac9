import { defineConfig } from 'vitest/config';

// The sandbox suites start servers and send thousands of requests; under a full parallel test run on two cores
// that can take far longer than vitest's 5 s default. These timeouts only guard against a hang: speed is
// measured in `pnpm bench`, never here.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 60_000,
    // Test files run one after another in a shared worker instead of a fresh one each: the spec and the
    // sandbox's modules are loaded once per worker, not once per file (the package's CPU time 94 s → 71 s,
    // measured). So a file must leave nothing behind: stop every server it starts, restore what it patches.
    isolate: false,
  },
});
