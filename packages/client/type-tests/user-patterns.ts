// What a TypeScript user writes first, compiled as a user's project compiles it (strict; `module` nodenext and
// bundler: the two tsconfig files here), against the built declarations of the published packages. Run by
// src/user-patterns.test.ts. Each `@ts-expect-error` marks a mistake that must not compile: if it ever does, the
// unused directive fails the check.
import { createFeedClient, type FundosV2Components, type TextErrorBody } from '@assoc-feed/client';
import { createFundosV1Client } from '@assoc-feed/fundos-v1';
import { createFundosV2Client } from '@assoc-feed/fundos-v2';
import { createPrecosIndicesClient } from '@assoc-feed/precos-indices';

declare const clientId: string;
declare const clientSecret: string;
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

export function misspeltOptions(): void {
  // @ts-expect-error: throwOnErorr is misspelt (throwOnError)
  createFeedClient({ clientId, clientSecret, environment: 'sandbox', throwOnErorr: true });
  // @ts-expect-error: timeoutMS is misspelt (timeoutMs)
  createFeedClient({ clientId, clientSecret, environment: 'sandbox', timeoutMS: 5_000 });
  // @ts-expect-error: enviroment is misspelt (environment)
  createFeedClient({ clientId, clientSecret, enviroment: 'sandbox' });
  // @ts-expect-error: throwOnErorr is misspelt
  createFundosV2Client({ clientId, clientSecret, environment: 'sandbox', throwOnErorr: true });
  // @ts-expect-error: timeoutMS is misspelt
  createFundosV1Client({ clientId, clientSecret, environment: 'sandbox', timeoutMS: 5_000 });
  // @ts-expect-error: enviroment is misspelt
  createPrecosIndicesClient({ clientId, clientSecret, enviroment: 'sandbox' });
  const built = { clientId, clientSecret, environment: 'sandbox' as const, timeoutMS: 5_000 };
  // @ts-expect-error: a misspelt option in an options object built beforehand is refused too
  createFeedClient(built);
}
