import { defineConfig } from 'vitest/config';

// The tests of check:packages' own machinery on fixture packages (registry installs, TypeScript 5.9 and 7, Node
// 20/22/24) run where check:packages runs, as a step of .ci/run (vitest.release.config.ts), not in `./dev test`.
export const releaseMachinery = ['release/package-checks.test.ts', 'release/runtimes.test.ts'];

// Timeouts are guards against a hang, sized for a shared machine at half speed or worse (several suites spawn
// processes and pack tarballs); speed is measured in `pnpm bench`, never here.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    include: ['**/*.test.{js,ts}'],
    exclude: ['**/node_modules/**', ...releaseMachinery],
    // One worker imports the modules (TypeScript, the specs, the generators) once for every file rather than once
    // per file: the files change no global, environment variable or working directory, and each removes what it
    // creates.
    isolate: false,
  },
});
