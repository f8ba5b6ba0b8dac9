// Redoc shows descriptions, not unknown extensions: this writes what our extensions say (x-release-schedule,
// x-decimal, x-applies-to, x-inferred, x-required-together) into the descriptions of a copy of
// the spec, the copy Redoc renders. (x-discontinued needs nothing: the operations are `deprecated`, which Redoc
// marks, and their descriptions say since when.)
// Two kinds of place need care: Redoc prints server and server-variable descriptions as plain text (markdown
// would show as asterisks and backticks), and it shows no description at all for info.license and
// info.contact, so a choice made there, or on the document as a whole, is told in info's description.
import { formatPointer } from '@assoc-feed/specs/model';
import { basisBadge, basisKind, inferredRowId, type Schedule, scheduleText } from './extensions.ts';
import { escapeHtml } from './html.ts';
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

/** Inline markdown (code spans, bold, emphasis) as HTML, for text inside an HTML block, where markdown is not read. */
export function inlineMarkdownHtml(text: string): string {
  return escapeHtml(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\*([^*]+)\*/g, '<em>$1</em>');
}

/** Where a note links for the whole list of choices: its row on inferred.html, when its place is known. */
export interface NoteContext {
  api?: string;
  /** The JSON pointer of each x-inferred object of the spec (and of its annotated copy). */
  pointers?: WeakMap<object, string>;
}

/**
 * A choice as a reader meets it: a badge with its basis and the choice, in a <details> whose body (a click away)
 * holds why and what it rests on, and a link to its row on the page of all the choices. Where Redoc prints plain
 * text (servers), the same words in one line.
 */
function inferredNote(inferred: Json, context: NoteContext, about?: string, plain = false): string {
  const basis = typeof inferred.basis === 'string' ? inferred.basis : 'guess';
  const evidence = typeof inferred.evidence === 'string' ? ` (${inferred.evidence})` : '';
  const lead = about
    ? `${about}: not shown in the document; our choice:`
    : 'Not shown in the document; our choice:';
  if (plain) {
    const said = typeof inferred.basis === 'string' ? ` *Basis:* ${basis}${evidence}.` : '';
    return `**${lead}** ${inferred.choice} *Why:* ${inferred.reason}${said}`;
  }
  const pointer = context.pointers?.get(inferred);
  const link =
    context.api && pointer !== undefined
      ? ` [All the choices not shown in the documents](inferred.html#${encodeURI(inferredRowId(context.api, pointer))})`
      : ' [All the choices not shown in the documents](inferred.html)';
  const badge = `<span class="feed-inferred-badge" data-basis="${basisKind(basis)}">inferred · ${escapeHtml(basisBadge(basis))}</span>`;
  return `<details class="feed-inferred"><summary>${badge} ${escapeHtml(lead)} ${inlineMarkdownHtml(String(inferred.choice))}</summary>

*Why:* ${inferred.reason} *Basis:* ${basis}${evidence}.${link}

</details>`;
}

function notesOf(node: Json, isOperation: boolean, context: NoteContext, plain = false): string[] {
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
  if (inferred && typeof inferred === 'object') notes.push(inferredNote(inferred, context, undefined, plain));
  return notes;
}

/** Each x-inferred object of these specs, by its JSON pointer (its holder's). */
function inferredPointers(...specs: Json[]): WeakMap<object, string> {
  const pointers = new WeakMap<object, string>();
  for (const spec of specs) {
    walk(spec, (node, pointer) => {
      const inferred = node['x-inferred'];
      if (inferred && typeof inferred === 'object') pointers.set(inferred, formatPointer(pointer));
    });
  }
  return pointers;
}

/**
 * A copy of the spec whose descriptions also say what the extensions say. `api` names the document, for the
 * links from each choice to its row on inferred.html.
 */
export function annotateForDocs(spec: Json, api?: string): Json {
  const copy = structuredClone(spec);
  const context: NoteContext = { ...(api ? { api } : {}), pointers: inferredPointers(spec, copy) };
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
          inferredNote(inferred, context, 'Across the document'),
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
        info.description = [String(info.description ?? '').trim(), inferredNote(inferred, context, about)]
          .filter(Boolean)
          .join('\n\n');
      }
      return;
    }
    const plain = isPlainTextPlace(pointer);
    if (plain && typeof node.description === 'string') node.description = plainMarkdown(node.description);
    const notes = notesOf(node, isOperation, context, plain).map((note) =>
      plain ? plainMarkdown(note) : note,
    );
    if (!notes.length) return;
    const existing = typeof node.description === 'string' ? node.description.trim() : '';
    node.description = [existing, ...notes].filter(Boolean).join(plain ? ' ' : '\n\n');
  });
  surfaceHiddenNotes(spec, copy, (schema) => notesOf(schema, false, context));
  return copy;
}
