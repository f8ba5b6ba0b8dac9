// The documented rules the sandbox honours: V7's five date rules, document 3's latest-date and month defaults
// (with the release schedule's time), business days only, and one consistent universe (determinism by seed:
// determinism.test.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import type { SandboxFetch } from './client.js';
import { type InProcessSandbox, inProcessFetch, startInProcess } from './test-support/in-process.js';

let clock = Date.parse('2026-11-19T21:00:00-03:00');
let sandbox: InProcessSandbox;
let call: SandboxFetch;

beforeAll(async () => {
  // Tokens outlive the clock jumps below (a token past its TTL is forgotten for good).
  sandbox = startInProcess({ now: () => clock, entitlements: ['E5'], tokenTtlSeconds: 315_360_000 });
  call = inProcessFetch(sandbox);
});

async function at<T>(moment: string, run: () => Promise<T>): Promise<T> {
  const saved = clock;
  clock = Date.parse(moment);
  try {
    return await run();
  } finally {
    clock = saved;
  }
}

interface HistoryRow {
  data_referencia: string;
}

describe('V7 structured-fund history: the five date rules', () => {
  let cnpj: string;
  let start: string;
  beforeAll(async () => {
    // An old structured fund (history long enough for every rule).
    const page = await call.json<{
      content: {
        cnpj_fundo: string;
        classes_serie_cota: { data_inicio_divulgacao_cota: string; situacao_atual: string }[];
      }[];
    }>('/feed/fundos/v1/fundos-estruturados?size=300');
    const fund = page.body.content.find((f) =>
      f.classes_serie_cota.every(
        (c) => c.situacao_atual === 'A' && c.data_inicio_divulgacao_cota < '2015-01-01',
      ),
    );
    cnpj = fund?.cnpj_fundo as string;
    start = fund?.classes_serie_cota[0]?.data_inicio_divulgacao_cota as string;
    expect(cnpj).toBeDefined();
  });
  const history = (q: string) =>
    call.json<HistoryRow[]>(`/feed/fundos/v1/fundos-estruturados/${cnpj}/serie-historica${q}`);
  const span = (rows: HistoryRow[]) => [rows[0]?.data_referencia, rows[rows.length - 1]?.data_referencia];

  it('no dates: the last five years, up to the last closed business day', async () => {
    const { status, body } = await history('');
    expect(status).toBe(200);
    const [first, last] = span(body);
    expect(first).toBe('2021-11-19');
    expect(last).toBe('2026-11-18');
  });

  it('start after end: the dates are swapped', async () => {
    const swapped = await history('?data-inicio=2026-10-30&data-fim=2026-10-01');
    const straight = await history('?data-inicio=2026-10-01&data-fim=2026-10-30');
    expect(swapped.body).toEqual(straight.body);
    expect(span(straight.body)).toEqual(['2026-10-01', '2026-10-30']);
  });

  it('only the end: the period starts one year before it', async () => {
    const { body } = await history('?data-fim=2025-06-30');
    expect(span(body)).toEqual(['2024-07-01', '2025-06-30']);
  });

  it('only the start: the period ends five years after it (capped at the data available)', async () => {
    const { body } = await history('?data-inicio=2016-03-01');
    expect(span(body)).toEqual(['2016-03-01', '2021-03-01']);
    const recent = await history('?data-inicio=2025-01-02');
    expect(span(recent.body)).toEqual(['2025-01-02', '2026-11-18']);
  });

  it('more than 60 months: 400 naming the parameter and the rule; exactly 60 months passes', async () => {
    const { status, body } = await call.json<{ details: { parameter: string; rule: string }[] }>(
      `/feed/fundos/v1/fundos-estruturados/${cnpj}/serie-historica?data-inicio=2016-01-04&data-fim=2021-01-05`,
    );
    expect(status).toBe(400);
    expect(body.details[0]).toEqual({
      parameter: 'data-fim',
      in: 'query',
      rule: 'a period of at most 60 months',
    });
    expect((await history('?data-inicio=2016-01-04&data-fim=2021-01-04')).status).toBe(200);
  });

  it('one record per class or series of quotas per business day; none on weekends or holidays', async () => {
    const { body } = await history('?data-inicio=2026-11-13&data-fim=2026-11-23');
    const days = [...new Set(body.map((r) => r.data_referencia))];
    expect(days).toEqual(['2026-11-13', '2026-11-16', '2026-11-17', '2026-11-18']);
    expect(body.length % days.length).toBe(0);
    expect(start <= '2015-01-01').toBe(true);
    expect((await history('?data-inicio=1990-01-01&data-fim=1990-02-01')).status).toBe(404);
  });
});

describe('document 3: dates, months and release schedules', () => {
  const ima = '/feed/precos-indices/v1/indices/resultados-ima';
  const dateOf = async (path: string) =>
    ((await call.json<{ data_referencia: string }[]>(path)).body[0] as { data_referencia: string })
      .data_referencia;

  it('without data: the newest business day published by the schedule time', async () => {
    expect(await dateOf(ima)).toBe('2026-11-19'); // 21:00, released from 20:00
    await at('2026-11-19T15:00:00-03:00', async () => {
      expect(await dateOf(ima)).toBe('2026-11-18'); // not yet 20:00
      expect(await dateOf('/feed/precos-indices/v1/titulos-publicos/curva-intradiaria')).toBe('2026-11-19'); // from 14:00
      expect((await call(`${ima}?data=2026-11-19`)).status).toBe(404);
    });
    await at('2026-11-22T12:00:00-03:00', async () => {
      expect(await dateOf(ima)).toBe('2026-11-19'); // Sunday after a Friday holiday
    });
  });

  it('a weekend, a holiday, a future day or a day before the data start answers 404; a bad date 400', async () => {
    for (const data of ['2026-11-21', '2026-11-20', '2026-12-01', '2001-03-01', '0001-01-01']) {
      const res = await call(`${ima}?data=${data}`);
      expect(res.status, data).toBe(404);
    }
    for (const data of ['2026-02-30', '20261119', 'today']) {
      const { status, body } = await call.json<{ details: { parameter: string }[] }>(`${ima}?data=${data}`);
      expect(status, data).toBe(400);
      expect(body.details[0]?.parameter).toBe('data');
    }
    expect(await dateOf(`${ima}?data=2026-11-13`)).toBe('2026-11-13');
  });

  it('mes and ano go together: one alone answers 400 naming the rule', async () => {
    const path = '/feed/precos-indices/v1/indices/carteira-teorica-ima';
    for (const q of ['mes=10', 'ano=2026']) {
      const { status, body } = await call.json<{ details: { parameter: string; rule: string }[] }>(
        `${path}?${q}`,
      );
      expect(status).toBe(400);
      expect(body.details[0]?.rule).toMatch(/requires/);
    }
    const october = await call.json<{ data_inicio: string }[]>(`${path}?mes=10&ano=2026`);
    expect(october.status).toBe(200);
    // Both October releases (release-days.test.ts): the 1st business day's and day 15's.
    expect([...new Set(october.body.map((r) => r.data_inicio))].sort()).toEqual(['2026-10-01', '2026-10-15']);
    expect((await call(`${path}?mes=12&ano=2026`)).status).toBe(404);
    expect((await call(`${path}?mes=13&ano=2026`)).status).toBe(400);
  });

  it('without mes and ano: the newest month published by the rule (IDA: 2nd business day, 11:00)', async () => {
    const path = '/feed/precos-indices/v1/indices/carteira-teorica-ida';
    const start = async () =>
      ((await call.json<{ data_inicio: string }[]>(path)).body[0] as { data_inicio: string }).data_inicio;
    // November 2026: Nov 2 is a holiday, so the 2nd business day is Nov 4.
    expect(await at('2026-11-04T10:59:00-03:00', start)).toBe('2026-10-02');
    expect(await at('2026-11-04T11:00:00-03:00', start)).toBe('2026-11-04');
  });

  it('etf filter: repeatable, unknown codes leave nothing (404)', async () => {
    const path = '/feed/precos-indices/v2/ima-etf/resultado-diario';
    const two = await call.json<{ indice: string }[]>(`${path}?etf=IMA_B5_MAIS&etf=IRF_M_P2`);
    expect(two.body.map((r) => r.indice)).toEqual(['IMA-B 5+', 'IRF-M P2']);
    expect((await call.json<unknown[]>(path)).body.length).toBe(5);
    expect((await call(`${path}?etf=NOPE`)).status).toBe(404);
    expect((await call(`${path}?etf=bad-code`)).status).toBe(400);
  });

  it('difusao-taxas ("throughout the day"): no market call timed after the clock; past days hold every call', async () => {
    const path = '/feed/precos-indices/v1/titulos-publicos/difusao-taxas';
    interface Row {
      provedor_info: string;
      data_referencia: string;
      horario?: string;
    }
    const calls = (rows: Row[]) => rows.filter((r) => r.provedor_info === 'call');
    // 2026-11-19 is a Thursday, a business day.
    const early = await at('2026-11-19T07:00:00-03:00', () => call.json<Row[]>(path));
    expect(early.status).toBe(200);
    expect(early.body.every((r) => r.data_referencia === '2026-11-19')).toBe(true);
    expect(calls(early.body)).toEqual([]);
    expect(early.body.length).toBeGreaterThan(0); // the operator's rows (previous day's rates, no time)

    const noon = await at('2026-11-19T12:00:30-03:00', () => call.json<Row[]>(path));
    const late = await at('2026-11-19T23:00:00-03:00', () => call.json<Row[]>(path));
    const noonTimes = calls(noon.body).map((r) => r.horario as string);
    expect(noonTimes.length).toBeGreaterThan(0);
    expect(noonTimes.every((t) => t < '12:00:00')).toBe(true);
    // The calls made by noon are those of the full day timed before noon: nothing moves, nothing is dropped.
    const lateTimes = calls(late.body).map((r) => r.horario as string);
    expect(noonTimes).toEqual(lateTimes.filter((t) => t < '12:00:00'));
    expect(lateTimes.length).toBeGreaterThan(noonTimes.length);

    // A past day asked at dawn: every call of that day.
    const past = await at('2026-11-20T07:00:00-03:00', () => call.json<Row[]>(`${path}?data=2026-11-19`));
    expect(calls(past.body).map((r) => r.horario)).toEqual(lateTimes);
  });
});

describe('one consistent universe', () => {
  interface ListRecord {
    codigo_fundo: string;
    identificador_fundo: string;
    nome_comercial_fundo: string;
    classes: { codigo_classe: string; identificador_classe: string }[];
    subclases: { codigo: string; nome_comercial: string }[];
  }

  it('a fund has the same codes and names in E1, E2 (by any of its codes), E5, E6, E7 and E8', async () => {
    const list = (await call.json<{ content: ListRecord[] }>('/feed/fundos/v2/fundos?size=300')).body.content;
    const fund = list.find((f) => f.classes.length > 1 && f.subclases.length > 0) as ListRecord;
    expect(fund).toBeDefined();
    const byCode = async (code: string) =>
      (
        await call.json<{ codigo_fundo: string; classes: { codigo_classe: string }[] }>(
          `/feed/fundos/v2/fundos/${code}`,
        )
      ).body;
    const detail = await byCode(fund.codigo_fundo);
    expect(detail.classes.map((c) => c.codigo_classe)).toEqual(fund.classes.map((c) => c.codigo_classe));
    expect(await byCode(fund.classes[1]?.codigo_classe as string)).toEqual(detail);
    expect(await byCode(fund.subclases[0]?.codigo as string)).toEqual(detail);

    const sub = fund.subclases[0] as { codigo: string; nome_comercial: string };
    const segment = (
      await call.json<{
        content: { codigo_fundo: string };
        subclasse: { codigo_subclasse: string; nome_comercial: string };
      }>(`/feed/fundos/v2/fundos/segmento-investidor/${sub.codigo}/patrimonio-liquido`)
    ).body;
    expect(segment.content.codigo_fundo).toBe(fund.codigo_fundo);
    expect(segment.subclasse).toMatchObject({
      codigo_subclasse: sub.codigo,
      nome_comercial: sub.nome_comercial,
    });

    const notes = await call.json<{ content: { codigo_fundo: string; codigo_classe: string }[] }>(
      `/feed/fundos/v2/fundos/${fund.classes[0]?.codigo_classe}/notas-explicativas`,
    );
    for (const n of notes.body.content)
      expect(n).toMatchObject({
        codigo_fundo: fund.codigo_fundo,
        codigo_classe: fund.classes[0]?.codigo_classe,
      });

    const batch = (
      await call.json<{
        content: { content: { codigo_fundo: string }; subclasses: { codigo_subclasse: string }[] }[];
      }>('/feed/fundos/v2/fundos/dados-cadastrais/lote?data-atualizacao=1990-01-01T00:00:00.000&size=300')
    ).body.content.find((r) => r.content.codigo_fundo === fund.codigo_fundo);
    expect(batch?.subclasses.map((s) => s.codigo_subclasse)).toEqual(fund.subclases.map((s) => s.codigo));

    type Series = {
      codigo_fundo: string;
      codigo_classe: string;
      codigo_subclasse: string | null;
      data_competencia: string;
      valor_cota: number;
      valor_patrimonio_liquido: number;
    };
    const series = (
      await call.json<{ content: Series[] }>(
        '/feed/fundos/v2/fundos/serie-historica/lote?data-atualizacao=2026-11-18T09:00:00.000',
      )
    ).body.content.filter((r) => r.codigo_fundo === fund.codigo_fundo);
    const subclassCodes = new Set(fund.subclases.map((s) => s.codigo));
    for (const r of series) {
      expect(fund.classes.map((c) => c.codigo_classe)).toContain(r.codigo_classe);
      if (r.codigo_subclasse !== null) expect(subclassCodes.has(r.codigo_subclasse)).toBe(true);
    }

    // The single-fund series of a subclass holds E8's record of that subclass for the same day, unchanged.
    const ofE8 = series.find((r) => r.codigo_subclasse !== null) as Series;
    expect(ofE8).toBeDefined();
    const one = (
      await call.json<{ content: Series[]; totalSize: number }>(
        `/feed/fundos/v2/fundos/${ofE8.codigo_subclasse}/serie-historica?data-inicio=2026-11-01&data-fim=2026-11-18`,
      )
    ).body;
    expect(one.content.find((r) => r.data_competencia === '2026-11-18')).toEqual(ofE8);
    expect(one.content.every((r) => r.codigo_subclasse === ofE8.codigo_subclasse)).toBe(true);
    expect(one.totalSize).toBe(one.content.length);

    // The detail history ends with E2's detail.
    const history = (await call.json<unknown[]>(`/feed/fundos/v2/fundos/${fund.codigo_fundo}/historico`))
      .body;
    expect(history.at(-1)).toEqual(detail);
  });

  it("a fund's type names agree with its type and category, in v1 and v2; notes fit the fund", async () => {
    type Classe = { nivel_1_categoria: string; nivel_2_categoria: string; tipo_assoc: string };
    const list = (
      await call.json<{ content: { codigo_fundo: string; tipo_fundo: string }[] }>(
        '/feed/fundos/v2/fundos?size=200',
      )
    ).body.content;
    const seen = new Map<string, number>();
    for (const fund of list) {
      // Every type, and a dozen FIFs (their categories vary: Renda Fixa, Multimercados, Ações, ...).
      const n = seen.get(fund.tipo_fundo) ?? 0;
      if (n >= (fund.tipo_fundo === 'FIF' ? 12 : 1)) continue;
      seen.set(fund.tipo_fundo, n + 1);
      const detail = (
        await call.json<{ classes: (Classe & { codigo_classe: string })[] }>(
          `/feed/fundos/v2/fundos/${fund.codigo_fundo}`,
        )
      ).body;
      for (const c of detail.classes) {
        if (['FIDC', 'FII', 'FIP', 'FIAGRO', 'ETF'].includes(fund.tipo_fundo))
          expect(c.nivel_1_categoria).toBe(fund.tipo_fundo);
        expect(c.tipo_assoc).toBe(fund.tipo_fundo === 'ETF' ? 'Passiva' : 'Ativa');
        const notes = (
          await call.json<{ content: { descricao: string }[] }>(
            `/feed/fundos/v2/fundos/${c.codigo_classe}/notas-explicativas`,
          )
        ).body.content;
        if (fund.tipo_fundo !== 'FIDC')
          for (const n of notes) expect(n.descricao).not.toMatch(/seniores|subordinad/i);
      }
    }
    expect([...seen.keys()].sort()).toEqual(['ETF', 'FIAGRO', 'FIDC', 'FIF', 'FII', 'FIP', 'OFFSHORE']);

    // v1: the type names its asset class (555, offshore) or its structured class (FIDC, FII, FIP).
    const v1 = async (path: string) =>
      (await call.json<{ content: Record<string, unknown>[] }>(`${path}?size=15`)).body.content;
    for (const f of await v1('/feed/fundos/v1/fundos')) {
      const d = (
        await call.json<{ 'dados-cadastrais': { classe_assoc: string; tipo_assoc: string } }>(
          `/feed/fundos/v1/fundos/${f.codigo_fundo}`,
        )
      ).body['dados-cadastrais'];
      expect(d.tipo_assoc.startsWith(d.classe_assoc.replace(/s$/, ''))).toBe(true);
    }
    for (const f of await v1('/feed/fundos/v1/fundos-offshore')) {
      const d = (
        await call.json<{ 'dados-cadastrais': { classe_assoc: string; tipo_assoc: string } }>(
          `/feed/fundos/v1/fundos-offshore/${f.codigo_fundo}`,
        )
      ).body['dados-cadastrais'];
      expect(d.tipo_assoc).toBe(`${d.classe_assoc} Investimento no Exterior`);
    }
    for (const f of await v1('/feed/fundos/v1/fundos-estruturados')) {
      const d = (
        await call.json<{ 'dados-cadastrais': { classe_assoc: string; tipo_assoc: string } }>(
          `/feed/fundos/v1/fundos-estruturados/${f.cnpj_fundo}`,
        )
      ).body['dados-cadastrais'];
      expect(d.tipo_assoc.startsWith(`${d.classe_assoc} `)).toBe(true);
    }
  });

  it("a past version of a fund's registry carries nothing dated after it (F0000100007, from 2012)", async () => {
    type Version = {
      codigo_fundo: string;
      data_vigencia_fundo: string;
      adaptado_rcvm175: string;
      documentos: { url: string; data_vigencia: string }[];
      prestadores: { data_inicio_vigencia: string }[];
    };
    const history = (await call.json<Version[]>('/feed/fundos/v2/fundos/F0000100007/historico')).body;
    expect(history.length).toBe(2);
    const [first, current] = history as [Version, Version];
    expect(first.data_vigencia_fundo < '2024-10-01').toBe(true);
    expect(first.adaptado_rcvm175).toBe('N');
    expect(first.codigo_fundo).toBe('F0000100007');
    const asOf = first.data_vigencia_fundo;
    for (const d of first.documentos) {
      expect(d.data_vigencia <= asOf).toBe(true);
      expect(d.url).toContain(`regulamento-${asOf}.pdf`);
    }
    for (const p of first.prestadores) expect(p.data_inicio_vigencia <= asOf).toBe(true);
    expect(current.documentos.some((d) => d.url.endsWith('regulamento-2024-10-01.pdf'))).toBe(true);
    // A class code takes the code forms E2 takes: the history of the fund it belongs to.
    const byClass = await call.json<Version[]>('/feed/fundos/v2/fundos/C0000100007/historico');
    expect(byClass.status).toBe(200);
    expect(byClass.body).toEqual(history);
  });

  it('a structured fund has the same classes or series in V5, V6 and V7, and they are its v2 subclasses', async () => {
    const list = (
      await call.json<{
        content: {
          cnpj_fundo: string;
          classes_serie_cota: { codigo_assoc: string; situacao_atual: string }[];
        }[];
      }>('/feed/fundos/v1/fundos-estruturados?size=300&classe-assoc=FIDC')
    ).body.content;
    const fund = list.find(
      (f) => f.classes_serie_cota.length > 1 && f.classes_serie_cota.every((c) => c.situacao_atual === 'A'),
    );
    expect(fund).toBeDefined();
    const cnpj = fund?.cnpj_fundo as string;
    const detail = (
      await call.json<{ classes_serie_cota: { codigo_assoc: string }[] }>(
        `/feed/fundos/v1/fundos-estruturados/${cnpj}`,
      )
    ).body;
    expect(detail.classes_serie_cota.map((c) => c.codigo_assoc)).toEqual(
      fund?.classes_serie_cota.map((c) => c.codigo_assoc),
    );
    const rows = (
      await call.json<HistoryRow[]>(
        `/feed/fundos/v1/fundos-estruturados/${cnpj}/serie-historica?data-inicio=2026-11-18&data-fim=2026-11-18`,
      )
    ).body;
    expect(rows).toHaveLength(detail.classes_serie_cota.length);
    const v2 = (
      await call.json<{ identificador_fundo: string; classes: unknown[] }>(
        `/feed/fundos/v2/fundos/S0000${detail.classes_serie_cota[0]?.codigo_assoc}`,
      )
    ).body;
    expect(v2.identificador_fundo).toBe(cnpj);
  });

  it("an index portfolio's bonds are those of its daily composition; the curves' bonds those of the market", async () => {
    interface Bondish {
      indice: string;
      codigo_selic_titulo: string;
      codigo_isin: string;
      data_vencimento: string;
    }
    const key = (b: Bondish) => `${b.indice}|${b.codigo_selic_titulo}|${b.codigo_isin}|${b.data_vencimento}`;
    const portfolio = (
      await call.json<Bondish[]>(
        '/feed/precos-indices/v2/ima-etf/carteira-teorica?mes=10&ano=2026&etf=IMA_B5_MAIS',
      )
    ).body;
    const composition = (
      await call.json<Bondish[]>(
        '/feed/precos-indices/v2/ima-etf/composicao-diaria?data=2026-10-29&etf=IMA_B5_MAIS',
      )
    ).body;
    expect(composition.map(key).sort()).toEqual(portfolio.map(key).sort());

    const market = (
      await call.json<
        { codigo_selic: string; data_vencimento: string; taxa_indicativa: number; pu: number }[]
      >('/feed/precos-indices/v1/titulos-publicos/mercado-secundario-TPF?data=2026-10-29')
    ).body;
    const [curves] = (
      await call.json<{ erros: { codigo_selic: string; data_vencimento: string }[] }[]>(
        '/feed/precos-indices/v1/titulos-publicos/curvas-juros?data=2026-10-29',
      )
    ).body;
    if (!curves) throw new Error('curvas-juros answered no date');
    const traded = new Set(market.map((m) => `${m.codigo_selic}|${m.data_vencimento}`));
    for (const e of curves.erros) expect(traded.has(`${e.codigo_selic}|${e.data_vencimento}`)).toBe(true);
    const compositionPrices = (
      await call.json<{ codigo_selic_titulo: string; data_vencimento: string; pu_indicativo: number }[]>(
        '/feed/precos-indices/v2/ima-etf/composicao-diaria?data=2026-10-29&etf=IMA_B',
      )
    ).body;
    for (const c of compositionPrices) {
      const m = market.find(
        (x) => x.codigo_selic === c.codigo_selic_titulo && x.data_vencimento === c.data_vencimento,
      );
      expect(m?.pu).toBe(c.pu_indicativo);
    }

    // One object per index, its debentures in `referencias` (public-client evidence, item 17).
    const ida = (
      await call.json<{ indice: string; referencias: { codigo_titulo: string }[] }[]>(
        '/feed/precos-indices/v1/indices-mais/carteira-teorica-ida?mes=10&ano=2026',
      )
    ).body;
    const results = (
      await call.json<{ indice: string; componentes: { codigo: string }[] }[]>(
        '/feed/precos-indices/v1/indices-mais/resultados-ida?data=2026-10-29',
      )
    ).body;
    for (const r of results) {
      expect(r.componentes.map((c) => c.codigo).sort()).toEqual(
        ida
          .filter((p) => p.indice === r.indice)
          .flatMap((p) => p.referencias.map((c) => c.codigo_titulo))
          .sort(),
      );
    }
  });
});
