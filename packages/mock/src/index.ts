export { createResponseValidator } from './response-validator.js';
export { joinedSpecPath } from './spec-files.js';
export { type MockOptions, type RunningServer, startMock } from './start-mock.js';
export { type PrismProxyOptions, startPrismProxy } from './start-prism-proxy.js';
