import { defineConfig } from 'vitest/config';

// Type tests (src/**/*.test-d.ts) run with the others: compiled by tsc, never executed. Vitest runs tsc on the
// whole project it is given, so it gets one holding only the type tests and what they import (tsc over the rest of
// src is `pnpm lint`'s job). The timeouts are guards against a hang, sized for a shared machine at half speed or
// worse (the suites start sandboxes and Chromium, and read megabyte pages); speed is measured in `pnpm bench`.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: './tsconfig.typecheck.json' },
  },
});
