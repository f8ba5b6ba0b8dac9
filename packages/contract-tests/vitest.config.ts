import { defineConfig } from 'vitest/config';

// The files that call Prism share one: the mock's global set-up (as its README shows users) starts it and puts its
// URL in FEED_MOCK_URL. They are a project of their own, so a run of the other files alone starts no Prism. Files
// run one after another so a 2-core machine is not oversubscribed, in one worker per project instead of a fresh one
// each: the clients, the spec and msw are loaded once, not once per file (measured: one project for all files, with
// Prism started for every run, cost no less). So a file must leave nothing behind: close every server it starts,
// restore what it patches.
// Timeouts are guards against a hang, sized for a shared machine at half speed or worse.
const prismFiles = ['src/prefer.contract.test.ts', 'src/prism.contract.test.ts'];

export default defineConfig({
  test: {
    fileParallelism: false,
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'prism',
          include: prismFiles,
          globalSetup: ['@assoc-feed/mock/vitest-global-setup'],
        },
      },
      { extends: true, test: { name: 'others', include: ['src/**/*.test.ts'], exclude: prismFiles } },
    ],
  },
});
