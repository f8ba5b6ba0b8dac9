// Redoc shows descriptions, not unknown extensions: this writes what our extensions say (x-release-schedule,
// x-decimal, x-applies-to, x-inferred, x-required-together) into the descriptions of a copy of
// the spec, the copy Redoc renders. (x-discontinued needs nothing: the operations are `deprecated`, which Redoc
// marks, and their descriptions say since when.)
import { type Schedule, scheduleText } from './extensions.ts';
import type { Json } from './inputs.ts';
import { httpMethods } from './operations.ts';
import { walk } from './walk.ts';

const methods = new Set<string>(httpMethods);

function decimalText(d: Json): string {
  if (typeof d.binary === 'number') return `Float(${d.binary}, ${d.scale ?? '?'} dp)`;
  const scale = d.scale === undefined ? '' : `, ${d.scaleIsMaximum ? 'up to ' : ''}${d.scale}`;
  return `Decimal(${d.precision}${scale})`;
}

function notesOf(node: Json, isOperation: boolean): string[] {
  const notes: string[] = [];
  const schedule = node['x-release-schedule'] as Json | undefined;
  if (schedule && isOperation)
    notes.push(`**Release schedule:** ${scheduleText(schedule as unknown as Schedule)}.`);
  const together = node['x-required-together'] as string[][] | undefined;
  if (Array.isArray(together) && isOperation) {
    for (const group of together)
      notes.push(`**Used together:** ${group.map((p) => `\`${p}\``).join(' and ')} (give all or none).`);
  }
  const decimal = node['x-decimal'] as Json | undefined;
  if (decimal && typeof decimal === 'object') notes.push(`Notation: \`${decimalText(decimal)}\`.`);
  const applies = node['x-applies-to'] as string[] | undefined;
  if (Array.isArray(applies)) notes.push(`Applies to: ${applies.join(', ')}.`);
  const inferred = node['x-inferred'] as Json | undefined;
  if (inferred && typeof inferred === 'object') {
    notes.push(`> **Not shown in the document; our choice:** ${inferred.choice} *Why:* ${inferred.reason}`);
  }
  return notes;
}

/** A copy of the spec whose descriptions also say what the extensions say. */
export function annotateForDocs(spec: Json): Json {
  const copy = structuredClone(spec);
  walk(copy, (node, pointer) => {
    const last = pointer[pointer.length - 1] ?? '';
    const isOperation = pointer[0] === 'paths' && pointer.length === 3 && methods.has(last);
    // Only nodes whose type has a description field (not path items, media types or extension values).
    if (last === 'application/json' || (pointer[0] === 'paths' && pointer.length === 2)) return;
    if (pointer.some((p) => p.startsWith('x-'))) return;
    const notes = notesOf(node, isOperation);
    if (!notes.length) return;
    const existing = typeof node.description === 'string' ? node.description.trim() : '';
    node.description = [existing, ...notes].filter(Boolean).join('\n\n');
  });
  return copy;
}
