/** The variables the global set-ups (Vitest, Jest) hand the sandbox to the tests in. */
export const SANDBOX_ENV = {
  url: 'FEED_SANDBOX_URL',
  clientId: 'FEED_SANDBOX_CLIENT_ID',
  clientSecret: 'FEED_SANDBOX_CLIENT_SECRET',
} as const;

/** What `inject('feedSandbox')` gives a Vitest test. */
export interface ProvidedSandbox {
  url: string;
  clientId: string;
  clientSecret: string;
}

export function publish(sandbox: ProvidedSandbox): void {
  process.env[SANDBOX_ENV.url] = sandbox.url;
  process.env[SANDBOX_ENV.clientId] = sandbox.clientId;
  process.env[SANDBOX_ENV.clientSecret] = sandbox.clientSecret;
}
