import { defineConfig } from 'vitest/config';

// One Prism process serves every file (the mock's global set-up, as its README shows users; FEED_MOCK_URL); files
// run one after another so a 2-core machine is not oversubscribed.
// Timeouts are guards against a hang, sized for a shared machine at half speed or worse.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['@assoc-feed/mock/vitest-global-setup'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
