/** The variable the global set-ups (Vitest, Jest) put the mock's base URL in. */
export const MOCK_URL_ENV = 'FEED_MOCK_URL';
