// find_fund: a fund by (part of) its name or by CNPJ, in one call. The service has no such filter (the fund list,
// E1, takes only `tipo-fundo`), so this reads the list itself, in pages of the most the spec allows, up to a bound,
// and keeps the funds whose names (of the fund, its classes or subclasses) hold every word asked, or whose
// identifier (fund, class or subclass) is the CNPJ asked.

import type { LooseClient, LoosePage } from '@assoc-feed/core/internal';
import type { Entry } from './catalog.js';
import { paging } from './paging.js';
import { words } from './search.js';

export const FIND_FUND_OPERATION = 'fundosV2ListFunds';

/** The most funds read for one question: every fund of today's list, with room to grow. */
export const MAX_FUNDS_READ = 20_000;

export interface FindFundArgs {
  name?: string | undefined;
  cnpj?: string | undefined;
}

export interface Found {
  matches: Record<string, unknown>[];
  /** Funds read. */
  read: number;
  /** Why the reading stopped before the end of the list: enough matches, or the bound on funds read. */
  stopped?: 'matches' | 'bound';
}

type Fund = Record<string, unknown> & {
  classes?: Record<string, unknown>[];
  subclases?: Record<string, unknown>[];
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const digits = (value: unknown) => text(value).replace(/\D/g, '');

/** The names a fund is known by: its own, its classes' and its subclasses'. */
function namesOf(fund: Fund): string[] {
  return [
    text(fund.razao_social_fundo),
    text(fund.nome_comercial_fundo),
    ...(fund.classes ?? []).flatMap((c) => [text(c.razao_social_classe), text(c.nome_comercial_classe)]),
    ...(fund.subclases ?? []).map((s) => text(s.nome_comercial)),
  ].filter(Boolean);
}

function identifiersOf(fund: Fund): string[] {
  return [
    digits(fund.identificador_fundo),
    ...(fund.classes ?? []).map((c) => digits(c.identificador_classe)),
    ...(fund.subclases ?? []).map((s) => digits(s.identificador_subclasse)),
  ].filter(Boolean);
}

/** Checks the question: a name with words, or a CNPJ of 14 digits (punctuation allowed). */
export function checkQuestion(args: FindFundArgs): void {
  if (!args.name?.trim() && !args.cnpj?.trim()) {
    throw new Error(
      'find_fund needs name (words of the fund\'s name) or cnpj (14 digits), e.g. {"name": "renda fixa"}.',
    );
  }
  if (args.name !== undefined && words(args.name).length === 0) {
    throw new Error(`name ${JSON.stringify(args.name.slice(0, 100))} has no letters or digits to look for.`);
  }
  if (args.cnpj !== undefined && digits(args.cnpj).length !== 14) {
    throw new Error(
      `cnpj must have 14 digits, punctuation allowed (e.g. "12.345.678/0001-90"); got ${JSON.stringify(args.cnpj.slice(0, 40))}.`,
    );
  }
}

function matcher(args: FindFundArgs): (fund: Fund) => boolean {
  const wanted = args.name ? words(args.name) : [];
  const cnpj = args.cnpj ? digits(args.cnpj) : undefined;
  return (fund) => {
    if (cnpj && !identifiersOf(fund).includes(cnpj)) return false;
    if (wanted.length === 0) return true;
    const have = new Set(namesOf(fund).flatMap(words));
    return wanted.every((w) => have.has(w));
  };
}

/** What an assistant needs of a fund to go on: its codes, names, identifier, type and its classes' codes. */
function summary(fund: Fund): Record<string, unknown> {
  const keep = (record: Record<string, unknown>, names: string[]) =>
    Object.fromEntries(names.filter((n) => record[n] !== undefined).map((n) => [n, record[n]]));
  return {
    ...keep(fund, [
      'codigo_fundo',
      'razao_social_fundo',
      'nome_comercial_fundo',
      'tipo_identificador_fundo',
      'identificador_fundo',
      'tipo_fundo',
      'data_encerramento_fundo',
    ]),
    classes: (fund.classes ?? []).map((c) =>
      keep(c, ['codigo_classe', 'nome_comercial_classe', 'identificador_classe', 'data_encerramento']),
    ),
    subclasses: (fund.subclases ?? []).map((s) =>
      keep(s, ['codigo', 'nome_comercial', 'identificador_subclasse', 'data_encerramento']),
    ),
  };
}

/** Reads the fund list from its start (bounded) and keeps up to `maxMatches` funds that match. */
export async function findFund(
  client: LooseClient,
  entry: Entry,
  args: FindFundArgs,
  maxMatches: number,
  signal?: AbortSignal,
): Promise<Found> {
  checkQuestion(args);
  const matches = matcher(args);
  // The largest page the spec allows, under its own parameter name: the one reading of paging, no second fallback.
  const limits = paging(entry);
  const found: Found = { matches: [], read: 0 };
  const iterator = client.pages(entry.op.path, {
    params: { query: limits ? { [limits.sizeParam]: limits.maxSize } : {} },
    ...(signal ? { signal } : {}),
  });
  try {
    for await (const page of iterator as AsyncIterable<LoosePage>) {
      for (const fund of page.items as Fund[]) {
        if (fund && typeof fund === 'object' && matches(fund)) found.matches.push(summary(fund));
      }
      found.read += page.items.length;
      const more = page.totalElements === undefined || page.totalElements > found.read;
      if (more && found.matches.length >= maxMatches) found.stopped = 'matches';
      else if (more && found.read >= MAX_FUNDS_READ) found.stopped = 'bound';
      if (found.stopped || !more) break;
    }
  } finally {
    await iterator.return?.();
  }
  found.matches = found.matches.slice(0, maxMatches);
  return found;
}
