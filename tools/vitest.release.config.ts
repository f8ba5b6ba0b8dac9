import { defineConfig } from 'vitest/config';
import base, { releaseMachinery } from './vitest.config.ts';

// `pnpm --filter @assoc-feed/tools run test:release`: check:packages' machinery on fixture packages, run by
// .ci/run after check:packages (see vitest.config.ts).
export default defineConfig({
  test: {
    ...base.test,
    include: releaseMachinery,
    exclude: ['**/node_modules/**'],
  },
});
