// Vitest's types for `inject('feedSandbox')`: a project adds `/// <reference types="@assoc-feed/sandbox/vitest-provided" />`
// once, and every test file's inject() knows the sandbox the global set-up provides.
// The augmented module is loaded for its types only: nothing of Vitest's runs from here.
import type {} from 'vitest';
import type { ProvidedSandbox } from './global-setup-env.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The sandbox `@assoc-feed/sandbox/vitest-global-setup` started for the run. */
    feedSandbox: ProvidedSandbox;
  }
}

export type { ProvidedSandbox };
