import { defineConfig } from 'vitest/config';

// The command tests run the built CLI as child processes against a sandbox: seconds, not milliseconds.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 30_000,
  },
});
