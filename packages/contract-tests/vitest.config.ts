import { defineConfig } from 'vitest/config';

// One Prism process serves every file; files run one after another so a 2-core machine is not oversubscribed.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    fileParallelism: false,
    hookTimeout: 60_000,
  },
});
