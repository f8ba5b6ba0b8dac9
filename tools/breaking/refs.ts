// Following `$ref`s inside one bundled document. The bundler leaves only local refs (`#/components/...`);
// anything else is kept as an opaque node.
import { isObj, type Obj } from './types.ts';

export function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  const tokens = ref.slice(1).split('/').slice(1);
  let node: unknown = doc;
  for (const raw of tokens) {
    const token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) node = node[Number(token)];
    else if (isObj(node)) node = node[token];
    else return undefined;
  }
  return node;
}

export interface Dereferenced {
  value: unknown;
  /** The refs followed, outermost first (empty when the node was inline). */
  refs: string[];
}

/** Follows a chain of local `$ref`s. Keywords beside a `$ref` (allowed in 3.1: description, deprecated, …)
 * override the target's. An unresolvable ref is returned as is. */
export function deref(node: unknown, doc: unknown): Dereferenced {
  const refs: string[] = [];
  let value = node;
  const siblings: Obj[] = [];
  while (isObj(value) && typeof value.$ref === 'string') {
    const ref = value.$ref;
    if (refs.includes(ref)) break;
    const target = resolvePointer(doc, ref);
    if (target === undefined) break;
    const { $ref: _ignored, ...rest } = value;
    if (Object.keys(rest).length > 0) siblings.unshift(rest);
    refs.push(ref);
    value = target;
  }
  if (siblings.length > 0 && isObj(value)) value = Object.assign({}, value, ...siblings);
  return { value, refs };
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
