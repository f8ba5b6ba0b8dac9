// The base URL of the one Prism mock the Prism files of this package share: vitest.config.ts starts it with
// @assoc-feed/mock's global set-up (as the mock's README shows users), which puts it in FEED_MOCK_URL.

export function mockUrl(): string {
  const url = process.env.FEED_MOCK_URL;
  if (!url) {
    throw new Error(
      "FEED_MOCK_URL is not set: run these tests with this package's vitest.config.ts, whose globalSetup (@assoc-feed/mock/vitest-global-setup) starts the mock",
    );
  }
  return url;
}
