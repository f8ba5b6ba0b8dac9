// A team's first hour with the published packages, as tools/release/check-packages.ts runs it: copied into a
// throwaway project outside the workspace that installed the packed tarballs, type-checked by TypeScript 5.9
// and 7 under `nodenext` and `bundler` resolution, then run on Node 20, 22 and 24, each against the mock of
// @assoc-feed/mock and the sandbox of @assoc-feed/sandbox started on that same runtime.
// (Excluded from tools/tsconfig.json, which type-checks the other release/ folders: it resolves the packages only
// inside that project.)
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type DocumentClientOptions, FeedError, InvalidRequestError } from '@assoc-feed/core';
import { createFundosV1Client } from '@assoc-feed/fundos-v1';
import { type components, createFundosV2Client } from '@assoc-feed/fundos-v2';
import { startMock } from '@assoc-feed/mock';
import { createPrecosIndicesClient } from '@assoc-feed/precos-indices';
import { SANDBOX_DEFAULTS, startSandbox } from '@assoc-feed/sandbox';

type Fund = components['schemas']['FundosV2Detail'];

/** Compile-time only (never called): the types are the spec's, not `any`. */
export function typesAreReal(client: ReturnType<typeof createFundosV2Client>, fund: Fund): void {
  // @ts-expect-error: a path the spec does not have
  void client.GET('/feed/fundos/v2/nowhere');
  void client.GET('/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}', {
    // @ts-expect-error: the path parameter is required
    params: { path: {} },
  });
  // @ts-expect-error: codigo_fundo is a string
  const wrong: number = fund.codigo_fundo;
  void wrong;
}

/** Runs against a fresh mock, then a fresh sandbox; returns what failed (empty: all good). */
export async function scenario(): Promise<string[]> {
  return [...(await againstTheMock()), ...(await againstTheSandbox())];
}

/** The sandbox from its tarball: a flow A token, then a page of funds with the totals it promises. */
async function againstTheSandbox(): Promise<string[]> {
  const failures: string[] = [];
  const sandbox = await startSandbox();
  try {
    const v2 = createFundosV2Client({
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
      baseUrl: sandbox.url,
      retry: false,
    });
    const page = await v2.GET('/feed/fundos/v2/fundos', { params: { query: { page: 0, size: 10 } } });
    if (page.response.status !== 200) failures.push(`sandbox GET funds: status ${page.response.status}`);
    const total = page.data?.totalSize;
    if (total !== SANDBOX_DEFAULTS.funds) {
      failures.push(`sandbox GET funds: totalSize ${total}, expected ${SANDBOX_DEFAULTS.funds}`);
    }
  } finally {
    await sandbox.stop();
  }
  return failures;
}

async function againstTheMock(): Promise<string[]> {
  const failures: string[] = [];
  const expect = (ok: boolean, what: string) => {
    if (!ok) failures.push(what);
  };
  const mock = await startMock();
  try {
    const options: DocumentClientOptions = {
      clientId: 'consumer',
      clientSecret: 'consumer-secret',
      baseUrl: mock.url,
      retry: false,
    };

    const v2 = createFundosV2Client(options);
    const fund = await v2.GET('/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}', {
      params: { path: { codigo_fundo_ou_classe_ou_subclasse: 'F0000100007' } },
    });
    const codigo: string | undefined = fund.data?.codigo_fundo;
    expect(fund.response.status === 200, `fundos-v2 GET fund: status ${fund.response.status}`);
    expect(
      typeof codigo === 'string' && /^F\d{10}$/.test(codigo),
      `fundos-v2 GET fund: codigo_fundo ${codigo}`,
    );

    const v1 = createFundosV1Client(options);
    const offshore = await v1.GET('/feed/fundos/v1/fundos-offshore', {
      params: { query: { page: 0, size: 10 } },
    });
    expect(
      offshore.response.status === 200,
      `fundos-v1 GET offshore funds: status ${offshore.response.status}`,
    );
    expect(Array.isArray(offshore.data?.content), 'fundos-v1 GET offshore funds: content is a list');
    try {
      await v1.GET('/feed/fundos/v1/fundos/{ANBIMAcode}', { params: { path: { ANBIMAcode: '12' } } });
      failures.push('fundos-v1: a 2-digit ANBIMAcode was sent instead of being refused');
    } catch (error) {
      // One @assoc-feed/core for every client: the error classes are the ones a user imports.
      expect(
        error instanceof InvalidRequestError && error instanceof FeedError,
        `fundos-v1 bad input: ${error}`,
      );
      expect(
        String((error as Error).message).includes('ANBIMAcode'),
        'fundos-v1 bad input: names the parameter',
      );
    }

    const precos = createPrecosIndicesClient(options);
    const vna = await precos.GET('/feed/precos-indices/v1/titulos-publicos/vna');
    expect(
      vna.response.status === 200 && vna.data !== undefined,
      `precos-indices GET vna: ${vna.response.status}`,
    );

    // The specs package: files a user reads, carrying the release version.
    const specsPackage = JSON.parse(
      readFileSync(fileURLToPath(import.meta.resolve('@assoc-feed/specs/package.json')), 'utf8'),
    ) as { version: string };
    const feed = JSON.parse(
      readFileSync(fileURLToPath(import.meta.resolve('@assoc-feed/specs/feed.json')), 'utf8'),
    );
    expect(
      feed.info['x-release'] === specsPackage.version,
      `@assoc-feed/specs feed.json: info.x-release ${feed.info['x-release']}, package version ${specsPackage.version}`,
    );
  } finally {
    await mock.stop();
  }
  return failures;
}
