import { defineConfig } from 'vitest/config';

// Browser tests: one Chromium per test file, files one after another (a 2-core machine, and Chromium starts are
// heavy), tests of a file in order. Long timeouts: a Redoc page is 2.7 MB of script to hydrate.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
