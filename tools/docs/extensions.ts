// Reads our spec extensions (x-inferred, x-release-schedule, x-decimal) for the docs, and writes them
// into the descriptions Redoc renders (Redoc shows descriptions, not unknown extensions).
import { toPointer, walk } from './walk.ts';

type Json = Record<string, unknown>;
export interface Inferred {
  api: string;
  pointer: string;
  where: string;
  choice: string;
  reason: string;
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

const methods = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Human name of the place a pointer names: "GET /feed/fundos/v2/fundos › 200", "schema FundListRecord › codigo_fundo". */
export function describePlace(pointer: string[]): string {
  const [root, a, b, ...rest] = pointer;
  const tail = rest.filter((p) => !['properties', 'content', 'application/json', 'schema', 'responses', 'allOf'].includes(p));
  if (root === 'paths' && a && b && methods.has(b)) return [`${b.toUpperCase()} ${a}`, ...tail].join(' › ');
  if (root === 'paths' && a) return [a, b, ...tail].filter(Boolean).join(' › ');
  if (root === 'components' && a && b) return [`${a.replace(/s$/, '')} ${b}`, ...tail].join(' › ');
  return pointer.join(' › ') || 'the document';
}

export function collectInferred(api: string, spec: Json): Inferred[] {
  const found: Inferred[] = [];
  walk(spec, (node, pointer) => {
    const inferred = node['x-inferred'] as { choice?: string; reason?: string } | undefined;
    if (!inferred || typeof inferred !== 'object') return;
    found.push({
      api,
      pointer: toPointer(pointer),
      where: describePlace(pointer),
      choice: String(inferred.choice ?? ''),
      reason: String(inferred.reason ?? ''),
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

export function scheduleText(s: { frequency: string; time?: string; rule: string }): string {
  return `${s.frequency}${s.time ? `, from ${s.time} Brasília time` : ''}${s.rule ? ` — ${s.rule}` : ''}`;
}

function decimalText(d: Json): string {
  if (typeof d.binary === 'number') return `Float(${d.binary}, ${d.scale ?? '?'} dp)`;
  const scale = d.scale === undefined ? '' : `, ${d.scaleIsMaximum ? 'up to ' : ''}${d.scale}`;
  return `Decimal(${d.precision}${scale})`;
}

/** A copy of the spec whose descriptions also say what the extensions say. */
export function annotateForDocs(spec: Json): Json {
  const copy = structuredClone(spec);
  walk(copy, (node, pointer) => {
    const notes: string[] = [];
    const schedule = node['x-release-schedule'] as Json | undefined;
    if (schedule && methods.has(pointer[pointer.length - 1] ?? '')) {
      notes.push(`**Release schedule:** ${scheduleText(schedule as unknown as Schedule)}.`);
    }
    const decimal = node['x-decimal'] as Json | undefined;
    if (decimal && typeof decimal === 'object') notes.push(`Notation: \`${decimalText(decimal)}\`.`);
    const applies = node['x-applies-to'] as string[] | undefined;
    if (Array.isArray(applies)) notes.push(`Applies to: ${applies.join(', ')}.`);
    const inferred = node['x-inferred'] as Json | undefined;
    if (inferred && typeof inferred === 'object') {
      notes.push(`> **Not shown in the document; our choice:** ${inferred.choice} *Why:* ${inferred.reason}`);
    }
    if (!notes.length) return;
    // Only nodes whose type has a description field (not path items or media types).
    const last = pointer[pointer.length - 1];
    if (last === 'application/json' || (pointer[0] === 'paths' && pointer.length === 2)) return;
    const existing = typeof node.description === 'string' ? node.description.trim() : '';
    node.description = [existing, ...notes].filter(Boolean).join('\n\n');
  });
  return copy;
}
