// The batch series (E8): every daily record updated since a date, followed by cursor, with each class's newest
// quota value. Run: npx tsx examples/quota-series.ts 2026-11-16 (the date defaults to that one).
import { createFeedClient } from '@assoc-feed/client';

const since = process.argv[2] ?? '2026-11-16';
const feed = createFeedClient();

const newest = new Map<string, { date: string; quota: number }>();
let records = 0;
for await (const row of feed.fundosV2.paginate('/feed/fundos/v2/fundos/serie-historica/lote', {
  params: { query: { 'data-atualizacao': `${since}T00:00:00.000` } },
})) {
  records++;
  const seen = newest.get(row.codigo_classe);
  if (
    row.valor_cota !== null &&
    row.valor_cota !== undefined &&
    (!seen || row.data_competencia > seen.date)
  ) {
    newest.set(row.codigo_classe, { date: row.data_competencia, quota: Number(row.valor_cota) });
  }
}
console.log(`${records} records updated since ${since}, ${newest.size} classes`);
for (const [code, { date, quota }] of [...newest].slice(0, 3)) console.log(`${code} ${date} ${quota}`);
