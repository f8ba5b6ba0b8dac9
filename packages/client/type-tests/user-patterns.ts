// What a TypeScript user writes first, compiled as a user's project compiles it (strict; `module` nodenext and
// bundler: the two tsconfig files here), against the built declarations of the published packages. Run by
// src/user-patterns.test.ts, with TypeScript 5.9 and 7. Misspelt options, which must not compile, are in
// misspelt-options.ts.
import {
  createFeedClient,
  type FeedClientOptions,
  type FundosV2Components,
  type TextErrorBody,
} from '@assoc-feed/client';
import { createFundosV1Client } from '@assoc-feed/fundos-v1';
import { createFundosV2Client } from '@assoc-feed/fundos-v2';
import { createPrecosIndicesClient } from '@assoc-feed/precos-indices';

declare const clientId: string;
declare const clientSecret: string;
// Node's `process.env`, as @types/node types it (these projects compile without Node's types).
declare const process: { env: Record<string, string | undefined> };
type Detail = FundosV2Components['schemas']['FundosV2Detail'];
const DETAIL = '/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}';
const params = { path: { codigo_fundo_ou_classe_ou_subclasse: 'F0000100007' } };

export async function afterIfErrorThrow(): Promise<string> {
  const feed = createFeedClient({ clientId, clientSecret, environment: 'sandbox' });
  const { data, error } = await feed.fundosV2.GET(DETAIL, { params });
  if (error) throw new Error(`the fund could not be read: ${JSON.stringify(error)}`);
  const detail: Detail = data;
  return detail.codigo_fundo;
}

export async function afterIfErrorThrowOnAPage(): Promise<string[]> {
  const feed = createFeedClient({ clientId, clientSecret, environment: 'sandbox' });
  const { data, error } = await feed.fundosV2.GET('/feed/fundos/v2/fundos', {
    params: { query: { size: 3 } },
  });
  if (error) throw new Error(`the funds could not be read: ${JSON.stringify(error)}`);
  return data.content.map((fund) => fund.codigo_fundo);
}

export async function afterIfResultErrorReturn(): Promise<number | undefined> {
  const feed = createFeedClient({ clientId, clientSecret, environment: 'sandbox' });
  const result = await feed.fundosV2.GET('/feed/fundos/v2/fundos', { params: { query: { size: 10 } } });
  if (result.error) return;
  return result.data.totalSize;
}

export async function theErrorBranch(): Promise<string> {
  const feed = createFeedClient({ clientId, clientSecret, environment: 'sandbox' });
  const { data, error } = await feed.fundosV2.GET(DETAIL, { params });
  if (!error) return data.codigo_fundo;
  // Either the service's error object or a TextErrorBody (a body that was not one, such as the gateway's bare
  // string): both carry the status, a kind and the message.
  const either: { status: number; error: string; message: string } = error;
  const text: TextErrorBody = { status: 401, error: 'text body', message: 'Client Id … is invalid.' };
  return `${either.status} ${either.error}: ${either.message}; ${text.message}`;
}

export async function withThrowOnError(): Promise<number> {
  const feed = createFeedClient({ clientId, clientSecret, environment: 'sandbox', throwOnError: true });
  const { data, error } = await feed.fundosV2.GET('/feed/fundos/v2/fundos', {});
  if (error) throw new Error('never: a throwing client has no error branch');
  return data.totalSize;
}

export async function eachDocumentClient(): Promise<unknown[]> {
  const options = { clientId, clientSecret, environment: 'sandbox' } as const;
  const v2 = createFundosV2Client(options);
  const v1 = createFundosV1Client(options);
  const precos = createPrecosIndicesClient(options);
  const found: unknown[] = [];

  const a = await v2.GET('/feed/fundos/v2/fundos', {});
  if (a.error) return found;
  found.push(a.data.totalSize);

  const { data: b, error: bError } = await v1.GET('/feed/fundos/v1/fundos', {});
  if (bError) throw new Error(bError.message);
  found.push(b.content);

  const { data: c, error: cError } = await precos.GET('/feed/precos-indices/v1/titulos-publicos/vna', {});
  if (cError) throw new Error(cError.message);
  found.push(c.length);

  const throwing = createFundosV1Client({ ...options, throwOnError: true });
  const { data: d } = await throwing.GET('/feed/fundos/v1/fundos', {});
  found.push(d.content);
  return found;
}

/** Options as users write them: from the environment, none at all, built beforehand (`as const`, `satisfies`). */
export async function optionsAsUsersWriteThem(): Promise<number> {
  const fromEnv = createFeedClient({
    clientId: process.env.FEED_CLIENT_ID,
    clientSecret: process.env.FEED_CLIENT_SECRET,
  });
  const none = createFeedClient();
  const asConst = { clientId, clientSecret, environment: 'sandbox', throwOnError: true } as const;
  const satisfied = { clientId, clientSecret, throwOnError: true } satisfies FeedClientOptions;
  const throwing = [createFeedClient(asConst), createFeedClient(satisfied)];
  const exact = createFundosV2Client({ clientId, numbers: 'exact', throwOnError: true });
  const { data: quota } = await exact.GET('/feed/fundos/v2/fundos', {});
  const totals: number[] = [quota.totalSize];
  for (const feed of throwing) {
    // A throwing client's result is its success branch: `data` needs no check.
    const { data } = await feed.fundosV2.GET('/feed/fundos/v2/fundos', {});
    totals.push(data.totalSize);
  }
  const r1 = await fromEnv.fundosV1.GET('/feed/fundos/v1/fundos', {});
  const r2 = await none.precosIndices.GET('/feed/precos-indices/v1/titulos-publicos/vna', {});
  return totals.length + (r1.error ? 0 : 1) + (r2.error ? 0 : 1);
}
