import { defineConfig } from 'vitest/config';

// Timeouts are guards against a hang, sized for a shared machine at half speed or worse (vitest's 5 s default
// failed tests on a busy machine); speed is measured in `pnpm bench`, never here.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Test files run one after another in a shared worker instead of a fresh one each: core's modules and
    // openapi-fetch load once, not once per file (`pnpm bench suite core` compares). Core keeps no state
    // outside its clients (its module-level maps are memos), and a file must leave nothing behind: restore
    // every global, environment variable and timer it stubs.
    isolate: false,
  },
});
