import { defineConfig } from 'vitest/config';

// One Prism process serves every file; files run one after another so a 2-core machine is not oversubscribed.
// Timeouts are guards against a hang, sized for a shared machine at half speed or worse.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
