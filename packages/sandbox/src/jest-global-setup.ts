// Jest, one line: `globalSetup: '@assoc-feed/sandbox/jest-global-setup'`. Starts the sandbox once per run in
// Jest's own process and hands it to the tests as `process.env.FEED_SANDBOX_URL` / `_CLIENT_ID` /
// `_CLIENT_SECRET`. Neither its server nor the connections it holds keep Jest from exiting; add
// `globalTeardown: '@assoc-feed/sandbox/jest-global-teardown'` to close it before.
import { publish } from './global-setup-env.js';
import { type RunningSandbox, startSandbox } from './start-sandbox.js';

const key = Symbol.for('@assoc-feed/sandbox/jest-global-setup');

export default async function globalSetup(): Promise<void> {
  const sandbox = await startSandbox({ unref: true });
  publish(sandbox);
  (globalThis as Record<symbol, RunningSandbox>)[key] = sandbox;
}

/** Stops the sandbox globalSetup started (the globalTeardown module calls this). */
export async function stopStarted(): Promise<void> {
  const sandbox = (globalThis as Record<symbol, RunningSandbox | undefined>)[key];
  delete (globalThis as Record<symbol, RunningSandbox | undefined>)[key];
  await sandbox?.stop();
}
