// What goes wrong, as types: a code that fails its pattern is refused before anything is sent
// (InvalidRequestError), and a fund the service does not know is its documented 404.
// Run: npx tsx examples/typed-errors.ts
import { createFeedClient, InvalidRequestError } from '@assoc-feed/client';

const feed = createFeedClient();
const path = '/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}';

try {
  await feed.fundosV2.GET(path, { params: { path: { codigo_fundo_ou_classe_ou_subclasse: 'not-a-code' } } });
} catch (error) {
  if (!(error instanceof InvalidRequestError)) throw error;
  console.log(`refused before sending: ${error.message}`);
}

const { error, response } = await feed.fundosV2.GET(path, {
  params: { path: { codigo_fundo_ou_classe_ou_subclasse: 'F9999999999' } },
});
console.log(`an unknown fund: ${response.status}${error ? ' (an error body, no data)' : ''}`);
