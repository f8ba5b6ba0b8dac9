// One reader of a bundled spec: following its `$ref`s the same way everywhere. Browser-safe (no Node built-in):
// the spec comes in as an object, whoever read it.
//
// The edges, one behaviour each:
// - only local references (`#/...`) exist in a bundled spec; any other is an error (`external`);
// - a reference whose target is missing is an error (`missing`) naming the reference and where it was found;
// - a reference is never followed twice on one way down: `deref` throws on a loop made of references only
//   (`cycle`: there is no value to return), and `inline` leaves the reference that closes a cycle as the
//   `$ref` it is, so a recursive schema stays finite;
// - keywords written beside a `$ref` (OpenAPI 3.1 allows `description`, `summary`, and in schemas any keyword)
//   are laid over the target, the outermost winning.
import { SpecRefError } from './errors.js';
import { type HttpMethod, httpMethods, listOperations, type Operation, readOperation } from './operations.js';
import { formatPointer, nodeAt, parsePointer } from './pointer.js';
import type { Json, SpecReader } from './reader.js';

export type { Json } from './reader.js';

export interface Followed<T = unknown> {
  /** The node behind the chain of references (with the keywords beside them laid over it). */
  value: T;
  /** The references followed, outermost first; empty when the node was not a reference. */
  refs: string[];
  /** The node the last reference points to, as written (the node itself when it is not a reference): without
   * the keywords beside the references, for a reader that tells a node's own keywords (a property's
   * `description`) from its target's, or keys a cache by the target itself. */
  target: T;
}

export interface SpecModel extends SpecReader {
  /** The name errors use (`fundos-v2`, `feed`, or `spec` when none was given). */
  readonly name: string;
  /** The node a local reference points to; throws SpecRefError when it has none. */
  target(ref: string, at?: string): unknown;
  /** Follows a chain of `$ref`s from `node` (returned as is when it is not a reference). */
  follow<T = Json>(node: unknown): Followed<T>;
  /** `follow(node).value`. */
  deref<T = Json>(node: unknown): T;
  /** A copy of `node` with every reference replaced by its target, except a reference closing a cycle. */
  inline<T = unknown>(node: unknown): T;
  /** Every operation, in path order then in the method order of OpenAPI (get, put, post, delete, …). */
  operations(): readonly Operation[];
  /**
   * The operation at `method` + `path`, if the spec has it. Read alone (only its own references followed) until
   * the whole list has been read: a reader that needs a few operations, as the sandbox does on each one's first
   * request, does not pay for reading them all, nor fail on another operation's broken reference.
   */
  operation(method: string, path: string): Operation | undefined;
}

export interface SpecModelOptions {
  /** Names the spec in error messages. */
  name?: string;
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function refOf(node: unknown): string | undefined {
  return isObject(node) && typeof node.$ref === 'string' ? node.$ref : undefined;
}

/** Where an object sits in the spec, for messages only (a walk, so only on the way to an error). */
function locate(spec: Json, node: unknown): string {
  const path: string[] = [];
  const seen = new Set<unknown>();
  function search(current: unknown): boolean {
    if (current === node) return true;
    if (current === null || typeof current !== 'object' || seen.has(current)) return false;
    seen.add(current);
    for (const [key, child] of Object.entries(current)) {
      path.push(key);
      if (search(child)) return true;
      path.pop();
    }
    return false;
  }
  return search(spec) ? formatPointer(path) : '(outside the spec)';
}

/** The node a local reference points to in `spec` (named `name` in errors). */
function targetOf(spec: Json, name: string, ref: string, at?: string): unknown {
  const where = () => at ?? '(no place given)';
  let tokens: string[] | undefined;
  try {
    tokens = parsePointer(ref);
  } catch {
    throw new SpecRefError('malformed', ref, where(), name, 'not a valid URI fragment (a stray "%"?)');
  }
  if (!tokens) {
    throw new SpecRefError(
      'external',
      ref,
      where(),
      name,
      'only local references (#/...) are read: read the bundled spec (packages/specs/dist), not the split sources',
    );
  }
  const found = nodeAt(spec, tokens);
  if (found === undefined)
    throw new SpecRefError(
      'missing',
      ref,
      where(),
      name,
      'no such node: fix the reference or add its target',
    );
  return found;
}

/** Follows the `$ref` chain from `node`, laying the keywords beside each reference over its target. */
function followIn<T>(spec: Json, name: string, node: unknown): Followed<T> {
  const refs: string[] = [];
  const siblings: Json[] = [];
  let value = node;
  for (let ref = refOf(value); ref !== undefined; ref = refOf(value)) {
    const holder = value as Json;
    if (refs.includes(ref)) {
      throw new SpecRefError(
        'cycle',
        ref,
        locate(spec, holder),
        name,
        `a loop of references with nothing else (${[...refs, ref].join(' → ')}): point one of them at a schema`,
      );
    }
    let next: unknown;
    try {
      next = targetOf(spec, name, ref);
    } catch (error) {
      if (!(error instanceof SpecRefError)) throw error;
      throw new SpecRefError(error.problem, ref, locate(spec, holder), name, error.detail);
    }
    const { $ref: _ref, ...beside } = holder;
    if (Object.keys(beside).length > 0) siblings.unshift(beside);
    refs.push(ref);
    value = next;
  }
  const bare = value as T;
  if (siblings.length > 0 && isObject(value)) value = Object.assign({}, value, ...siblings);
  return { value: value as T, refs, target: bare };
}

/** A copy of `node` with every reference replaced by its target (`follow`), except one closing a cycle. */
function inlineWith<T>(follow: (node: unknown) => Followed<unknown>, node: unknown): T {
  function copy(current: unknown, open: readonly string[]): unknown {
    if (Array.isArray(current)) return current.map((item) => copy(item, open));
    if (!isObject(current)) return current;
    const ref = refOf(current);
    if (ref !== undefined && open.includes(ref)) return current;
    const { value, refs } = ref === undefined ? { value: current, refs: [] as string[] } : follow(current);
    if (!isObject(value)) return copy(value, [...open, ...refs]);
    const within = [...open, ...refs];
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, copy(child, within)]));
  }
  return copy(node, []) as T;
}

export function createSpecModel(spec: Json, options: SpecModelOptions = {}): SpecModel {
  const name = options.name ?? 'spec';
  let ops: readonly Operation[] | undefined;
  const follow = <T>(node: unknown) => followIn<T>(spec, name, node);
  const model: SpecModel = {
    spec,
    name,
    target: (ref, at) => targetOf(spec, name, ref, at),
    follow,
    deref: <T>(node: unknown) => follow<T>(node).value,
    inline: <T>(node: unknown) => inlineWith<T>(follow, node),
    operations: () => {
      ops ??= listOperations(model);
      return ops;
    },
    operation: (method, path) => {
      if (ops) return ops.find((op) => op.method === method && op.path === path);
      return httpMethods.includes(method as HttpMethod)
        ? readOperation(model, method as HttpMethod, path)
        : undefined;
    },
  };
  return model;
}
