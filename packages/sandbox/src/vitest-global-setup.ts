// Vitest, one line: `test: { globalSetup: ['@assoc-feed/sandbox/vitest-global-setup'] }`. Starts the sandbox
// once per run (in the runner's own process: nothing is left behind if the runner is killed), hands it to the
// tests as `process.env.FEED_SANDBOX_URL` / `_CLIENT_ID` / `_CLIENT_SECRET` and as `inject('feedSandbox')`, and
// stops it when the run ends.
import { type ProvidedSandbox, publish } from './global-setup-env.js';
import { startSandbox } from './start-sandbox.js';

/** What Vitest passes to a global set-up (its TestProject), as far as this module uses it. */
export interface ProvidingProject {
  provide: (key: 'feedSandbox', value: ProvidedSandbox) => void;
}

export default async function setup(project?: ProvidingProject): Promise<() => Promise<void>> {
  const sandbox = await startSandbox();
  const provided = { url: sandbox.url, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret };
  publish(provided);
  project?.provide('feedSandbox', provided);
  return () => sandbox.stop();
}
