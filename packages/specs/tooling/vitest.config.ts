import { defineConfig } from 'vitest/config';

// Timeouts are guards against a hang, sized for a shared machine at half speed or worse (the lint-rule tests run
// the Redocly CLI); speed is measured in `pnpm bench`, never here.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    include: ['**/*.test.{js,ts}'],
    exclude: ['**/node_modules/**'],
  },
});
