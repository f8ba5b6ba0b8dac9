// What test-support/lint-once.js provides to the test files.
import type { Finding } from './lint-fixtures.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Findings by fixture set (a lint-rule test file's name), then by fixture name. */
    lintFindings: Record<string, Record<string, Finding[]>>;
  }
}
