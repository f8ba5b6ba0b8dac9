// Vitest's types for `inject('feedMockUrl')`: a project adds `/// <reference types="@assoc-feed/mock/vitest-provided" />`
// once, and every test file's inject() knows the mock's URL the global set-up provides.
// The augmented module is loaded for its types only: nothing of Vitest's runs from here.
import type {} from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The base URL of the mock `@assoc-feed/mock/vitest-global-setup` started for the run. */
    feedMockUrl: string;
  }
}
