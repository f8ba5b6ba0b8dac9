// Jest's `globalTeardown: '@assoc-feed/mock/jest-global-teardown'`: stops the mock jest-global-setup started.
export { stopStarted as default } from './jest-global-setup.js';
