import { defineConfig } from 'vitest/config';

// Type tests (src/**/*.test-d.ts) run with the others: compiled by tsc, never executed.
export default defineConfig({
  test: {
    typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
});
