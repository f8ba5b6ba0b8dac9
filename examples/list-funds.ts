// Every FIF fund of the list (E1), page by page at the document's maximum size, and how many there are.
// Run: npx tsx examples/list-funds.ts (the credentials and host from FEED_*, as the root README's getting started sets them).
import { createFeedClient } from '@assoc-feed/client';

const feed = createFeedClient(); // FEED_CLIENT_ID, FEED_CLIENT_SECRET, FEED_ENVIRONMENT and its host from the environment

let count = 0;
for await (const fund of feed.fundosV2.paginate('/feed/fundos/v2/fundos', {
  params: { query: { 'tipo-fundo': 'FIF' } },
})) {
  if (count < 3) console.log(`${fund.codigo_fundo} ${fund.nome_comercial_fundo}`);
  count++;
}
console.log(`${count} FIF funds`);
