import { defineConfig } from 'vitest/config';

// Browser tests: one Chromium for the run (started by the global setup, each file connects), files one after
// another (a 2-core machine), tests of a file in order. Long timeouts: a Redoc page is 2.7 MB of script to
// hydrate.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test-support/global-browser.ts'],
    pool: 'forks',
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
