// The fund universe: fund i = f(seed, i). Codes grow with i (lists are ordered by fund code), CNPJs are a
// reversible scramble of i, class and subclass codes sit in the fund's own range of 100 numbers, so any code or
// CNPJ leads back to its fund in O(1). Migrated funds keep their 6-digit v1 code inside the v2 code
// (F0000 + 6 digits), which ties the v1 lists (document 2) to the same funds.

import { toDayNumber } from '../calendar.js';
import { Instant } from '../generate/schema-generator.js';
import { namePrefixes, nameSecondWords, upperAscii } from '../generate/words.js';
import { mix, rngFor } from '../rng.js';
import {
  type Archetype,
  BLOCK,
  BlockPermutations,
  buildArchetypes,
  type Kind,
  type TipoFundo,
  updateDay,
} from './archetypes.js';
import { cnpj, cnpjRoot, Scramble } from './ids.js';

const CODE_BASE = 100_000;
const CODE_STRIDE = 100;
/** Funds below this index have codes under 1,000,000: their number is also a 6-digit v1 code. */
export const LEGACY_LIMIT = (1_000_000 - CODE_BASE) / CODE_STRIDE;
const FUND_ROOT_BASE = 10_000_000;
const CLASS_ROOT_BASE = 60_000_000;
/**
 * Largest universe the code and CNPJ spaces hold (class CNPJ roots take index × 5 + class below 39,000,000). It
 * reaches the literal reading of document 1's "about 7,231 thousand example FIF funds" (7,231,000).
 */
export const MAX_FUNDS = 7_500_000;

export interface SubclassEntity {
  code: string;
  number: number;
  /** Index among the class's subclasses. */
  index: number;
  identificador: string;
  nome: string;
  /** v1 structured "tipo_classe_cota" (senior, mezzanine, subordinated…) for former classes. */
  tipoClasseCota: string;
  start: string;
  closedOn?: string;
}

export interface ClassEntity {
  code: string;
  number: number;
  index: number;
  cnpj: string;
  razaoSocial: string;
  nome: string;
  categoria: string;
  start: string;
  closedOn?: string;
  subclasses: SubclassEntity[];
}

export interface FundEntity {
  /** The universe's seed: what a fund's figures beyond its registry are drawn from (universe/unit-terms.ts). */
  seed: number;
  index: number;
  archetype: Archetype;
  kind: Kind;
  tipo: TipoFundo;
  code: string;
  number: number;
  /** The 6-digit v1 code, for migrated funds whose number fits. */
  v1Code?: string;
  cnpj: string;
  razaoSocial: string;
  nome: string;
  /** Level-1 category (Renda Fixa, Multimercados, Ações, FII, FIDC…). */
  categoria: string;
  start: string;
  vigencia: string;
  closedOn?: string;
  updatedAt: Instant;
  classes: ClassEntity[];
  currency: 'BRL' | 'USD' | 'EUR';
}

/** A series unit: a class without subclasses, or a subclass (the rows of E8 and V7). */
export interface UnitRef {
  fund: FundEntity;
  cls: ClassEntity;
  sub?: SubclassEntity;
}

const strategies: Record<string, readonly string[]> = {
  'Renda Fixa': [
    'Renda Fixa',
    'Renda Fixa Crédito Privado',
    'Referenciado DI',
    'Renda Fixa Inflação',
    'Renda Fixa Curto Prazo',
  ],
  Multimercados: ['Multiestratégia', 'Macro', 'Long Short', 'Juros e Moedas', 'Livre'],
  Ações: ['Ações', 'Dividendos', 'Small Caps', 'Ações Valor', 'Ações Livre'],
  Cambial: ['Cambial Dólar', 'Cambial Euro'],
  Previdência: ['Previdência Renda Fixa', 'Previdência Multimercado'],
  FII: ['Lajes Corporativas', 'Logística', 'Recebíveis Imobiliários', 'Shoppings', 'Renda Urbana'],
  FIDC: ['Recebíveis', 'Crédito Consignado', 'Agro Recebíveis', 'Multicedente'],
  FIP: ['Infraestrutura', 'Multiestratégia', 'Capital Semente', 'Energia'],
  FIAGRO: ['Agro', 'Terras Agrícolas', 'Crédito Agro'],
  ETF: ['Índice Renda Fixa', 'Índice Ações', 'Índice Inflação'],
  Offshore: ['Global Equities', 'Global Bonds', 'Global Macro', 'US Treasury'],
};

const longTypes: Record<TipoFundo, string> = {
  FIF: 'FUNDO DE INVESTIMENTO FINANCEIRO',
  FII: 'FUNDO DE INVESTIMENTO IMOBILIARIO',
  FIDC: 'FUNDO DE INVESTIMENTO EM DIREITOS CREDITORIOS',
  FIP: 'FUNDO DE INVESTIMENTO EM PARTICIPACOES',
  FIAGRO: 'FUNDO DE INVESTIMENTO NAS CADEIAS PRODUTIVAS DO AGRONEGOCIO',
  ETF: 'FUNDO DE INDICE',
  OFFSHORE: 'FUNDO DE INVESTIMENTO FINANCEIRO INVESTIMENTO NO EXTERIOR',
};

const shortTypes: Record<TipoFundo, string> = {
  FIF: 'FIF',
  FII: 'FII',
  FIDC: 'FIDC',
  FIP: 'FIP',
  FIAGRO: 'Fiagro',
  ETF: 'ETF',
  OFFSHORE: 'FIF IE',
};

const structuredSeries = [
  ['Sênior'],
  ['Sênior', 'Subordinada'],
  ['Sênior', 'Mezanino', 'Subordinada'],
  ['Sênior', 'Mezanino', 'Subordinada', 'Subordinada Júnior'],
];
const roman = ['I', 'II', 'III', 'IV', 'V'];
const letters = 'ABCDEFGH';

export type KindMask = number;
const kindBit: Record<Kind, number> = {
  FIF_LEGACY: 1,
  FIF_NEW: 2,
  ETF: 4,
  OFFSHORE: 8,
  FII: 16,
  FIDC: 32,
  FIP: 64,
  FIAGRO: 128,
};
export const ALL_KINDS: KindMask = 255;

export function maskOf(kinds: readonly Kind[]): KindMask {
  return kinds.reduce((m, k) => m | kindBit[k], 0);
}

export function maskOfTipos(tipos: readonly string[]): KindMask {
  let mask = 0;
  for (const [kind, bit] of Object.entries(kindBit) as [Kind, number][]) {
    const tipo = kind === 'FIF_LEGACY' || kind === 'FIF_NEW' ? 'FIF' : kind;
    if (tipos.includes(tipo)) mask |= bit;
  }
  return mask;
}

function pad10(n: number): string {
  return String(n).padStart(10, '0');
}

export class FundUniverse {
  readonly archetypes: Archetype[];
  private readonly perms: BlockPermutations;
  private readonly fundRoots = new Scramble(50_000_000, 7_368_787, 12_345_677);
  private readonly classRoots = new Scramble(39_000_000, 7_368_787, 3_141_593);
  private readonly perBlock = new Map<string, number[]>();
  private readonly updateDays = new Map<string, string[]>();

  constructor(
    readonly seed: number,
    readonly size: number,
  ) {
    if (!Number.isInteger(size) || size < 0 || size > MAX_FUNDS) {
      throw new RangeError(`funds must be a whole number from 0 to ${MAX_FUNDS}, got ${size}`);
    }
    this.archetypes = buildArchetypes(seed);
    this.perms = new BlockPermutations(seed);
  }

  archetypeOf(index: number): Archetype {
    const perm = this.perms.get(Math.floor(index / BLOCK));
    return this.archetypes[perm[index % BLOCK] as number] as Archetype;
  }

  /** Slots (archetype numbers) that pass a predicate, memoised under a name. */
  private slots(name: string, pass: (a: Archetype) => boolean): number[] {
    let slots = this.perBlock.get(name);
    if (!slots) {
      slots = this.archetypes.filter(pass).map((a) => a.slot);
      if (this.perBlock.size >= 512) this.perBlock.delete(this.perBlock.keys().next().value as string);
      this.perBlock.set(name, slots);
    }
    return slots;
  }

  /**
   * A filtered, ordered view of the funds with index below `limit`: its size and its j-th member, both in
   * O(BLOCK). `name` identifies the predicate (memoisation).
   */
  view(
    name: string,
    pass: (a: Archetype) => boolean,
    limit = this.size,
  ): { count: number; nth: (j: number) => number } {
    const slots = this.slots(name, pass);
    const slotSet = new Uint8Array(BLOCK);
    for (const s of slots) slotSet[s] = 1;
    const n = Math.min(limit, this.size);
    const fullBlocks = Math.floor(n / BLOCK);
    const rest = n - fullBlocks * BLOCK;
    let partial = 0;
    if (rest > 0) {
      const perm = this.perms.get(fullBlocks);
      for (let p = 0; p < rest; p++) if (slotSet[perm[p] as number]) partial++;
    }
    const per = slots.length;
    const count = fullBlocks * per + partial;
    const nth = (j: number): number => {
      const block = per === 0 ? fullBlocks : Math.floor(j / per);
      let r = per === 0 ? j : j - block * per;
      const perm = this.perms.get(block);
      const end = block < fullBlocks ? BLOCK : rest;
      for (let p = 0; p < end; p++) {
        if (slotSet[perm[p] as number] && r-- === 0) return block * BLOCK + p;
      }
      throw new RangeError(`member ${j} is past the end of view ${name}`);
    };
    return { count, nth };
  }

  private lastUpdateDays(lastBusinessDay: string): string[] {
    let days = this.updateDays.get(lastBusinessDay);
    if (!days) {
      days = this.archetypes.map((a) => updateDay(lastBusinessDay, a));
      if (this.updateDays.size > 64) this.updateDays.clear();
      this.updateDays.set(lastBusinessDay, days);
    }
    return days;
  }

  /** The moment fund i's registry was last updated, given the last business day before today. */
  updatedAt(archetype: Archetype, lastBusinessDay: string): Instant {
    const day = this.lastUpdateDays(lastBusinessDay)[archetype.slot] as string;
    return new Instant(toDayNumber(day) * 86_400_000 + archetype.updateTimeMs);
  }

  fund(index: number, lastBusinessDay: string): FundEntity {
    if (!Number.isInteger(index) || index < 0 || index >= this.size) throw new RangeError(`no fund ${index}`);
    const a = this.archetypeOf(index);
    const rng = rngFor(this.seed, 'fund', index);
    const jitter = mix(this.seed, index) % 40;
    const number = CODE_BASE + index * CODE_STRIDE + jitter;
    const categoria = this.categoryOf(a.kind, rng.float());
    const prefix = `${rng.pick(namePrefixes)}${(() => {
      const w = rng.pick(nameSecondWords);
      return w ? ` ${w}` : '';
    })()}`;
    const strategy = rng.pick(strategies[categoria] ?? strategies['Renda Fixa'] ?? []);
    const nome = `${prefix} ${strategy} ${shortTypes[a.tipo]}`;
    const razaoSocial = `${upperAscii(`${prefix} ${strategy}`)} ${longTypes[a.tipo]}${a.tipo === 'FIF' || a.tipo === 'OFFSHORE' ? ' RESPONSABILIDADE LIMITADA' : ''}`;
    const fundCnpj = cnpj(FUND_ROOT_BASE + this.fundRoots.forward(index));
    const multi = a.classes.length > 1;
    const classes: ClassEntity[] = a.classes.map((shape, c) => {
      const classNumber = number + c;
      const classCnpj = multi ? cnpj(CLASS_ROOT_BASE + this.classRoots.forward(index * 5 + c)) : fundCnpj;
      const className = multi ? `${prefix} ${strategy} Classe ${letters[c]}` : `${prefix} ${strategy}`;
      const classRazao = multi
        ? `${upperAscii(`${prefix} ${strategy}`)} ${shortTypes[a.tipo].toUpperCase()} - CLASSE ${letters[c]} RESPONSABILIDADE LIMITADA`
        : `CLASSE UNICA DO ${upperAscii(nome)}`;
      const structured = a.kind === 'FII' || a.kind === 'FIDC' || a.kind === 'FIP';
      const series = structuredSeries[Math.min(shape.subclasses.length, 4) - 1] ?? [];
      const subclasses: SubclassEntity[] = shape.subclasses.map((sub, s) => {
        const subNumber = structured ? number + 1 + s : number + 10 * c + 5 + s;
        const tipoClasseCota = structured
          ? a.kind === 'FIDC'
            ? (series[s] ?? `Série ${s + 1}`)
            : `Classe ${letters[s]}`
          : (roman[s] ?? 'I');
        const entity: SubclassEntity = {
          code: `S${pad10(subNumber)}`,
          number: subNumber,
          index: s,
          identificador: classCnpj,
          nome: structured ? `${prefix} ${strategy} ${tipoClasseCota}` : `${className} Subclasse ${roman[s]}`,
          tipoClasseCota,
          start: sub.start,
        };
        if (sub.closedOn) entity.closedOn = sub.closedOn;
        return entity;
      });
      const entity: ClassEntity = {
        code: `C${pad10(classNumber)}`,
        number: classNumber,
        index: c,
        cnpj: classCnpj,
        razaoSocial: classRazao.slice(0, 200),
        nome: className,
        categoria,
        start: shape.start,
        subclasses,
      };
      if (shape.closedOn) entity.closedOn = shape.closedOn;
      return entity;
    });
    const fund: FundEntity = {
      seed: this.seed,
      index,
      archetype: a,
      kind: a.kind,
      tipo: a.tipo,
      code: `F${pad10(number)}`,
      number,
      cnpj: fundCnpj,
      razaoSocial: razaoSocial.slice(0, 200),
      nome,
      categoria,
      start: a.start,
      vigencia: a.vigencia,
      updatedAt: this.updatedAt(a, lastBusinessDay),
      classes,
      currency: a.kind === 'OFFSHORE' ? (rng.chance(0.8) ? 'USD' : 'EUR') : 'BRL',
    };
    if (a.legacy && index < LEGACY_LIMIT) fund.v1Code = String(number);
    if (a.closedOn) fund.closedOn = a.closedOn;
    return fund;
  }

  private categoryOf(kind: Kind, u: number): string {
    switch (kind) {
      case 'FIF_LEGACY':
      case 'FIF_NEW':
        return u < 0.38
          ? 'Renda Fixa'
          : u < 0.7
            ? 'Multimercados'
            : u < 0.88
              ? 'Ações'
              : u < 0.92
                ? 'Cambial'
                : 'Previdência';
      case 'ETF':
        return 'ETF';
      case 'OFFSHORE':
        return 'Offshore';
      default:
        return kind;
    }
  }

  /** The fund whose code number range holds `number`, if any. */
  private indexOfNumber(number: number): number | undefined {
    if (!Number.isSafeInteger(number) || number < CODE_BASE) return undefined;
    const index = Math.floor((number - CODE_BASE) / CODE_STRIDE);
    return index < this.size ? index : undefined;
  }

  /** Finds a fund, class or subclass by its v2 code (F/C/S + 10 digits). */
  byCode(
    code: string,
    lastBusinessDay: string,
  ): { fund: FundEntity; cls?: ClassEntity; sub?: SubclassEntity } | undefined {
    const m = /^([FCS])(\d{10})$/.exec(code);
    if (!m) return undefined;
    const index = this.indexOfNumber(Number(m[2]));
    if (index === undefined) return undefined;
    const fund = this.fund(index, lastBusinessDay);
    if (m[1] === 'F') return fund.code === code ? { fund } : undefined;
    for (const cls of fund.classes) {
      if (m[1] === 'C' && cls.code === code) return { fund, cls };
      for (const sub of cls.subclasses) if (m[1] === 'S' && sub.code === code) return { fund, cls, sub };
    }
    return undefined;
  }

  /** Finds a fund by its 6-digit v1 code (migrated funds, and former classes of structured funds). */
  byV1Code(code: string, lastBusinessDay: string): { fund: FundEntity; sub?: SubclassEntity } | undefined {
    if (!/^\d{6}$/.test(code)) return undefined;
    const index = this.indexOfNumber(Number(code));
    if (index === undefined || index >= LEGACY_LIMIT) return undefined;
    const fund = this.fund(index, lastBusinessDay);
    if (!fund.v1Code) return undefined;
    if (fund.v1Code === code) return { fund };
    for (const sub of fund.classes[0]?.subclasses ?? [])
      if (String(sub.number) === code) return { fund, sub };
    return undefined;
  }

  byCnpj(text: string, lastBusinessDay: string): FundEntity | undefined {
    const root = cnpjRoot(text);
    if (root === undefined || root < FUND_ROOT_BASE || root >= FUND_ROOT_BASE + 50_000_000) return undefined;
    const index = this.fundRoots.inverse(root - FUND_ROOT_BASE);
    return index < this.size ? this.fund(index, lastBusinessDay) : undefined;
  }

  /** The series units of a fund, in code order. */
  static units(fund: FundEntity): UnitRef[] {
    const out: UnitRef[] = [];
    for (const cls of fund.classes) {
      if (cls.subclasses.length === 0) out.push({ fund, cls });
      else for (const sub of cls.subclasses) out.push({ fund, cls, sub });
    }
    return out;
  }
}
