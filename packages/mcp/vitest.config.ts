import { defineConfig } from 'vitest/config';

// The tests talk to the server through the official MCP client: in memory against an in-process sandbox, and the
// built bin over stdio. The timeouts are guards against a hang on a shared machine at half speed, never a measure.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // One worker imports the SDK, the clients and the sandbox once for every file rather than once per file: the
    // files change no global, environment variable or working directory, and each stops what it starts.
    isolate: false,
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
