import { defineConfig } from 'vitest/config';

// The tests talk to the server through the official MCP client: in memory against an in-process sandbox, and the
// built bin over stdio. The timeouts are guards against a hang on a shared machine at half speed, never a measure.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
