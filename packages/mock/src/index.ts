export { createResponseValidator } from './response-validator.js';
export { type SandboxFetch, sandboxFetch } from './sandbox/client.js';
export { type RunningSandbox, SANDBOX_DEFAULTS, type SandboxOptions, startSandbox } from './sandbox/index.js';
// A spec whose responses are inline, so createResponseValidator's pointers reach every response schema.
export { inlineResponseRefs } from './sandbox/spec/inline-responses.js';
export { joinedSpecPath } from './spec-files.js';
export { type MockOptions, type RunningServer, startMock } from './start-mock.js';
