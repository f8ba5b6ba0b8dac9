// Reads the spec extensions the site lists on pages of their own: x-inferred ("not shown" choices) and
// x-release-schedule (document 3).

import { formatPointer } from '@assoc-feed/specs/model';
import type { Json } from './inputs.ts';
import { httpMethods } from './operations.ts';
import { walk } from './walk.ts';

export interface Inferred {
  api: string;
  pointer: string;
  where: string;
  /** The operation the choice sits in (or on), when it does. */
  operation?: { path: string; method: string };
  choice: string;
  reason: string;
  /** What the choice rests on, as the spec writes it: `document`, `public clients (N)` or `guess`. */
  basis: string;
  /** One line saying what the public clients read (or the analogy drawn), when there is some. */
  evidence?: string;
}

/** The kinds of basis a reader can filter by, in the order the site lists them. */
export const basisKinds = ['document', 'public-clients', 'guess'] as const;
export type BasisKind = (typeof basisKinds)[number];

/**
 * `public clients (3)` → `public-clients`. Read loosely (case, a plural, words after the kind), so the pages
 * follow a rewording of the notes; anything else counts as a guess.
 */
export function basisKind(basis: string): BasisKind {
  const b = basis.trim().toLowerCase();
  if (/^documents?\b/.test(b)) return 'document';
  if (/^public[ -]clients?\b/.test(b)) return 'public-clients';
  return 'guess';
}

/** The badge's words for a basis: `document`, `public clients (3)` (the count when the basis gives one), `guess`. */
export function basisBadge(basis: string): string {
  const kind = basisKind(basis);
  if (kind !== 'public-clients') return kind;
  const count = /\((\d+)/.exec(basis)?.[1];
  return count ? `public clients (${count})` : 'public clients';
}

/** The id of a choice's row on inferred.html, from its document and JSON pointer (`#/paths/…` or `/paths/…`). */
export function inferredRowId(api: string, pointer: string): string {
  return `x-${api}${pointer.replace(/^#/, '')}`;
}

/** How many choices rest on each kind of basis. */
export function countByBasis(choices: readonly Pick<Inferred, 'basis'>[]): Record<BasisKind, number> {
  const counts: Record<BasisKind, number> = { document: 0, 'public-clients': 0, guess: 0 };
  for (const x of choices) counts[basisKind(x.basis)]++;
  return counts;
}

export interface Schedule {
  api: string;
  method: string;
  path: string;
  operationId: string;
  summary: string;
  frequency: string;
  time?: string;
  timezone?: string;
  rule: string;
}

const methods = new Set<string>(httpMethods);
const structural = new Set([
  'properties',
  'content',
  'application/json',
  'schema',
  'responses',
  'allOf',
  'items',
]);

/** Human name of the place a pointer names: "GET /feed/fundos/v2/fundos › 200", "schema FundListRecord › codigo_fundo". */
export function describePlace(pointer: string[]): string {
  const [root, a, b, ...rest] = pointer;
  const tail = rest.filter((p) => !structural.has(p));
  if (root === 'paths' && a && b && methods.has(b)) return [`${b.toUpperCase()} ${a}`, ...tail].join(' › ');
  if (root === 'paths' && a) return [a, b, ...tail].filter(Boolean).join(' › ');
  if (root === 'components' && a && b) return [`${a.replace(/s$/, '')} ${b}`, ...tail].join(' › ');
  return pointer.join(' › ') || 'the document';
}

/** The operation a pointer is inside of: paths › <path> › <method> › … */
export function operationAt(pointer: string[]): { path: string; method: string } | undefined {
  const [root, path, method] = pointer;
  return root === 'paths' && path && method && methods.has(method) ? { path, method } : undefined;
}

export function collectInferred(api: string, spec: Json): Inferred[] {
  const found: Inferred[] = [];
  walk(spec, (node, pointer) => {
    const inferred = node['x-inferred'] as
      | { choice?: string; reason?: string; basis?: string; evidence?: string }
      | undefined;
    if (!inferred || typeof inferred !== 'object') return;
    const operation = operationAt(pointer);
    found.push({
      api,
      pointer: formatPointer(pointer),
      where: describePlace(pointer),
      ...(operation ? { operation } : {}),
      choice: String(inferred.choice ?? ''),
      reason: String(inferred.reason ?? ''),
      basis: String(inferred.basis ?? 'guess'),
      ...(typeof inferred.evidence === 'string' ? { evidence: inferred.evidence } : {}),
    });
  });
  return found;
}

export function collectSchedules(api: string, spec: Json): Schedule[] {
  const out: Schedule[] = [];
  for (const [path, item] of Object.entries((spec.paths as Json) ?? {})) {
    for (const [method, op] of Object.entries(item as Json)) {
      if (!methods.has(method)) continue;
      const s = (op as Json)['x-release-schedule'] as Json | undefined;
      if (!s) continue;
      out.push({
        api,
        method: method.toUpperCase(),
        path,
        operationId: String((op as Json).operationId),
        summary: String((op as Json).summary ?? ''),
        frequency: String(s.frequency),
        ...(s.time ? { time: String(s.time) } : {}),
        ...(s.timezone ? { timezone: String(s.timezone) } : {}),
        rule: String(s.rule ?? ''),
      });
    }
  }
  return out;
}

/** A time zone as readers say it: the documents' America/Sao_Paulo is "Brasília time". */
export function zoneName(timezone: string | undefined): string {
  return !timezone || timezone === 'America/Sao_Paulo' ? 'Brasília time' : `${timezone} time`;
}

export function scheduleText(s: {
  frequency: string;
  time?: string;
  timezone?: string;
  rule: string;
}): string {
  return `${s.frequency}${s.time ? `, from ${s.time} ${zoneName(s.timezone)}` : ''}${s.rule ? ` — ${s.rule}` : ''}`;
}
