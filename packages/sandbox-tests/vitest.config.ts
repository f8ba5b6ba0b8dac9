import { defineConfig } from 'vitest/config';

// Paging the 7,231 funds through the clients, with every body checked against the spec, takes a few seconds
// alone and much longer while turbo runs the other packages' tests on the same two cores: the timeouts are
// guards against a hang, not speed checks (those live in `pnpm bench`).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 60_000,
  },
});
