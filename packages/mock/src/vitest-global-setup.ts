// Vitest, one line: `test: { globalSetup: ['@assoc-feed/mock/vitest-global-setup'] }`. Starts the mock (Prism on
// the joined spec) once per run, hands its URL to the tests as `process.env.FEED_MOCK_URL` and as
// `inject('feedMockUrl')`, and stops it when the run ends. Killed runs leave no Prism behind (spawn-prism.ts).
import { MOCK_URL_ENV } from './global-setup-env.js';
import { startMock } from './start-mock.js';

/** What Vitest passes to a global set-up (its TestProject), as far as this module uses it. */
export interface ProvidingProject {
  provide: (key: 'feedMockUrl', value: string) => void;
}

export default async function setup(project?: ProvidingProject): Promise<() => Promise<void>> {
  const mock = await startMock();
  process.env[MOCK_URL_ENV] = mock.url;
  project?.provide('feedMockUrl', mock.url);
  return () => mock.stop();
}
