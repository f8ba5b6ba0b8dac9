import { defineConfig } from 'vitest/config';

// Timeouts are guards against a hang, sized for a shared machine at half speed or worse (the global set-up runs
// the Redocly CLI over the lint-rule tests' fixtures); speed is measured in `pnpm bench`, never here.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    include: ['**/*.test.{js,ts}'],
    globalSetup: ['lint-rules/test-support/lint-once.js'],
    exclude: ['**/node_modules/**'],
  },
});
