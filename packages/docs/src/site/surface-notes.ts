// Redoc shows the description of a property, a parameter and a response, but not the descriptions of the schemas
// behind them: a property's own description hides that of the schema it $refs, a list's item schema and the
// parts of an allOf show only their properties, and a response body's root schema shows no description at all.
// A note written there (x-inferred above all: the envelope, the record shape, a type's inferred limits) would be
// invisible. This copies those notes to the description Redoc does show: the property, the parameter or the
// response. Notes are matched by text, so a note is never repeated where it already stands.
import { createSpecModel, type SpecModel } from '@assoc-feed/specs/model';
import type { Json } from './inputs.ts';
import { walk } from './walk.ts';

export type NotesOf = (schema: Json) => string[];

/**
 * The notes of the schemas Redoc shows through `start` without their descriptions: $ref targets, allOf, oneOf and
 * anyOf parts and array items, followed until a schema with properties of its own (those are shown, each with its
 * description). A oneOf's alternatives (the error body: an object or the gateway's bare string) are shown as tabs
 * whose schema descriptions Redoc leaves out.
 */
function hiddenNotes(start: unknown, model: SpecModel, notesOf: NotesOf, includeStart: boolean): string[] {
  const notes: string[] = [];
  const seen = new Set<unknown>();
  const visit = (raw: unknown, include: boolean) => {
    if (!raw || typeof raw !== 'object' || seen.has(raw)) return;
    seen.add(raw);
    const ref = (raw as Json).$ref;
    if (typeof ref === 'string') {
      // Keywords beside a $ref belong to the node holding it: shown already for a property (include false), hidden
      // for a parameter's or a body's schema, whose own notes (a mark on the schema of one parameter) come first.
      if (include) notes.push(...notesOf(raw as Json));
      visit(model.follow(raw).target, true);
      return;
    }
    const node = raw as Json;
    if (include) notes.push(...notesOf(node));
    for (const key of ['allOf', 'oneOf', 'anyOf'] as const)
      for (const part of (node[key] as unknown[] | undefined) ?? []) visit(part, true);
    if (node.items) visit(node.items, true);
  };
  visit(start, includeStart);
  return notes;
}

function at(root: Json, pointer: string[]): Json | undefined {
  return pointer.reduce<unknown>((node, key) => (node as Json | undefined)?.[key], root) as Json | undefined;
}

/** What a holder (property, parameter, response, request body) hides, and where its description starts. */
function holderNotes(node: Json, pointer: string[], model: SpecModel, notesOf: NotesOf): string[] {
  const parent = pointer[pointer.length - 2];
  const grand = pointer[pointer.length - 3];
  if (parent === 'properties') return hiddenNotes(node, model, notesOf, false);
  if (typeof node.$ref === 'string') return []; // a $ref'd parameter or response: the component is the holder
  const isParameter = parent === 'parameters' && typeof node.in === 'string';
  if (isParameter) return hiddenNotes(node.schema, model, notesOf, true);
  const isResponse = parent === 'responses';
  const isBody =
    pointer[pointer.length - 1] === 'requestBody' || (grand === 'components' && parent === 'requestBodies');
  if (!isResponse && !isBody) return [];
  const content = (node.content as Record<string, Json> | undefined) ?? {};
  return Object.values(content).flatMap((media) => {
    const schema = media.schema as Json | undefined;
    if (!schema) return [];
    const inline =
      typeof schema.$ref !== 'string' && typeof schema.description === 'string' ? [schema.description] : [];
    return [...inline, ...hiddenNotes(schema, model, notesOf, true)];
  });
}

/** Appends to each holder of `copy` the notes its schemas hide (read from `spec`, the unannotated original). */
export function surfaceHiddenNotes(spec: Json, copy: Json, notesOf: NotesOf): void {
  const model = createSpecModel(spec);
  const copyModel = createSpecModel(copy);
  walk(spec, (node, pointer) => {
    if (
      pointer.some((p) => p.startsWith('x-')) ||
      pointer.includes('examples') ||
      pointer.includes('example')
    )
      return;
    const notes = holderNotes(node, pointer, model, notesOf);
    if (!notes.length) return;
    const target = at(copy, pointer);
    if (!target) return;
    // A $ref property without a description of its own shows its target's (already annotated) description.
    const shown =
      typeof target.description === 'string'
        ? target.description.trim()
        : String(copyModel.deref<Json>(target).description ?? '').trim();
    const fresh = [...new Set(notes.map((n) => n.trim()))].filter((n) => n && !shown.includes(n));
    if (fresh.length) target.description = [shown, ...fresh].filter(Boolean).join('\n\n');
  });
}
