// Following `$ref`s inside one bundled document, through the one spec model (@assoc-feed/specs/model): the
// same pointer decoding and the same edges as every other reader. A reference with no target, an external one
// or a loop of references only throws a SpecRefError naming it and where it is (a bundle that Redocly
// produced has none); a recursive schema is not a loop (schema-diff.ts stops on a pair of refs it is already
// comparing). Each side of the diff is its own in-memory spec: one model per document object.
import { createSpecModel, type Followed, type SpecModel } from '@assoc-feed/specs/model';
import { isObj, type Obj } from './types.ts';

const models = new WeakMap<object, SpecModel>();

function modelOf(doc: unknown): SpecModel {
  if (!isObj(doc)) throw new Error('a $ref can only be followed inside a spec object');
  let model = models.get(doc);
  if (!model) {
    model = createSpecModel(doc);
    models.set(doc, model);
  }
  return model;
}

/** Follows a chain of local `$ref`s (refs: outermost first). Keywords beside a `$ref` (allowed in 3.1:
 * description, deprecated, …) override the target's. */
export function deref(node: unknown, doc: unknown): Followed<unknown> {
  return modelOf(doc).follow<unknown>(node);
}

/** The object behind a node, or an empty object (missing or not an object). */
export function derefObj(node: unknown, doc: unknown): Obj {
  const { value } = deref(node, doc);
  return isObj(value) ? value : {};
}

/** `#/components/schemas/Fund` → `Fund`. */
export function refName(ref: string): string {
  return ref.slice(ref.lastIndexOf('/') + 1);
}
