import { defineConfig } from 'vitest/config';

// Browser tests: one Chromium for the run (started by the global setup, each file connects with a context of its
// own), two files at a time (a 2-core machine: a file mostly waits on its page's renderer, so two overlap), tests
// of a file in order. Files share their worker's modules (no isolation): each would otherwise import playwright,
// TypeScript and the site's builder anew; a file leaves nothing behind (its pages, contexts and servers are closed
// in its afterAll, and it stubs no global). Long timeouts: a Redoc page is 2.7 MB of script to hydrate.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test-support/global-browser.ts'],
    pool: 'forks',
    maxWorkers: 2,
    isolate: false,
    sequence: { concurrent: false },
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
