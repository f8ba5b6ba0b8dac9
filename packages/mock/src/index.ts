export { type MockOptions, type RunningServer, startMock } from './start-mock.js';
export { joinedSpecPath } from './spec-files.js';
export { createResponseValidator } from './response-validator.js';
