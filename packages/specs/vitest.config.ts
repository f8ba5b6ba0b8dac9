import { defineConfig } from 'vitest/config';

// Timeouts are guards against a hang, sized for a shared machine at half speed or worse (vitest's 5 s default
// failed tests on a busy machine); speed is measured in `pnpm bench`, never here.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // tooling/ is a package of its own (@assoc-feed/specs-tooling) with its own tests and config.
    include: ['src/**/*.test.ts'],
  },
});
