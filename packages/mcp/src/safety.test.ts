// Safe by construction: every failure is a tool result with isError and the client's message, the server goes on
// answering, one bound holds the whole result, no secret or token reaches an answer, and a cancelled call aborts
// its request.
import { createInProcessSandbox } from '@assoc-feed/sandbox/in-process';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InProcessSandbox } from './feed.js';
import { type Connected, connectServer, textOf } from './test-support/connect.js';
import { lyingSandbox } from './test-support/lying-sandbox.js';

/**
 * An in-process sandbox that records every request it gets and every token it issues; with `hold`, a data request
 * (not the token's) waits until its signal aborts.
 */
function watched(hold = false) {
  const box = createInProcessSandbox();
  const requests: { url: string; signal?: AbortSignal | null }[] = [];
  const tokens: string[] = [];
  const sandbox: InProcessSandbox = {
    ...box,
    fetch: async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const signal = init?.signal ?? request.signal;
      requests.push({ url: request.url, signal });
      if (hold && request.url.includes('/feed/')) {
        await new Promise((resolve) => signal?.addEventListener('abort', resolve, { once: true }));
        throw signal?.reason;
      }
      const response = await box.fetch(input, init);
      if (request.url.endsWith('/oauth/access-token')) {
        tokens.push(((await response.clone().json()) as { access_token: string }).access_token);
      }
      return response;
    },
  };
  return { sandbox, requests, tokens, secret: box.clientSecret };
}

const size = (r: CallToolResult) => textOf(r).length + JSON.stringify(r.structuredContent ?? {}).length;

describe('failures', () => {
  const box = watched();
  let server: Connected;
  const answers: CallToolResult[] = [];
  const call = async (args: Record<string, unknown>) => {
    const result = await server.call('call_operation', args);
    answers.push(result);
    return result;
  };
  beforeAll(async () => {
    server = await connectServer({ sandbox: box.sandbox });
  });
  afterAll(() => server.close());

  it.each([
    [{ operation: 'noSuchOperation' }, /"noSuchOperation" is not an operation of the Feed API/],
    [
      { operation: 'fundosV2ListFunds', query: { size: 'many' } },
      /size must be a whole number \(got "many"\)/,
    ],
    [{ operation: 'fundosV2ListFunds', query: { size: 5000 } }, /size/],
    [{ operation: 'fundosV2ListFunds', query: { tamanho: 5 } }, /tamanho/],
    [{ operation: 'fundosV2GetSeries' }, /codigo_classe_ou_subclasse is required/],
    [
      { operation: 'fundosV2ListFunds', path: { 'tipo-fundo': 'FIF' } },
      /has no path parameter "tipo-fundo"; it takes none/,
    ],
    [
      { operation: 'precosIndicesIndicesCarteiraTeoricaIma', query: { mes: 10 } },
      /mes and ano must be sent together/,
    ],
    [
      { operation: 'fundosV2GetFund', path: { codigo_fundo_ou_classe_ou_subclasse: 'F9999999999' } },
      /answered 404/,
    ],
    [
      {
        operation: 'fundosV2GetInvestorSegmentNetAssets',
        path: { codigo_classe_ou_subclasse: 'C0000100007' },
      },
      /answered 403/,
    ],
    [{ operation: 'feedRequestAccessToken' }, /not callable here: a token request/],
    [{ operation: 'inputRequestAccessToken' }, /not callable here: a token request/],
    [
      { operation: 'inputPostPrivateSecurities', path: { resource: 'envio' } },
      /not callable here: a POST of the input family/,
    ],
    [{ operation: 'inputPostFidc3040' }, /not callable here: a POST of the input family/],
    [{ operation: 'fundosV2ListFunds', max_records: 5000 }, /max_records/],
  ])('%j comes back as isError with the reason, and the server still answers', async (args, reason) => {
    const result = await call(args);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(reason);
    const after = await call({ operation: 'fundosV2ListFunds', max_records: 1 });
    expect(after.isError).toBeFalsy();
  });

  it('sends nothing the spec refuses: a wrong parameter never reaches the service', async () => {
    const before = box.requests.filter((r) => r.url.includes('/feed/')).length;
    await call({ operation: 'fundosV2ListFunds', query: { size: 'many' } });
    expect(box.requests.filter((r) => r.url.includes('/feed/')).length).toBe(before);
  });

  it('never puts the client secret or an access token in an answer', async () => {
    await call({ operation: 'fundosV2ListFunds', query: { size: 1000 }, max_records: 1000 });
    expect(box.tokens.length).toBeGreaterThan(0);
    const all = JSON.stringify(answers);
    expect(all).not.toContain(box.secret);
    for (const token of box.tokens) expect(all).not.toContain(token);
  });
});

describe('the bound on a result', () => {
  let server: Connected;
  beforeAll(async () => {
    server = await connectServer();
  });
  afterAll(() => server.close());

  it('keeps a thousand funds within 40,000 characters, text and structuredContent together, and says how to ask for less', async () => {
    const result = await server.call('call_operation', {
      operation: 'fundosV2ListFunds',
      query: { size: 1000 },
      max_records: 1000,
    });
    expect(result.isError).toBeFalsy();
    expect(size(result)).toBeLessThanOrEqual(40_000);
    expect(textOf(result)).toMatch(
      /Cut to stay within 40000 characters \(\d+ more records read but not shown\): ask for fewer fields/,
    );
    const { records, next, cut } = result.structuredContent as {
      records: unknown[];
      next: unknown;
      cut: boolean;
    };
    expect(cut).toBe(true);
    expect(next).toEqual({
      operation: 'fundosV2ListFunds',
      query: { page: 0, size: 1000 },
      max_records: 1000,
      skip: records.length,
    });
  });

  it('follows --max-chars', async () => {
    const small = await connectServer({ settings: { maxChars: 3000 } });
    try {
      const result = await small.call('call_operation', { operation: 'fundosV2ListFunds', max_records: 50 });
      expect(size(result)).toBeLessThanOrEqual(3000);
      const list = await small.call('list_operations', {});
      expect(textOf(list).length).toBeLessThanOrEqual(3000);
      expect(textOf(list)).toMatch(/\[Cut at 3000 characters: narrow with search or document\.\]$/);
    } finally {
      await small.close();
    }
  });
});

describe('time', () => {
  it('a call past --timeout-ms comes back as isError naming the timeout', async () => {
    const server = await connectServer({
      sandbox: createInProcessSandbox({ latencyMs: 10_000 }),
      settings: { timeoutMs: 300 },
    });
    try {
      const result = await server.call('call_operation', { operation: 'fundosV2ListFunds', max_records: 1 });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(
        /did not answer within 300 ms.*the user can raise the server's --timeout-ms/,
      );
    } finally {
      await server.close();
    }
  });

  it('a cancelled call aborts its request', async () => {
    const box = watched(true);
    // A deadline far past the test's own waits: only the cancellation can abort the request.
    const server = await connectServer({ sandbox: box.sandbox, settings: { timeoutMs: 3_600_000 } });
    try {
      const controller = new AbortController();
      const pending = server.call(
        'call_operation',
        { operation: 'fundosV2ListFunds', max_records: 1 },
        controller.signal,
      );
      pending.catch(() => {});
      const data = () => box.requests.find((r) => r.url.includes('/feed/'));
      await expect.poll(data, { timeout: 60_000 }).toBeDefined();
      expect(data()?.signal?.aborted).toBe(false);
      controller.abort(new Error('the user cancelled'));
      await expect(pending).rejects.toThrow();
      await expect.poll(() => data()?.signal?.aborted, { timeout: 60_000 }).toBe(true);
    } finally {
      await server.close();
    }
  });
});

/** Words of the SDK an assistant cannot act on: it has call_operation's arguments, not the client's API. */
const SDK_WORDS =
  /params\.|error\.body|paginate\(|pages\(|timeoutMs|maxRetryAfterMs|retry\.|\bbaseUrl\b|tokenUrl|maxResponseBytes|clientId|clientSecret/;

describe('errors an assistant can act on', () => {
  const liar = lyingSandbox();
  let server: Connected;
  let small: Connected;
  beforeAll(async () => {
    server = await connectServer({ sandbox: liar.sandbox });
    small = await connectServer({ sandbox: liar.sandbox, settings: { maxChars: 3000 } });
  });
  afterAll(async () => {
    await server.close();
    await small.close();
  });

  it.each([
    [
      { operation: 'fundosV2GetSeries' },
      /Nothing was sent: codigo_classe_ou_subclasse is required: put it in call_operation's "path" argument, e\.g\. path: \{"codigo_classe_ou_subclasse": …\}/,
    ],
    [
      { operation: 'fundosV2ListFunds', query: { size: 5000 } },
      /size must be at most 1000 .*call_operation reads the following pages itself, up to max_records/,
    ],
    [{ operation: 'fundosV2ListFunds', query: { tamanho: 5 } }, /tamanho is not a query parameter/],
    [
      { operation: 'fundosV2GetFund', path: { codigo_fundo_ou_classe_ou_subclasse: 'F9999999999' } },
      /answered 404\. The service said: .* Nothing there: check the code or date sent/,
    ],
    [
      {
        operation: 'fundosV2GetInvestorSegmentNetAssets',
        path: { codigo_classe_ou_subclasse: 'C0000100007' },
      },
      /answered 403\..*the user must regularise access with the operator/,
    ],
  ])("%j names the fix in the tool's words", async (args, message) => {
    const result = await server.call('call_operation', args);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(message);
    expect(textOf(result)).not.toMatch(SDK_WORDS);
  });

  it("quotes a 400's details from the service instead of pointing at the SDK's error.body.details", async () => {
    liar.setLie((request) =>
      request.url.includes('/feed/')
        ? {
            status: 400,
            body: JSON.stringify({
              status: 400,
              error: 'Bad Request',
              message: 'invalid parameter',
              details: [{ parameter: 'data', rule: 'no data before 2020' }],
            }),
          }
        : undefined,
    );
    try {
      const result = await server.call('call_operation', { operation: 'precosIndicesTitulosPublicosVna' });
      expect(textOf(result)).toMatch(
        /answered 400\. The service said: invalid parameter; details: \[\{"parameter":"data","rule":"no data before 2020"\}\] The service refused a parameter/,
      );
      expect(textOf(result)).not.toMatch(SDK_WORDS);
    } finally {
      liar.setLie(undefined);
    }
  });

  it('keeps an error within --max-chars, however long the value it quotes', async () => {
    const result = await small.call('call_operation', {
      operation: 'fundosV2ListFunds',
      query: { ['k'.repeat(100_000)]: 1 },
    });
    expect(result.isError).toBe(true);
    expect(size(result)).toBeLessThanOrEqual(3000);
    expect(textOf(result)).toMatch(/is not a query parameter/);
  });

  it('refuses an operation name longer than any operationId at once, without the closest-name search', async () => {
    const result = await server.call('call_operation', { operation: 'x'.repeat(2_000_000) });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /operation is 2000000 characters long, and an operationId has at most 100/,
    );
    const described = await server.call('describe_operation', { operation: 'y'.repeat(101) });
    expect(textOf(described)).toMatch(/operation is 101 characters long/);
  });
});
