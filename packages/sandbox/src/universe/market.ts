// Document 3's market: government bonds on a fixed issue calendar, a seeded set of debentures, yield curves
// (Svensson parameters that drift smoothly with the date), and index levels in closed form. Every price or
// rate is a function of (instrument, date), so a bond's SELIC code, ISIN, maturity, rate and unit price are
// the same in the secondary market, the curves' errors, an index portfolio and its daily composition.
import {
  addDays,
  businessDayOnOrBefore,
  businessDaysBetween,
  fromDayNumber,
  previousBusinessDay,
  toDayNumber,
} from '../calendar.js';
import { issuerSectors, namePrefixes, stripAccents } from '../generate/words.js';
import { hashString, key, mix, rngFor, unit } from '../rng.js';
import type { FundEntity, FundUniverse } from './funds.js';
import { base36, isin } from './ids.js';

export type BondType = 'LTN' | 'NTN-F' | 'NTN-B' | 'LFT' | 'NTN-C';

export interface Bond {
  tipo: BondType;
  selic: string;
  maturity: string;
  issue: string;
  isin: string;
  /** Curve group: PREFIXADOS for LTN/NTN-F, IPCA for NTN-B, SELIC for LFT, IGP-M for NTN-C. */
  group: 'PREFIXADOS' | 'IPCA' | 'SELIC' | 'IGP-M';
}

const selicCodes: Record<BondType, string> = {
  LTN: '100000',
  'NTN-F': '950199',
  'NTN-B': '760199',
  LFT: '210100',
  'NTN-C': '770100',
};
const isinCodes: Record<BondType, string> = {
  LTN: 'LTN',
  'NTN-F': 'NTF',
  'NTN-B': 'NTB',
  LFT: 'LF0',
  'NTN-C': 'NTC',
};
const groups: Record<BondType, Bond['group']> = {
  LTN: 'PREFIXADOS',
  'NTN-F': 'PREFIXADOS',
  'NTN-B': 'IPCA',
  LFT: 'SELIC',
  'NTN-C': 'IGP-M',
};

function ymd(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function makeBond(tipo: BondType, maturity: string, tenorYears: number): Bond {
  const year = Number(maturity.slice(0, 4));
  const month = Number(maturity.slice(5, 7));
  return {
    tipo,
    selic: selicCodes[tipo],
    maturity,
    issue: `${year - tenorYears}${maturity.slice(4)}`,
    isin: isin(`BRSTNC${isinCodes[tipo]}${base36(year * 12 + month, 2)}`),
    group: groups[tipo],
  };
}

/** Government bonds outstanding on a date (issued on or before it, maturing after it), by type then maturity. */
export function bondsOutstanding(date: string): Bond[] {
  const y = Number(date.slice(0, 4));
  const out: Bond[] = [];
  const consider = (b: Bond) => {
    if (b.issue <= date && b.maturity > date) out.push(b);
  };
  for (let year = y; year <= y + 5; year++)
    for (const m of [1, 4, 7, 10]) consider(makeBond('LTN', ymd(year, m, 1), 4));
  for (let year = y; year <= y + 11; year++)
    if (year % 2 === 1) consider(makeBond('NTN-F', ymd(year, 1, 1), 10));
  for (let year = y; year <= y + 40; year++) {
    const maturity = year % 2 === 1 ? ymd(year, 5, 15) : ymd(year, 8, 15);
    consider(makeBond('NTN-B', maturity, year % 5 === 0 ? 35 : 12));
  }
  for (let year = y; year <= y + 7; year++)
    for (const m of [3, 9]) consider(makeBond('LFT', ymd(year, m, 1), 6));
  consider(makeBond('NTN-C', '2031-01-01', 30));
  return out;
}

export function findBond(date: string, selic: string, maturity: string): Bond | undefined {
  return bondsOutstanding(date).find((b) => b.selic === selic && b.maturity === maturity);
}

/** Smooth deterministic wave in [-1, 1] of a date. */
function wave(seed: number, name: string, date: string): number {
  const d = toDayNumber(date);
  const k = key(seed, name);
  return (
    0.6 * Math.sin(d / 97 + unit(k) * 6.283) +
    0.3 * Math.sin(d / 23 + unit(k + 1) * 6.283) +
    0.1 * Math.sin(d / 3.1 + unit(k + 2) * 6.283)
  );
}

export interface Svensson {
  b1: number;
  b2: number;
  b3: number;
  b4: number;
  l1: number;
  l2: number;
}

export function svenssonRate(p: Svensson, years: number): number {
  const t = Math.max(years, 1 / 252);
  const f1 = (1 - Math.exp(-t / p.l1)) / (t / p.l1);
  const f2 = (1 - Math.exp(-t / p.l2)) / (t / p.l2);
  return p.b1 + p.b2 * f1 + p.b3 * (f1 - Math.exp(-t / p.l1)) + p.b4 * (f2 - Math.exp(-t / p.l2));
}

function round(v: number, scale: number): number {
  return Number(v.toFixed(scale));
}

export interface Debenture {
  index: number;
  codigo: string;
  emissor: string;
  isin: string;
  indexador: 'DI' | 'IPCA' | 'PRE';
  infra: boolean;
  liquid: boolean;
  issue: string;
  maturity: string;
  spread: number;
}

const DEBENTURES = 320;
const ISSUERS = 80;

export interface IndexDef {
  name: string;
  /** Which bonds (or debentures) belong to the index on a date. */
  members: (date: string) => Bond[];
  /** Annual growth used for the index level. */
  growth: number;
  base: number;
}

export class Market {
  private readonly debentures: Debenture[];
  readonly imaIndices: IndexDef[];
  readonly etfIndices: { code: string; def: IndexDef }[];

  constructor(
    readonly seed: number,
    private readonly funds: FundUniverse,
  ) {
    this.debentures = this.buildDebentures();
    const years = (b: Bond, d: string) => (toDayNumber(b.maturity) - toDayNumber(d)) / 365.25;
    const def = (
      name: string,
      growth: number,
      base: number,
      pass: (b: Bond, d: string) => boolean,
    ): IndexDef => ({
      name,
      growth,
      base,
      members: (d) => bondsOutstanding(d).filter((b) => pass(b, d)),
    });
    const pre = (b: Bond) => b.tipo === 'LTN' || b.tipo === 'NTN-F';
    this.imaIndices = [
      def('IRF-M', 0.11, 4200, (b) => pre(b)),
      def('IRF-M 1', 0.105, 3900, (b, d) => pre(b) && years(b, d) <= 1),
      def('IRF-M 1+', 0.115, 4600, (b, d) => pre(b) && years(b, d) > 1),
      def('IMA-B', 0.1, 2900, (b) => b.tipo === 'NTN-B'),
      def('IMA-B 5', 0.098, 2700, (b, d) => b.tipo === 'NTN-B' && years(b, d) <= 5),
      def('IMA-B 5+', 0.104, 3300, (b, d) => b.tipo === 'NTN-B' && years(b, d) > 5),
      def('IMA-S', 0.1, 2100, (b) => b.tipo === 'LFT'),
      def('IMA-GERAL', 0.102, 2500, () => true),
    ];
    const find = (name: string) => this.imaIndices.find((i) => i.name === name) as IndexDef;
    this.etfIndices = [
      { code: 'IMA_B', def: find('IMA-B') },
      { code: 'IMA_B5', def: find('IMA-B 5') },
      { code: 'IMA_B5_MAIS', def: find('IMA-B 5+') },
      {
        code: 'IMA_B5_P2',
        def: def(
          'IMA-B 5 P2',
          0.097,
          1900,
          (b, d) => b.tipo === 'NTN-B' && years(b, d) <= 5 && years(b, d) > 1,
        ),
      },
      { code: 'IRF_M_P2', def: def('IRF-M P2', 0.109, 1800, (b, d) => pre(b) && years(b, d) <= 3) },
    ];
  }

  // ---- curves and bond prices ------------------------------------------------------------------------------

  curveParams(group: 'PREFIXADOS' | 'IPCA', date: string): Svensson {
    const w = (n: string) => wave(this.seed, `${group}:${n}`, date);
    if (group === 'PREFIXADOS') {
      return {
        b1: 0.125 + 0.02 * w('b1'),
        b2: -0.008 + 0.01 * w('b2'),
        b3: -0.022 + 0.01 * w('b3'),
        b4: 0.045 + 0.01 * w('b4'),
        l1: 1.45 + 0.2 * w('l1'),
        l2: 0.33 + 0.05 * w('l2'),
      };
    }
    return {
      b1: 0.07 + 0.01 * w('b1'),
      b2: 0.04 + 0.01 * w('b2'),
      b3: -0.052 + 0.01 * w('b3'),
      b4: 0.012 + 0.005 * w('b4'),
      l1: 1.88 + 0.2 * w('l1'),
      l2: 0.29 + 0.05 * w('l2'),
    };
  }

  /** Annual rate (decimal) of the curve of a group at a term in business days. */
  curveRate(group: 'PREFIXADOS' | 'IPCA', date: string, du: number): number {
    return svenssonRate(this.curveParams(group, date), du / 252);
  }

  /** Difference between the bond's indicative rate and the fitted curve, in % a.a. (the curves' error block). */
  bondError(bond: Bond, date: string): number {
    return round(0.01 * (unit(key(this.seed, bond.isin, toDayNumber(date))) - 0.5), 4);
  }

  /** The bond's indicative rate in % a.a. (LFT: the spread over SELIC). */
  bondRate(bond: Bond, date: string): number {
    const du = businessDaysBetween(date, bond.maturity);
    if (bond.tipo === 'LFT')
      return round(0.02 + 0.08 * unit(key(this.seed, bond.isin)) + 0.01 * wave(this.seed, 'lft', date), 4);
    const group = bond.group === 'PREFIXADOS' ? 'PREFIXADOS' : 'IPCA';
    return round(100 * this.curveRate(group, date, du) + this.bondError(bond, date), 4);
  }

  /** Face value updated by the bond's index (VNA) on a date. */
  vna(tipo: 'NTN-B' | 'LFT' | 'NTN-C', date: string): number {
    const years = (toDayNumber(date) - toDayNumber('2000-07-01')) / 365.25;
    const rate = tipo === 'NTN-B' ? 0.056 : tipo === 'LFT' ? 0.108 : 0.068;
    return round(1000 * (1 + rate) ** years * (1 + 0.002 * wave(this.seed, `vna:${tipo}`, date)), 6);
  }

  /** Unit price of a bond on a date, from its indicative rate. */
  bondPu(bond: Bond, date: string): number {
    const du = Math.max(1, businessDaysBetween(date, bond.maturity));
    const r = this.bondRate(bond, date) / 100;
    const t = du / 252;
    const discount = (years: number) => (1 + r) ** -years;
    const couponLeg = (annual: number) => {
      const c = (1 + annual) ** 0.5 - 1;
      let sum = 0;
      for (let tk = t; tk > 0; tk -= 0.5) sum += c * discount(tk);
      return sum + discount(t);
    };
    switch (bond.tipo) {
      case 'LTN':
        return round(1000 * discount(t), 6);
      case 'NTN-F':
        return round(1000 * couponLeg(0.1), 6);
      case 'NTN-B':
        return round(this.vna('NTN-B', date) * couponLeg(0.06), 6);
      case 'NTN-C':
        return round(this.vna('NTN-C', date) * couponLeg(0.06), 6);
      case 'LFT':
        return round(this.vna('LFT', date) * discount(t), 6);
    }
  }

  /** Macaulay-like duration in business days (zero-coupon approximation for coupon bonds, shortened). */
  bondDuration(bond: Bond, date: string): number {
    const du = Math.max(1, businessDaysBetween(date, bond.maturity));
    return bond.tipo === 'LTN' || bond.tipo === 'LFT' ? du : Math.round(du * 0.72);
  }

  /** Convexity in years squared: a zero-coupon bond's T(T+1)/(1+r)², T its duration in years. */
  bondConvexity(bond: Bond, date: string): number {
    const t = this.bondDuration(bond, date) / 252;
    const r = this.bondRate(bond, date) / 100;
    return (t * (t + 1)) / (1 + r) ** 2;
  }

  // ---- debentures ------------------------------------------------------------------------------------------

  private buildDebentures(): Debenture[] {
    const issuers = Array.from({ length: ISSUERS }, (_, i) => {
      const rng = rngFor(this.seed, 'issuer', i);
      const prefix = namePrefixes[i % namePrefixes.length] as string;
      const sector = rng.pick(issuerSectors);
      const letters = stripAccents(`${prefix}${sector}`)
        .toUpperCase()
        .replace(/[^A-Z]/g, '');
      const code = `${letters.slice(0, 3)}${String.fromCharCode(65 + (i % 26))}`;
      return { name: `${prefix} ${sector} S.A.`, code };
    });
    const seq = new Map<string, number>();
    return Array.from({ length: DEBENTURES }, (_, i) => {
      const rng = rngFor(this.seed, 'debenture', i);
      const issuer = issuers[rng.int(0, ISSUERS - 1)] as { name: string; code: string };
      const n = (seq.get(issuer.code) ?? 10) + 1;
      seq.set(issuer.code, n);
      const indexador = rng.weighted([
        ['DI', 45],
        ['IPCA', 45],
        ['PRE', 10],
      ] as const);
      const issue = fromDayNumber(toDayNumber('2008-01-15') + rng.int(0, 6700));
      const maturity = addDays(issue, rng.int(3, 15) * 365);
      return {
        index: i,
        codigo: `${issuer.code}${String(n % 100).padStart(2, '0')}`,
        emissor: issuer.name,
        isin: isin(`BR${issuer.code}DBS${base36(n, 2)}`),
        indexador,
        infra: indexador === 'IPCA' && rng.chance(0.45),
        liquid: rng.chance(0.5),
        issue,
        maturity,
        spread:
          indexador === 'DI'
            ? rng.range(0.5, 2.8)
            : indexador === 'IPCA'
              ? rng.range(4.5, 8.5)
              : rng.range(10.5, 15),
      };
    });
  }

  debenturesOutstanding(date: string): Debenture[] {
    return this.debentures.filter((d) => d.issue <= date && d.maturity > date);
  }

  debentureRate(d: Debenture, date: string): number {
    return round(d.spread + 0.3 * wave(this.seed, `deb:${d.index}`, date), 4);
  }

  debenturePu(d: Debenture, date: string): number {
    const t = Math.max(1, businessDaysBetween(date, d.maturity)) / 252;
    const accrued = (toDayNumber(date) - toDayNumber(d.issue)) / 365.25;
    const carry = d.indexador === 'DI' ? 1.11 ** accrued : d.indexador === 'IPCA' ? 1.056 ** accrued : 1;
    const r = this.debentureRate(d, date) / 100;
    const par = d.indexador === 'PRE' ? (1 + r) ** -t : 1 - 0.01 * wave(this.seed, `pu:${d.index}`, date);
    return round(1000 * carry * par, 6);
  }

  /** Members of an IDA index on a date. */
  idaMembers(index: string, date: string): Debenture[] {
    const all = this.debenturesOutstanding(date);
    const liq = index.includes('LIQ');
    const pool = liq ? all.filter((d) => d.liquid) : all;
    if (/DI$/.test(index)) return pool.filter((d) => d.indexador === 'DI');
    if (/IPCA INFRA/i.test(index)) return pool.filter((d) => d.indexador === 'IPCA' && d.infra);
    if (/IPCA EX-INFRA/i.test(index)) return pool.filter((d) => d.indexador === 'IPCA' && !d.infra);
    if (/IPCA$/.test(index)) return pool.filter((d) => d.indexador === 'IPCA');
    return pool.filter((d) => d.indexador !== 'PRE');
  }

  // ---- index levels ----------------------------------------------------------------------------------------

  /** Index level on a date: growth compounded from 2000 with a small smooth wobble. */
  level(name: string, growth: number, base: number, date: string): number {
    const years = (toDayNumber(date) - toDayNumber('2000-01-03')) / 365.25;
    return round(base * (1 + growth) ** (years - 20) * (1 + 0.01 * wave(this.seed, `lvl:${name}`, date)), 6);
  }

  /** Percentage changes of a level function: day, month, year, 12 and 24 months. */
  variations(levelAt: (date: string) => number, date: string): Record<string, number> {
    const now = levelAt(date);
    const pct = (from: string) => round(100 * (now / levelAt(from) - 1), 4);
    const y = Number(date.slice(0, 4));
    const m = Number(date.slice(5, 7));
    const lastOfPrevMonth = businessDayOnOrBefore(addDays(`${y}-${String(m).padStart(2, '0')}-01`, -1));
    return {
      variacao_diaria: pct(previousBusinessDay(date)),
      variacao_mensal: pct(lastOfPrevMonth),
      variacao_anual: pct(businessDayOnOrBefore(`${y - 1}-12-31`)),
      variacao_ult12m: pct(businessDayOnOrBefore(`${y - 1}${date.slice(4)}`.replace('-02-29', '-02-28'))),
      variacao_ult24m: pct(businessDayOnOrBefore(`${y - 2}${date.slice(4)}`.replace('-02-29', '-02-28'))),
    };
  }

  // ---- funds of the hedge-fund index (IHFA) ----------------------------------------------------------------

  /** Up to 40 multimarket funds of the universe, the candidates of the IHFA portfolio. */
  ihfaCandidates(lastBusinessDay: string): FundEntity[] {
    const view = this.funds.view('ihfa', (a) => a.kind === 'FIF_LEGACY');
    const out: FundEntity[] = [];
    for (let j = 0; j < view.count && j < 400 && out.length < 40; j++) {
      const fund = this.funds.fund(view.nth(j), lastBusinessDay);
      if (fund.categoria === 'Multimercados' && !fund.closedOn) out.push(fund);
    }
    return out;
  }

  /** A stable pseudo-random choice for (name, date, item). */
  pick(name: string, date: string, item: number): number {
    return unit(mix(key(this.seed, name, toDayNumber(date)), item));
  }

  static hash(text: string): number {
    return hashString(text);
  }
}
