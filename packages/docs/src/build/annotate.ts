// Redoc shows descriptions, not unknown extensions: this writes what our extensions say (x-release-schedule,
// x-decimal, x-applies-to, x-inferred, x-required-together) into the descriptions of a copy of
// the spec, the copy Redoc renders. (x-discontinued needs nothing: the operations are `deprecated`, which Redoc
// marks, and their descriptions say since when.)
// Two kinds of place need care: Redoc prints server and server-variable descriptions as plain text (markdown
// would show as asterisks and backticks), and it shows no description at all for info.license and
// info.contact, so a choice made there, or on the document as a whole, is told in info's description.
import { type Schedule, scheduleText } from './extensions.ts';
import type { Json } from './inputs.ts';
import { httpMethods } from './operations.ts';
import { surfaceHiddenNotes } from './surface-notes.ts';
import { walk } from './walk.ts';

const methods = new Set<string>(httpMethods);

function decimalText(d: Json): string {
  if (typeof d.binary === 'number') return `Float(${d.binary}, ${d.scale ?? '?'} dp)`;
  const scale = d.scale === undefined ? '' : `, ${d.scaleIsMaximum ? 'up to ' : ''}${d.scale}`;
  return `Decimal(${d.precision}${scale})`;
}

/** Markdown emphasis and code marks removed, for the places Redoc prints as plain text. */
export function plainMarkdown(text: string): string {
  return text
    .replace(/^> ?/gm, '')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/\*([^*]+)\*/g, '$1')
    .replace(/`([^`]+)`/g, '$1');
}

/** servers › n, paths › p › servers › n, paths › p › get › servers › n, and their variables. */
function isPlainTextPlace(pointer: string[]): boolean {
  const at = pointer.lastIndexOf('servers');
  if (at < 0 || !/^\d+$/.test(pointer[at + 1] ?? '')) return false;
  const rest = pointer.slice(at + 2);
  return rest.length === 0 || (rest.length === 2 && rest[0] === 'variables');
}

/** Objects of info that Redoc shows without their description. */
const undescribedInInfo = new Set(['license', 'contact']);

function inferredNote(inferred: Json, about?: string): string {
  const lead = about
    ? `**${about}: not shown in the document; our choice:**`
    : '**Not shown in the document; our choice:**';
  const evidence = typeof inferred.evidence === 'string' ? ` (${inferred.evidence})` : '';
  const basis = typeof inferred.basis === 'string' ? ` *Basis:* ${inferred.basis}${evidence}.` : '';
  return `> ${lead} ${inferred.choice} *Why:* ${inferred.reason}${basis}`;
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
  if (inferred && typeof inferred === 'object') notes.push(inferredNote(inferred));
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
    if (pointer.length === 0) {
      // A choice about the whole document: Redoc shows the document through info's description.
      const inferred = node['x-inferred'] as Json | undefined;
      if (inferred && typeof inferred === 'object') {
        const info = copy.info as Json;
        info.description = [
          String(info.description ?? '').trim(),
          inferredNote(inferred, 'Across the document'),
        ]
          .filter(Boolean)
          .join('\n\n');
      }
      return;
    }
    if (pointer.length === 2 && pointer[0] === 'info' && undescribedInInfo.has(last)) {
      const inferred = node['x-inferred'] as Json | undefined;
      if (inferred && typeof inferred === 'object') {
        const info = copy.info as Json;
        const about = last === 'license' ? 'License' : 'Contact';
        info.description = [String(info.description ?? '').trim(), inferredNote(inferred, about)]
          .filter(Boolean)
          .join('\n\n');
      }
      return;
    }
    const plain = isPlainTextPlace(pointer);
    if (plain && typeof node.description === 'string') node.description = plainMarkdown(node.description);
    const notes = notesOf(node, isOperation).map((note) => (plain ? plainMarkdown(note) : note));
    if (!notes.length) return;
    const existing = typeof node.description === 'string' ? node.description.trim() : '';
    node.description = [existing, ...notes].filter(Boolean).join(plain ? ' ' : '\n\n');
  });
  surfaceHiddenNotes(spec, copy, (schema) => notesOf(schema, false));
  return copy;
}
