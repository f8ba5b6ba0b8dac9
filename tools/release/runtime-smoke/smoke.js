// The runtime smoke: the same checks in every runtime, made by the packed client against a sandbox as a user's
// code makes them: a token, one call, five records through paginate(), and a typed NotFoundError. Plain
// JavaScript, so that Node, Bun and Deno run it as it is and esbuild bundles it for workerd unchanged.
import { createFeedClient, NotFoundError } from '@assoc-feed/client';

const DETAIL = '/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}';

/**
 * Runs the checks against `baseUrl` with the sandbox's credentials; resolves with one line per check, each
 * beginning `ok` or `FAIL`. Never rejects: a check that throws is a FAIL line naming the error.
 */
export async function smoke({ baseUrl, clientId, clientSecret }) {
  const tokens = [];
  const feed = createFeedClient({
    clientId,
    clientSecret,
    baseUrl,
    hooks: { onToken: ({ reason }) => tokens.push(reason) },
  });
  const lines = [];
  const check = async (name, run) => {
    try {
      const fault = await run();
      lines.push(fault ? `FAIL ${name}: ${fault}` : `ok   ${name}`);
    } catch (error) {
      lines.push(`FAIL ${name}: ${error?.name ?? 'Error'}: ${error?.message ?? String(error)}`);
    }
  };

  let firstCode;
  await check('a call (one page of the fund list)', async () => {
    const { data, error } = await feed.fundosV2.GET('/feed/fundos/v2/fundos', {
      params: { query: { size: 2 } },
    });
    if (error) return `answered ${JSON.stringify(error)}`;
    firstCode = data.content[0]?.codigo_fundo;
    return firstCode ? undefined : `no fund in ${JSON.stringify(data).slice(0, 200)}`;
  });
  await check('a token, taken once for the calls', async () =>
    tokens.length === 1 && tokens[0] === 'first' ? undefined : `token events ${JSON.stringify(tokens)}`,
  );
  await check('the fund the list named, by its code', async () => {
    const { data, error } = await feed.fundosV2.GET(DETAIL, {
      params: { path: { codigo_fundo_ou_classe_ou_subclasse: firstCode } },
    });
    if (error) return `answered ${JSON.stringify(error)}`;
    return data.codigo_fundo === firstCode ? undefined : `got ${data.codigo_fundo}, asked for ${firstCode}`;
  });
  await check('five records through paginate(), two to a page', async () => {
    const codes = [];
    for await (const fund of feed.fundosV2.paginate('/feed/fundos/v2/fundos', {
      params: { query: { size: 2 } },
    })) {
      codes.push(fund.codigo_fundo);
      if (codes.length === 5) break;
    }
    return codes.length === 5 && new Set(codes).size === 5 ? undefined : `records ${JSON.stringify(codes)}`;
  });
  await check('a typed NotFoundError for a fund that does not exist', async () => {
    const strict = createFeedClient({ clientId, clientSecret, baseUrl, throwOnError: true });
    try {
      await strict.fundosV2.GET(DETAIL, {
        params: { path: { codigo_fundo_ou_classe_ou_subclasse: 'F9999999999' } },
      });
      return 'the call succeeded';
    } catch (error) {
      if (!(error instanceof NotFoundError)) return `threw ${error?.name}: ${error?.message}`;
      return error.status === 404 && error.code === 'not_found'
        ? undefined
        : `status ${error.status}, code ${error.code}`;
    }
  });
  return lines;
}
