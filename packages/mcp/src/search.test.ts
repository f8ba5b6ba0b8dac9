// list_operations' ranking, tested with the questions analysts ask: each row's first operation is the one that
// answers it. Word-based, accent- and case-insensitive, in English or the documents' Portuguese.
import { describe, expect, it } from 'vitest';
import { allEntries } from './catalog.js';
import { queryWords, rank } from './search.js';

const entries = allEntries();
const first = (search: string) => rank(entries, search)[0]?.entry.id;

describe('search ranks the operation that answers an analyst first', () => {
  it.each([
    ['fund quota value', 'fundosV2GetSeries'],
    ['What was the quota value of a fund class in October?', 'fundosV2GetSeries'],
    ['valor_cota', 'fundosV2GetSeries'],
    ['cota', 'fundosV2GetSeries'],
    ['daily net worth of a fund', 'fundosV2GetSeries'],
    ['valor_patrimonio_liquido', 'fundosV2GetSeries'],
    ['daily series of a class', 'fundosV2GetSeries'],
    ['NTN-B rate', 'precosIndicesTitulosPublicosMercadoSecundarioTpf'],
    ['indicative rate of government bonds', 'precosIndicesTitulosPublicosMercadoSecundarioTpf'],
    ['taxa_indicativa títulos públicos', 'precosIndicesTitulosPublicosMercadoSecundarioTpf'],
    ['IMA results', 'precosIndicesIndicesResultadosIma'],
    ['IMA intraday results today', 'precosIndicesIndicesResultadosIntradiariosIma'],
    ['IMA theoretical portfolio', 'precosIndicesIndicesCarteiraTeoricaIma'],
    ['IDA results', 'precosIndicesIndicesResultadosIda'],
    ['IDA-LIQ results', 'precosIndicesIdaLiqResultadosIda'],
    ['debenture price', 'precosIndicesDebenturesMercadoSecundario'],
    ['preço de debêntures', 'precosIndicesDebenturesMercadoSecundario'],
    ['yield curve', 'precosIndicesTitulosPublicosCurvasJuros'],
    ['credit spread curve', 'precosIndicesDebenturesCurvasCredito'],
    ['inflation projections', 'precosIndicesTitulosPublicosProjecoes'],
    ['IPCA projection', 'precosIndicesTitulosPublicosProjecoes'],
    ['funds and their classes', 'fundosV2ListFunds'],
    ['registry data of all funds', 'fundosV2ListRegistryBatch'],
    ['institution by CNPJ', 'fundosV2GetInstitution'],
    ['VNA', 'precosIndicesTitulosPublicosVna'],
    ['SELIC estimate', 'precosIndicesTitulosPublicosEstimativaSelic'],
    ['explanatory notes of a class', 'fundosV2ListExplanatoryNotes'],
    ['net assets by investor segment', 'fundosV2GetInvestorSegmentNetAssets'],
    ['ETF daily composition', 'precosIndicesImaEtfComposicaoDiaria'],
    ['intraday unit price of government bonds', 'precosIndicesTitulosPublicosPuIntradiario'],
    ['series of every class in one batch', 'fundosV2ListSeriesBatch'],
    ['registry history of a fund', 'fundosV2GetFundHistory'],
    ['IHFA results', 'precosIndicesIndicesResultadosIhfa'],
    ['IDkA', 'precosIndicesIndicesResultadosIdka'],
    ['IDA debentures in the index (componentes)', 'precosIndicesIndicesMaisResultadosIda'],
  ])('%s → %s', (search, id) => {
    expect(first(search)).toBe(id);
  });
});

describe('search words', () => {
  it('matches whole words only: "IMA" is not found inside another word', () => {
    const found = rank(entries, 'IMA').map((r) => r.entry.id);
    expect(found.length).toBeGreaterThan(0);
    // Every operation found has the word IMA itself (or the ETF family's `ima-etf`), none only a word holding "ima".
    for (const id of found) expect(id).toMatch(/Ima/);
    expect(rank(entries, 'maxima minimo')).not.toContainEqual(
      expect.objectContaining({
        entry: expect.objectContaining({ id: 'precosIndicesIndicesResultadosIma' }),
      }),
    );
  });

  it('leaves out stop words and single letters, keeps accents and case out', () => {
    expect(queryWords('What is the NTN-B rate?')).toEqual(['ntn', 'rate']);
    expect(queryWords('Índices PREÇOS')).toEqual(['indice', 'preco']);
  });

  it('finds nothing for words the documents do not use', () => {
    expect(rank(entries, 'bitcoin')).toEqual([]);
  });
});
