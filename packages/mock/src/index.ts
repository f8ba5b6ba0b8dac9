export { createResponseValidator } from './response-validator.js';
export { type SandboxFetch, sandboxFetch } from './sandbox/client.js';
export { type RunningSandbox, SANDBOX_DEFAULTS, type SandboxOptions, startSandbox } from './sandbox/index.js';
export { joinedSpecPath } from './spec-files.js';
export { type MockOptions, type RunningServer, startMock } from './start-mock.js';
