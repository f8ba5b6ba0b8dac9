// The shared facts: every field that states the same fact as a field of another operation, each row with the two
// places that state it and how to compare them on one day. `shared-facts.test.ts` walks the whole table over its
// sample of days; an operation or field that states one of these facts joins its row (or gets a row of its own).
import type { SandboxFetch } from '../client.js';

export type Row = Record<string, string>;
type Json = Row & Record<string, unknown>;

/** Reads answers with every number kept as the digits sent (a quota's 17 decimals survive), each path once. */
export class Reader {
  readonly #memo = new Map<string, Promise<unknown>>();
  constructor(private readonly call: SandboxFetch) {}

  /** The answer's JSON; undefined on 404 (nothing published for those parameters). */
  json<T>(path: string): Promise<T | undefined> {
    let hit = this.#memo.get(path);
    if (!hit) {
      hit = this.call(path).then(async (res) => {
        const text = await res.text();
        if (res.status === 404) return undefined;
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text.slice(0, 200)}`);
        return JSON.parse(text.replace(/([:[,])(-?\d[\d.eE+-]*)(?=[,\]}])/g, '$1"$2"'));
      });
      this.#memo.set(path, hit);
    }
    return hit as Promise<T | undefined>;
  }
}

export interface Sample {
  read: Reader;
  /** A business day both sides publish. */
  day: string;
  /** The sandbox's last closed business day (the v1 details and E7 show the state of then). */
  latest: string;
}

/** One disagreement: where, and the two values. */
export type Mismatch = string;

export interface SharedFact {
  /** The fact both places state. */
  fact: string;
  /** Operation and field on each side. */
  left: string;
  right: string;
  /** The comparisons on one day of the sample; an empty list when they agree. Throws when nothing was compared. */
  compare(sample: Sample): Promise<Mismatch[]>;
}

const V1 = '/feed/fundos/v1';
const V2 = '/feed/fundos/v2/fundos';
const PI = '/feed/precos-indices';
const pad10 = (code: string) => code.padStart(10, '0');
const digits = (cnpj: string) => cnpj.replace(/\D/g, '');
/** A figure as a field of `scale` decimals shows it. */
const at = (v: string | undefined, scale: number) => (v === undefined ? 'absent' : Number(v).toFixed(scale));

/** A decimal's first `scale` decimals, as a field of that scale shows the same figure. */
function cut(v: string | undefined, scale: number): string {
  if (v === undefined) return 'absent';
  const [whole, fraction = ''] = v.split('.');
  return `${whole}.${fraction.slice(0, scale).padEnd(scale, '0')}`;
}

function differ(out: Mismatch[], where: string, a: unknown, b: unknown): void {
  if (String(a) !== String(b)) out.push(`${where}: ${String(a)} against ${String(b)}`);
}

function compared<T>(items: T[], what: string): T[] {
  if (items.length === 0) throw new Error(`nothing to compare: ${what}`);
  return items;
}

/** The class codes of the sample's funds by fund CNPJ (digits only), from E1. */
async function classByCnpj(read: Reader): Promise<Map<string, string>> {
  type List = { content: { identificador_fundo: string; classes: { codigo_classe: string }[] }[] };
  const out = new Map<string, string>();
  for (let page = 0; ; page++) {
    const list = (await read.json<List>(`${V2}?size=1000&page=${page}`)) as List;
    for (const f of list.content)
      if (f.classes[0]) out.set(digits(f.identificador_fundo), f.classes[0].codigo_classe);
    if (list.content.length < 1000) return out;
  }
}

/** A unit's record of the single-fund series on one day. */
async function seriesOn(read: Reader, unit: string, day: string): Promise<Row | undefined> {
  const page = await read.json<{ content: Row[] }>(
    `${V2}/${unit}/serie-historica?data-inicio=${day}&data-fim=${day}`,
  );
  return page?.content.find((r) => (r.codigo_subclasse ?? r.codigo_classe) === unit);
}

/** The IHFA portfolio in force on `day`: its quarter's, or the one before when the quarter has not started. */
async function ihfaPortfolioOn(read: Reader, day: string): Promise<Row[]> {
  const [y, m] = day.split('-').map(Number) as [number, number];
  let quarter = { year: y, month: m - ((m - 1) % 3) };
  for (let tries = 0; tries < 2; tries++) {
    const rows = await read.json<Row[]>(
      `${PI}/v1/indices/carteira-teorica-ihfa?mes=${String(quarter.month).padStart(2, '0')}&ano=${quarter.year}`,
    );
    const first = rows?.[0];
    if (rows && first && String(first.data_inicio) <= day && day <= String(first.data_fim)) return rows;
    quarter = quarter.month === 1 ? { year: y - 1, month: 10 } : { year: y, month: quarter.month - 3 };
  }
  throw new Error(`no IHFA portfolio in force on ${day}`);
}

type V1Detail = Record<string, Json> & { serie_historica: Row; taxas: Row; historico_taxas: Row[] };

/** The v1 funds of the sample with their details: 555 and offshore by code, structured by CNPJ. */
async function v1Details(read: Reader): Promise<{ unit: string; kind: string; body: V1Detail }[]> {
  const out: { unit: string; kind: string; body: V1Detail }[] = [];
  for (const kind of ['fundos', 'fundos-offshore']) {
    const list = (await read.json<{ content: Row[] }>(`${V1}/${kind}?size=1000`)) as { content: Row[] };
    for (const { codigo_fundo } of list.content) {
      const body = (await read.json<V1Detail>(`${V1}/${kind}/${codigo_fundo}`)) as V1Detail;
      out.push({ unit: `C${pad10(codigo_fundo as string)}`, kind, body });
    }
  }
  const list = (await read.json<{ content: Row[] }>(`${V1}/fundos-estruturados?size=300`)) as {
    content: Row[];
  };
  for (const { cnpj_fundo } of list.content) {
    const body = (await read.json<V1Detail>(`${V1}/fundos-estruturados/${cnpj_fundo}`)) as V1Detail;
    out.push({ unit: String(cnpj_fundo), kind: 'fundos-estruturados', body });
  }
  return out;
}

/** E7's record of a fund on the last closed day, by the v2 code of each of its units, in E7's unit order. */
async function registryUnits(
  read: Reader,
  latest: string,
): Promise<Map<string, { cls: Json; minimums: Json }>> {
  type Rec = { classes: Json[]; subclasses: Row[]; 'valores-minimos-movimentacao': Json[] };
  const out = new Map<string, { cls: Json; minimums: Json }>();
  for (let page = 0; ; page++) {
    const batch = (await read.json<{ content: Rec[] }>(
      `${V2}/dados-cadastrais/lote?data-atualizacao=2000-01-01T00:00:00.000&size=1000&page=${page}`,
    )) ?? { content: [] };
    for (const r of batch.content) {
      // E7 lists one minimums record per unit: each class's subclasses (codes between it and the next class's), or
      // the class itself.
      const subs = r.subclasses.map((s) => String(s.codigo_subclasse ?? s.codigo));
      const num = (code: string) => Number(code.slice(1));
      let u = 0;
      for (const [i, cls] of r.classes.entries()) {
        const from = num(String(cls.codigo_classe));
        const next = r.classes[i + 1];
        const to = next ? num(String(next.codigo_classe)) : Number.POSITIVE_INFINITY;
        const own = subs.filter((s) => num(s) > from && num(s) < to);
        for (const code of own.length ? own : [String(cls.codigo_classe)])
          out.set(code, { cls, minimums: r['valores-minimos-movimentacao'][u++] as Json });
      }
    }
    if (batch.content.length < 1000) break;
  }
  if (out.size === 0) throw new Error(`E7 answered no record (as of ${latest})`);
  return out;
}

export const SHARED_FACTS: SharedFact[] = [
  {
    fact: 'a class’s quota and net worth on a day',
    left: 'v1 details (555, offshore): serie_historica.valor_cota, patrimonio_liquido',
    right: 'E6 single-fund series: valor_cota, valor_patrimonio_liquido',
    async compare({ read }) {
      const out: Mismatch[] = [];
      const details = (await v1Details(read)).filter((d) => d.kind !== 'fundos-estruturados');
      for (const { unit, body } of compared(details, 'v1 details')) {
        const s = body.serie_historica;
        const quota = String(s.valor_cota);
        const v2 = await seriesOn(read, unit, String(s.data_referencia).slice(0, 10));
        differ(out, `${unit} valor_cota`, quota, v2?.valor_cota?.slice(0, quota.length));
        differ(out, `${unit} patrimonio`, at(s.patrimonio_liquido, 2), at(v2?.valor_patrimonio_liquido, 2));
      }
      return out;
    },
  },
  {
    fact: 'a unit’s last date (a closed unit’s last quota is a business day the v2 series has)',
    left: 'v1 details: serie_historica.data_referencia, classes_serie_cota[].serie-historica.data_referencia',
    right: 'E6 single-fund series: data_competencia',
    async compare({ read }) {
      const out: Mismatch[] = [];
      for (const { unit, kind, body } of compared(await v1Details(read), 'v1 details')) {
        if (kind === 'fundos-estruturados') continue;
        const day = String(body.serie_historica.data_referencia).slice(0, 10);
        const v2 = await seriesOn(read, unit, day);
        if (!v2) out.push(`${unit}: v1's last quota on ${day}, a day E6 has no quota for`);
      }
      return out;
    },
  },
  {
    fact: 'a fund’s quota in the IHFA on a day',
    left: 'indices-mais/resultados-ihfa: componentes[].quota',
    right: 'E6 single-fund series of the fund’s class: valor_cota (its first 6 decimals)',
    async compare({ read, day }) {
      const out: Mismatch[] = [];
      const classes = await classByCnpj(read);
      const rows = (await read.json<Json[]>(`${PI}/v1/indices-mais/resultados-ihfa?data=${day}`)) ?? [];
      const components = (rows[0]?.componentes ?? []) as Row[];
      for (const c of compared(components, `IHFA components on ${day}`)) {
        const unit = classes.get(digits(c.cnpj_fundo as string));
        if (!unit) {
          out.push(`${c.cnpj_fundo}: an IHFA fund E1 does not list`);
          continue;
        }
        const v2 = await seriesOn(read, unit, day);
        differ(out, `${unit} on ${day}`, at(c.quota, 6), cut(v2?.valor_cota, 6));
      }
      return out;
    },
  },
  {
    fact: 'a fund’s theoretical quantity in the IHFA portfolio in force',
    left: 'indices-mais/resultados-ihfa: componentes[].quantidade_teorica',
    right: 'carteira-teorica-ihfa: quantidade_teorica',
    async compare({ read, day }) {
      const out: Mismatch[] = [];
      const portfolio = new Map(
        (await ihfaPortfolioOn(read, day)).map((r) => [digits(r.cnpj_fundo as string), r]),
      );
      const rows = (await read.json<Json[]>(`${PI}/v1/indices-mais/resultados-ihfa?data=${day}`)) ?? [];
      for (const c of compared((rows[0]?.componentes ?? []) as Row[], `IHFA components on ${day}`)) {
        const held = portfolio.get(digits(c.cnpj_fundo as string));
        differ(out, `${c.cnpj_fundo} on ${day}`, c.quantidade_teorica, held?.quantidade_teorica);
        differ(out, `${c.cnpj_fundo} peso on ${day}`, c.peso, held?.peso);
      }
      return out;
    },
  },
  {
    fact: 'an index’s intraday value on a day',
    left: 'indices/resultados-intradiarios-ima: indice_intradiario, variacao_intradiaria',
    right: 'ima-etf/resultado-intradiario: the same fields, by index name',
    async compare({ read, day }) {
      const out: Mismatch[] = [];
      const one = (await read.json<Row[]>(`${PI}/v1/indices/resultados-intradiarios-ima?data=${day}`)) ?? [];
      const etf = (await read.json<Row[]>(`${PI}/v2/ima-etf/resultado-intradiario?data=${day}`)) ?? [];
      const shared = etf.filter((e) => one.some((r) => r.indice === e.indice));
      for (const e of compared(shared, `intraday indices of both families on ${day}`)) {
        const r = one.find((x) => x.indice === e.indice) as Row;
        differ(out, `${e.indice} on ${day}`, e.indice_intradiario, r.indice_intradiario);
        differ(out, `${e.indice} variation on ${day}`, e.variacao_intradiaria, r.variacao_intradiaria);
      }
      return out;
    },
  },
  {
    fact: 'an index’s value, market value and duration on a day',
    left: 'indices/resultados-ima and indices-mais/resultados-ima: numero_indice, valor_mercado, duration',
    right: 'ima-etf/resultado-diario: valor_indice, carteira_mercado, duration',
    async compare({ read, day }) {
      const out: Mismatch[] = [];
      const one = (await read.json<Row[]>(`${PI}/v1/indices/resultados-ima?data=${day}`)) ?? [];
      const mais = (await read.json<Row[]>(`${PI}/v1/indices-mais/resultados-ima?data=${day}`)) ?? [];
      const etf = (await read.json<Row[]>(`${PI}/v2/ima-etf/resultado-diario?data=${day}`)) ?? [];
      for (const r of compared(one, `IMA results on ${day}`)) {
        const m = mais.find((x) => x.indice === r.indice);
        for (const f of ['numero_indice', 'valor_mercado', 'duration', 'peso_indice'])
          differ(out, `${r.indice} ${f} on ${day}`, r[f], m?.[f]);
        const e = etf.find((x) => x.indice === r.indice);
        if (!e) continue;
        differ(out, `${r.indice} ETF value on ${day}`, e.valor_indice, r.numero_indice);
        differ(out, `${r.indice} ETF market value on ${day}`, e.carteira_mercado, r.valor_mercado);
      }
      return out;
    },
  },
  {
    fact: 'a bond’s price, rate, term, duration and convexity on a day',
    left: 'ima-etf/composicao-diaria: one index’s record of the bond',
    right:
      'ima-etf/composicao-diaria (another index holding it) and mercado-secundario-TPF: taxa_indicativa, pu',
    async compare({ read, day }) {
      const out: Mismatch[] = [];
      const rows = (await read.json<Row[]>(`${PI}/v2/ima-etf/composicao-diaria?data=${day}`)) ?? [];
      const tpf =
        (await read.json<Row[]>(`${PI}/v1/titulos-publicos/mercado-secundario-TPF?data=${day}`)) ?? [];
      const first = new Map<string, Row>();
      const FIELDS = [
        'taxa_indicativa',
        'pu_indicativo',
        'pu_juros',
        'prazo',
        'duration',
        'convexidade',
        'prazo_medio_repactuacao',
      ];
      for (const r of compared(rows, `ETF composition on ${day}`)) {
        const seen = first.get(r.codigo_isin as string);
        if (!seen) first.set(r.codigo_isin as string, r);
        else
          for (const f of FIELDS)
            differ(out, `${r.codigo_isin} ${f} in ${seen.indice} and ${r.indice} on ${day}`, seen[f], r[f]);
        const market = tpf.find(
          (t) =>
            t.codigo_isin === r.codigo_isin ||
            (t.codigo_selic === r.codigo_selic_titulo && t.data_vencimento === r.data_vencimento),
        );
        if (!market) continue;
        differ(
          out,
          `${r.codigo_isin} rate against TPF on ${day}`,
          at(r.taxa_indicativa, 4),
          at(market.taxa_indicativa, 4),
        );
        differ(out, `${r.codigo_isin} price against TPF on ${day}`, at(r.pu_indicativo, 6), at(market.pu, 6));
      }
      type Ima = Row & { componentes?: Row[] };
      const ima = (await read.json<Ima[]>(`${PI}/v1/indices-mais/resultados-ima?data=${day}`)) ?? [];
      const components = compared(
        ima.flatMap((i) => i.componentes ?? []),
        `IMA components on ${day}`,
      );
      for (const c of components) {
        const market = tpf.find(
          (t) => t.tipo_titulo === c.tipo_titulo && t.data_vencimento === c.data_vencimento,
        );
        const where = `${c.tipo_titulo} ${c.data_vencimento} in the IMA components on ${day}`;
        if (!market) {
          out.push(`${where}: a bond mercado-secundario-TPF does not price`);
          continue;
        }
        differ(out, `${where}: rate`, at(c.taxa_indicativa, 4), at(market.taxa_indicativa, 4));
        differ(out, `${where}: price`, at(c.pu, 6), at(market.pu, 6));
      }
      return out;
    },
  },
  {
    fact: 'the current fees are the last period of the fee history',
    left: 'v1 structured and offshore details: taxas',
    right: 'the same details: the last historico_taxas entry (every field but data_referencia)',
    async compare({ read }) {
      const out: Mismatch[] = [];
      const details = (await v1Details(read)).filter((d) => d.kind !== 'fundos');
      for (const { unit, body } of compared(details, 'v1 details with fees')) {
        const last = body.historico_taxas[body.historico_taxas.length - 1] as Row;
        for (const f of Object.keys(body.taxas))
          if (f !== 'data_referencia') differ(out, `${unit} ${f}`, body.taxas[f], last[f]);
      }
      return out;
    },
  },
  {
    fact: 'a class’s minimums to invest and redeem',
    left: 'v1 details: movimentacao (555, offshore) and classes_serie_cota[].movimentacao (structured)',
    right: 'E7 valores-minimos-movimentacao of the same unit',
    async compare({ read, latest }) {
      const out: Mismatch[] = [];
      const units = await registryUnits(read, latest);
      const pairs: [string, Row][] = [];
      for (const { unit, kind, body } of compared(await v1Details(read), 'v1 details')) {
        if (kind !== 'fundos-estruturados') pairs.push([unit, body.movimentacao as unknown as Row]);
        else {
          const series = body.classes_serie_cota as unknown as (Row & { movimentacao: Row })[];
          const many = series.length > 1;
          for (const c of series)
            pairs.push([`${many ? 'S' : 'C'}${pad10(c.codigo_assoc as string)}`, c.movimentacao]);
        }
      }
      for (const [unit, v1] of pairs) {
        const v2 = units.get(unit)?.minimums as Row | undefined;
        if (!v2) {
          out.push(`${unit}: a v1 unit E7 does not list`);
          continue;
        }
        differ(
          out,
          `${unit} initial`,
          at(v1.aplicacao_inicial_minima, 2),
          at(v2.valor_minimo_aplicacao_inicial, 2),
        );
        differ(
          out,
          `${unit} additional`,
          at(v1.aplicacao_adicional_minima, 2),
          at(v2.valor_minimo_aplicacao_subsequente, 2),
        );
        differ(out, `${unit} redemption`, at(v1.resgate_minimo, 2), at(v2.valor_minimo_resgate, 2));
        const balance = v1.saldo_minimo_aplicado ?? v1.saldo_minimo_aplicado_ao_fundo;
        differ(out, `${unit} balance`, at(balance, 2), at(v2.valor_minimo_permanencia, 2));
      }
      return out;
    },
  },
  {
    fact: 'a class’s foreign-investment limit and target taxation',
    left: 'v1 555 and offshore details: dados-cadastrais.investimento_exterior, tributacao_alvo',
    right: 'E7 classes[]: investimento_exterior, tributacao_perseguida',
    async compare({ read, latest }) {
      const out: Mismatch[] = [];
      const units = await registryUnits(read, latest);
      for (const { unit, kind, body } of compared(await v1Details(read), 'v1 details')) {
        if (kind === 'fundos-estruturados') continue;
        const cad = body['dados-cadastrais'] as Row;
        const cls = units.get(unit)?.cls as Row | undefined;
        differ(out, `${unit} investimento_exterior`, cad.investimento_exterior, cls?.investimento_exterior);
        if ('tributacao_alvo' in cad)
          differ(out, `${unit} taxation`, cad.tributacao_alvo, cls?.tributacao_perseguida);
      }
      return out;
    },
  },
];
