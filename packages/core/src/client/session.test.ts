import { describe, expect, it } from 'vitest';
import { createTokenManager } from '../auth/flow-a.js';
import {
  BASE_URL,
  CLIENT_ID,
  CLIENT_SECRET,
  createFakeFeed,
  meta,
  type paths,
} from '../test-support/fixtures.js';
import { createRetryBudget } from '../transport/retry-budget.js';
import { createDocumentClient } from './create-document-client.js';
import { createSession, withSession } from './session.js';

const options = { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, baseUrl: BASE_URL };

describe('a session: the token manager and retry budget several document clients share', () => {
  it('is handed to every client made with it: one token manager, one budget', () => {
    const feed = createFakeFeed();
    const session = createSession({ ...options, fetch: feed.fetch });
    const shared = withSession({ ...options, fetch: feed.fetch }, session);
    const a = createDocumentClient<paths>(shared, meta);
    const b = createDocumentClient<paths>(shared, meta);
    expect(a.tokenManager).toBe(session.tokenManager);
    expect(b.tokenManager).toBe(session.tokenManager);
    expect(session.retryBudget).toBeDefined();
    expect(a.retryBudget).toBe(session.retryBudget);
    expect(b.retryBudget).toBe(session.retryBudget);
  });

  it.each([
    [
      'a token manager of the caller',
      () => ({ tokenManager: createTokenManager({ ...options, tokenUrl: `${BASE_URL}/token` }) }),
      'tokenManager',
    ],
    ['a retry budget of the caller', () => ({ retry: { budget: createRetryBudget() } }), 'retryBudget'],
  ] as const)('keeps %s', (_, given, key) => {
    const extra = given();
    const session = createSession({ ...options, ...extra });
    const expected = 'tokenManager' in extra ? extra.tokenManager : extra.retry.budget;
    expect(session[key]).toBe(expected);
  });

  it('has no budget under retry: false, and the clients keep retry: false', () => {
    const session = createSession({ ...options, retry: false });
    expect(session.retryBudget).toBeUndefined();
    const client = createDocumentClient<paths>(withSession({ ...options, retry: false }, session), meta);
    expect(client.retryBudget).toBeUndefined();
  });

  it('checks the options as a client does', () => {
    expect(() => createSession({ ...options, timeoutMs: -1 })).toThrow(/timeoutMs/);
  });
});
