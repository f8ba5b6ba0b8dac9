// Jest, one line: `globalSetup: '@assoc-feed/mock/jest-global-setup'`. Starts the mock once per run and hands
// its URL to the tests as `process.env.FEED_MOCK_URL`. No teardown line is needed: Prism exits with the Jest
// process that started it (spawn-prism.ts); add `globalTeardown: '@assoc-feed/mock/jest-global-teardown'` to
// stop it before Jest exits.
import { MOCK_URL_ENV } from './global-setup-env.js';
import { type RunningServer, startMock } from './start-mock.js';

const key = Symbol.for('@assoc-feed/mock/jest-global-setup');

export default async function globalSetup(): Promise<void> {
  const running = await startMock();
  process.env[MOCK_URL_ENV] = running.url;
  (globalThis as Record<symbol, RunningServer>)[key] = running;
}

/** Stops the mock globalSetup started (the globalTeardown module calls this). */
export async function stopStarted(): Promise<void> {
  const running = (globalThis as Record<symbol, RunningServer | undefined>)[key];
  delete (globalThis as Record<symbol, RunningServer | undefined>)[key];
  await running?.stop();
}
