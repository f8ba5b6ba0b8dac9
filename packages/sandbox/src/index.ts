export { type SandboxFetch, sandboxFetch } from './client.js';
export type { ProvidedSandbox } from './global-setup-env.js';
export { type RunningSandbox, SANDBOX_DEFAULTS, type SandboxOptions, startSandbox } from './start-sandbox.js';
