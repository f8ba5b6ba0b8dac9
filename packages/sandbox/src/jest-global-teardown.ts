// Jest's `globalTeardown: '@assoc-feed/sandbox/jest-global-teardown'`: stops the sandbox jest-global-setup started.
export { stopStarted as default } from './jest-global-setup.js';
