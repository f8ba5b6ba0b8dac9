// The shape of the fund universe. Funds come in blocks of 100 consecutive indices; each block is a seeded
// permutation of the same 100 archetypes (kind, number of classes and subclasses, dates, closing, update age).
// Every filter the API offers (fund type, structured class, "updated since", alive on a date) is a property
// of the archetype, so each block holds the same number of matches and the j-th match of any filter is found
// in O(100) without scanning the universe: page 999 costs what page 0 costs, at any universe size.
import { addBusinessDays, addDays, businessDayOnOrAfter, fromDayNumber, toDayNumber } from '../calendar.js';
import { key, Rng, rngFor } from '../rng.js';

export const BLOCK = 100;

/** FIF_LEGACY: a regulation-555 fund migrated to v2; FIF_NEW: registered from 2024-10-01. */
export type Kind = 'FIF_LEGACY' | 'FIF_NEW' | 'ETF' | 'OFFSHORE' | 'FII' | 'FIDC' | 'FIP' | 'FIAGRO';
export type TipoFundo = 'ETF' | 'FIDC' | 'FII' | 'FIP' | 'FIF' | 'OFFSHORE' | 'FIAGRO';

const MIX: readonly (readonly [Kind, number])[] = [
  ['FIF_LEGACY', 50],
  ['FIF_NEW', 20],
  ['ETF', 3],
  ['OFFSHORE', 5],
  ['FII', 8],
  ['FIDC', 7],
  ['FIP', 5],
  ['FIAGRO', 2],
];

export const tipoOfKind: Record<Kind, TipoFundo> = {
  FIF_LEGACY: 'FIF',
  FIF_NEW: 'FIF',
  ETF: 'ETF',
  OFFSHORE: 'OFFSHORE',
  FII: 'FII',
  FIDC: 'FIDC',
  FIP: 'FIP',
  FIAGRO: 'FIAGRO',
};

/** The universe's fixed registry history ends here; daily data (series, prices) follow the clock. */
export const REGISTRY_HORIZON = '2026-06-30';
/** v2 production start: migrated funds carry it as their effective date. */
export const V2_START = '2024-10-01';

export interface SubclassShape {
  start: string;
  closedOn?: string;
}

export interface ClassShape {
  start: string;
  closedOn?: string;
  subclasses: SubclassShape[];
}

export interface Archetype {
  slot: number;
  kind: Kind;
  tipo: TipoFundo;
  /** Migrated from a v1 interface (keeps its 6-digit code when the code fits). */
  legacy: boolean;
  start: string;
  vigencia: string;
  closedOn?: string;
  classes: ClassShape[];
  /** Registry update: this many business days before the last business day, at this time of day (ms). */
  updateAgeBusinessDays: number;
  updateTimeMs: number;
  /** Series units: classes without subclasses, and subclasses. */
  unitCount: number;
}

function randomDate(rng: Rng, from: string, to: string): string {
  const a = toDayNumber(from);
  const b = toDayNumber(to);
  return businessDayOnOrAfter(fromDayNumber(a + Math.floor(rng.float() * (b - a))));
}

function buildArchetype(seed: number, slot: number, kind: Kind): Archetype {
  const rng = rngFor(seed, 'archetype', slot);
  const legacy = kind !== 'FIF_NEW' && kind !== 'FIAGRO';
  const start = legacy
    ? randomDate(rng, '1996-01-02', '2024-06-28')
    : randomDate(rng, V2_START, '2026-03-31');
  const vigencia = legacy ? V2_START : start;
  const closed = rng.chance(kind === 'FIP' ? 0.15 : 0.08);
  const closedOn = closed
    ? randomDate(rng, addDays(start < V2_START ? V2_START : start, 30), REGISTRY_HORIZON)
    : undefined;
  const classes: ClassShape[] = [];
  const structured = kind === 'FII' || kind === 'FIDC' || kind === 'FIP';
  if (structured) {
    // Several former classes → one class whose subclasses are those classes (document 1, rule 4).
    const former = rng.weighted([
      [1, 60],
      [2, 20],
      [3, 15],
      [4, 5],
    ] as const);
    const subclasses: SubclassShape[] = [];
    if (former > 1) {
      for (let s = 0; s < former; s++) {
        const sub: SubclassShape = { start: s === 0 ? start : randomDate(rng, start, '2024-06-28') };
        if (closedOn) sub.closedOn = closedOn;
        else if (s > 0 && rng.chance(0.1)) sub.closedOn = randomDate(rng, V2_START, REGISTRY_HORIZON);
        subclasses.push(sub);
      }
    }
    classes.push({ start, ...(closedOn ? { closedOn } : {}), subclasses });
  } else {
    // Document 1, rules 3 and 5: migrated 555, offshore and ETF funds are single-class without subclass; only
    // funds of types FIF, ETF and OFFSHORE registered from 2024-10-01 may be multiclass (here: new FIFs).
    const multi = kind === 'FIF_NEW' && rng.chance(0.5);
    const count = multi ? rng.int(2, 4) : 1;
    for (let c = 0; c < count; c++) {
      const classStart =
        c === 0 ? start : randomDate(rng, start, start < '2026-04-30' ? '2026-04-30' : addDays(start, 30));
      const subCount =
        kind === 'FIF_NEW'
          ? rng.weighted([
              [0, 50],
              [1, 10],
              [2, 30],
              [3, 10],
            ] as const)
          : 0;
      const subclasses: SubclassShape[] = [];
      for (let s = 0; s < subCount; s++)
        subclasses.push({ start: classStart, ...(closedOn ? { closedOn } : {}) });
      const shape: ClassShape = { start: classStart, subclasses };
      if (closedOn) shape.closedOn = closedOn;
      else if (c > 0 && rng.chance(0.08))
        shape.closedOn = randomDate(rng, addDays(classStart, 30), '2026-06-30');
      classes.push(shape);
    }
  }
  const updateAgeBusinessDays = rng.weighted([
    [0, 4],
    [rng.int(1, 5), 12],
    [rng.int(6, 60), 34],
    [rng.int(61, 500), 50],
  ] as const);
  const archetype: Archetype = {
    slot,
    kind,
    tipo: tipoOfKind[kind],
    legacy,
    start,
    vigencia,
    classes,
    updateAgeBusinessDays,
    updateTimeMs: rng.int(6 * 3600_000, 21 * 3600_000),
    unitCount: classes.reduce((n, c) => n + Math.max(1, c.subclasses.length), 0),
  };
  if (closedOn) archetype.closedOn = closedOn;
  return archetype;
}

export function buildArchetypes(seed: number): Archetype[] {
  const out: Archetype[] = [];
  for (const [kind, count] of MIX)
    for (let i = 0; i < count; i++) out.push(buildArchetype(seed, out.length, kind));
  return out;
}

/** Business-day arithmetic helper kept here so update timestamps are computed in one place. */
export function updateDay(lastBusinessDay: string, archetype: Archetype): string {
  const day =
    archetype.updateAgeBusinessDays === 0
      ? lastBusinessDay
      : addBusinessDays(lastBusinessDay, -archetype.updateAgeBusinessDays);
  if (day < archetype.vigencia) return archetype.vigencia;
  return day;
}

/** The per-block permutation of archetype slots (position → slot), cached for recently used blocks. */
export class BlockPermutations {
  private readonly cache = new Map<number, Uint8Array>();
  constructor(
    private readonly seed: number,
    private readonly max = 2048,
  ) {}
  get(block: number): Uint8Array {
    let perm = this.cache.get(block);
    if (perm) return perm;
    perm = new Uint8Array(BLOCK);
    for (let i = 0; i < BLOCK; i++) perm[i] = i;
    const rng = new Rng(key(this.seed, 'block', block));
    for (let i = BLOCK - 1; i > 0; i--) {
      const j = Math.floor(rng.float() * (i + 1));
      const t = perm[i] as number;
      perm[i] = perm[j] as number;
      perm[j] = t;
    }
    if (this.cache.size >= this.max) this.cache.delete(this.cache.keys().next().value as number);
    this.cache.set(block, perm);
    return perm;
  }
}
