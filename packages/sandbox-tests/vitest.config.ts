import { defineConfig } from 'vitest/config';

// Paging the 7,231 funds through the clients, with every body checked against the spec, takes a few seconds
// alone and much longer while turbo runs the other packages' tests on the same two cores: the timeouts are
// guards against a hang, not speed checks (those live in `pnpm bench`).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 60_000,
    // Test files run one after another in a shared worker instead of a fresh one each: the spec, the sandbox and
    // the typed clients are loaded once per worker, not once per file (the package's CPU time 33 s → 23 s,
    // measured). So a file must leave nothing behind: stop every server it starts, restore what it patches.
    isolate: false,
  },
});
