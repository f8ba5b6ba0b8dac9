// Comparing two JSON Schemas (OpenAPI 3.1) and saying what changed, in the direction the data flows. It
// recurses through local $refs, allOf (merged), properties, items, additionalProperties and oneOf/anyOf
// variants; it reports kinds of change and leaves the verdict to rules.ts.
import { mergeAllOf } from './allof.ts';
import { deref, refName } from './refs.ts';
import type { SchemaChangeKind } from './rules.ts';
import { type Direction, isObj, type Obj } from './types.ts';

export interface SchemaDiffContext {
  direction: Direction;
  /** The documents the two schemas live in (their `$ref`s resolve there). */
  beforeDoc: unknown;
  afterDoc: unknown;
  /** `path` is the place inside the schema: '' for the root, `content[].nome`, `dados.*`, … */
  report(kind: SchemaChangeKind, path: string, message: string): void;
}

const show = (value: unknown): string => JSON.stringify(value);
const join = (path: string, name: string): string => (path ? `${path}.${name}` : name);

function typeSet(schema: Obj): Set<string> | undefined {
  const { type } = schema;
  const types = typeof type === 'string' ? [type] : Array.isArray(type) ? type.map(String) : undefined;
  if (!types) return undefined;
  const set = new Set(types);
  if (schema.nullable === true) set.add('null'); // 3.0 spelling
  return set;
}

const covers = (set: Set<string>, type: string): boolean =>
  set.has(type) || (type === 'integer' && set.has('number'));
const includesAll = (outer: Set<string>, inner: Set<string>): boolean =>
  [...inner].every((t) => covers(outer, t));
const showTypes = (set: Set<string> | undefined): string => (set ? [...set].join('|') : 'any');

/** Flattened, dereferenced view of a schema node (`true`/absent read as "anything"). */
function normalize(node: unknown, doc: unknown): { schema: Obj; refs: string[] } {
  const { value, refs } = deref(node, doc);
  if (value === false) return { schema: { not: {} }, refs };
  return { schema: isObj(value) ? mergeAllOf(value, doc, refs) : {}, refs };
}

interface Bound {
  value: number;
  exclusive: boolean;
}

/** The tightest numeric bound on one side; `upper` for maximum/exclusiveMaximum, else minimum/exclusiveMinimum. */
function numericBound(schema: Obj, upper: boolean): Bound | undefined {
  const inclusive = schema[upper ? 'maximum' : 'minimum'];
  const exclusive = schema[upper ? 'exclusiveMaximum' : 'exclusiveMinimum'];
  const candidates: Bound[] = [];
  if (typeof inclusive === 'number') candidates.push({ value: inclusive, exclusive: exclusive === true }); // 3.0
  if (typeof exclusive === 'number') candidates.push({ value: exclusive, exclusive: true });
  let best: Bound | undefined;
  for (const bound of candidates) if (!best || tighter(bound, best, upper)) best = bound;
  return best;
}

function tighter(x: Bound, y: Bound, upper: boolean): boolean {
  if (x.value !== y.value) return upper ? x.value < y.value : x.value > y.value;
  return x.exclusive && !y.exclusive;
}

const showBound = (bound: Bound | undefined, upper: boolean): string =>
  bound ? `${upper ? (bound.exclusive ? '<' : '≤') : bound.exclusive ? '>' : '≥'} ${bound.value}` : 'none';

function compareBounds(ctx: SchemaDiffContext, before: Obj, after: Obj, path: string): void {
  for (const upper of [true, false]) {
    const b = numericBound(before, upper);
    const a = numericBound(after, upper);
    const label = upper ? 'maximum' : 'minimum';
    const message = `${label} ${showBound(b, upper)} → ${showBound(a, upper)}`;
    const narrowed = a !== undefined && (b === undefined || tighter(a, b, upper));
    const widened = b !== undefined && (a === undefined || tighter(b, a, upper));
    if (narrowed) ctx.report(upper ? 'max-decreased' : 'min-increased', path, message);
    else if (widened) ctx.report(upper ? 'max-increased' : 'min-decreased', path, message);
  }
  const counts: [string, boolean][] = [
    ['maxLength', true],
    ['maxItems', true],
    ['maxProperties', true],
    ['minLength', false],
    ['minItems', false],
    ['minProperties', false],
  ];
  for (const [keyword, upper] of counts) {
    const b = effectiveCount(before, keyword, upper);
    const a = effectiveCount(after, keyword, upper);
    if (a === b) continue;
    const message = `${keyword} ${b ?? 'none'} → ${a ?? 'none'}`;
    const narrowed = a !== undefined && (b === undefined || (upper ? a < b : a > b));
    if (narrowed) ctx.report(upper ? 'max-decreased' : 'min-increased', path, message);
    else ctx.report(upper ? 'max-increased' : 'min-decreased', path, message);
  }
}

/**
 * A length or count limit, or undefined where there is none or it admits nothing the schema's string `enum`
 * does not already admit (`enum: [S, N, NA, ND]` with `maxLength: 2`): dropping such a limit changes nothing.
 */
function effectiveCount(schema: Obj, keyword: string, upper: boolean): number | undefined {
  const limit = typeof schema[keyword] === 'number' ? (schema[keyword] as number) : undefined;
  const values = enumValues(schema);
  if (limit === undefined || !keyword.endsWith('Length') || !values?.every((v) => typeof v === 'string'))
    return limit;
  const moot = (values as string[]).every((v) => (upper ? [...v].length <= limit : [...v].length >= limit));
  return moot ? undefined : limit;
}

function enumValues(schema: Obj): unknown[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum;
  if ('const' in schema) return [schema.const];
  return undefined;
}

function compareEnums(ctx: SchemaDiffContext, before: Obj, after: Obj, path: string): void {
  const b = enumValues(before);
  const a = enumValues(after);
  if (!b && !a) return;
  if (!b || !a) {
    if (a) ctx.report('enum-added', path, `restricted to ${a.map(show).join(', ')}`);
    if (b) ctx.report('enum-removed', path, `no longer restricted to ${b.map(show).join(', ')}`);
    return;
  }
  const bKeys = new Set(b.map(show));
  const aKeys = new Set(a.map(show));
  const added = [...aKeys].filter((v) => !bKeys.has(v));
  const removed = [...bKeys].filter((v) => !aKeys.has(v));
  if (added.length) ctx.report('enum-value-added', path, `enum value(s) added: ${added.join(', ')}`);
  if (removed.length) ctx.report('enum-value-removed', path, `enum value(s) removed: ${removed.join(', ')}`);
}

function compareKeyword(
  ctx: SchemaDiffContext,
  before: Obj,
  after: Obj,
  path: string,
  keyword: 'pattern' | 'format',
): void {
  const b = before[keyword];
  const a = after[keyword];
  if (b === a) return;
  const message = `${keyword} ${b === undefined ? 'none' : show(b)} → ${a === undefined ? 'none' : show(a)}`;
  if (b === undefined) ctx.report(`${keyword}-added`, path, message);
  else if (a === undefined) ctx.report(`${keyword}-removed`, path, message);
  else ctx.report(`${keyword}-changed`, path, message);
}

/** Properties the client sees in this direction: it never sends readOnly ones nor receives writeOnly ones. */
function visible(ctx: SchemaDiffContext, node: unknown, doc: unknown): boolean {
  const { schema } = normalize(node, doc);
  return ctx.direction === 'request' ? schema.readOnly !== true : schema.writeOnly !== true;
}

function stringSet(value: unknown): Set<string> {
  return new Set(Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
}

function compareProperties(
  ctx: SchemaDiffContext,
  before: Obj,
  after: Obj,
  path: string,
  stack: string[],
): void {
  const bProps = isObj(before.properties) ? before.properties : {};
  const aProps = isObj(after.properties) ? after.properties : {};
  const bRequired = stringSet(before.required);
  const aRequired = stringSet(after.required);
  const names = [...new Set([...Object.keys(bProps), ...Object.keys(aProps)])];
  for (const name of names) {
    const where = join(path, name);
    const bSeen = name in bProps && visible(ctx, bProps[name], ctx.beforeDoc);
    const aSeen = name in aProps && visible(ctx, aProps[name], ctx.afterDoc);
    if (bSeen && !aSeen) {
      const why = name in aProps ? ` (now ${ctx.direction === 'request' ? 'readOnly' : 'writeOnly'})` : '';
      ctx.report(
        'property-removed',
        where,
        `${bRequired.has(name) ? 'required' : 'optional'} property removed${why}`,
      );
    } else if (!bSeen && aSeen) {
      if (aRequired.has(name)) ctx.report('property-added-required', where, 'required property added');
      else ctx.report('property-added', where, 'optional property added');
    } else if (bSeen && aSeen) {
      if (bRequired.has(name) && !aRequired.has(name))
        ctx.report('property-became-optional', where, 'no longer required');
      if (!bRequired.has(name) && aRequired.has(name))
        ctx.report('property-became-required', where, 'now required');
      walk(ctx, bProps[name], aProps[name], where, stack);
    }
  }
}

type Extra = 'open' | 'closed' | 'schema';
const extraKind = (value: unknown): Extra => (value === false ? 'closed' : isObj(value) ? 'schema' : 'open');
const openness: Record<Extra, number> = { closed: 0, schema: 1, open: 2 };

function compareAdditional(
  ctx: SchemaDiffContext,
  before: Obj,
  after: Obj,
  path: string,
  stack: string[],
): void {
  const b = extraKind(before.additionalProperties);
  const a = extraKind(after.additionalProperties);
  if (b === 'schema' && a === 'schema') {
    walk(ctx, before.additionalProperties, after.additionalProperties, join(path, '*'), stack);
  } else if (openness[a] < openness[b]) {
    ctx.report('additional-properties-narrowed', path, `additionalProperties ${b} → ${a}`);
  } else if (openness[a] > openness[b]) {
    ctx.report('additional-properties-widened', path, `additionalProperties ${b} → ${a}`);
  }
}

function compareVariants(
  ctx: SchemaDiffContext,
  before: Obj,
  after: Obj,
  path: string,
  stack: string[],
): void {
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const b = Array.isArray(before[keyword]) ? (before[keyword] as unknown[]) : [];
    const a = Array.isArray(after[keyword]) ? (after[keyword] as unknown[]) : [];
    if (b.length === 0 && a.length === 0) continue;
    const label = (node: unknown, index: number, doc: unknown): string => {
      const { refs } = deref(node, doc);
      return refs[0] ? refName(refs[0]) : `#${index}`;
    };
    const bLabels = b.map((node, i) => label(node, i, ctx.beforeDoc));
    const aLabels = a.map((node, i) => label(node, i, ctx.afterDoc));
    const unmatchedA = new Set(a.map((_, i) => i));
    const pairs: [number, number][] = [];
    const unmatchedB: number[] = [];
    // Named variants ($ref) pair by name, inline ones by position among the rest.
    bLabels.forEach((name, i) => {
      const j = name.startsWith('#') ? -1 : aLabels.indexOf(name);
      if (j >= 0 && unmatchedA.has(j)) {
        pairs.push([i, j]);
        unmatchedA.delete(j);
      } else unmatchedB.push(i);
    });
    for (const i of [...unmatchedB]) {
      const j = [...unmatchedA].find((k) => aLabels[k]?.startsWith('#') && bLabels[i]?.startsWith('#'));
      if (j === undefined) continue;
      pairs.push([i, j]);
      unmatchedA.delete(j);
      unmatchedB.splice(unmatchedB.indexOf(i), 1);
    }
    for (const [i, j] of pairs) walk(ctx, b[i], a[j], `${path}<${keyword} ${aLabels[j]}>`, stack);
    for (const i of unmatchedB)
      ctx.report('variant-removed', path, `${keyword} variant ${bLabels[i]} removed`);
    for (const j of unmatchedA) ctx.report('variant-added', path, `${keyword} variant ${aLabels[j]} added`);
  }
}

function walk(
  ctx: SchemaDiffContext,
  beforeNode: unknown,
  afterNode: unknown,
  path: string,
  stack: string[],
): void {
  if (beforeNode === undefined || afterNode === undefined) return;
  const b = normalize(beforeNode, ctx.beforeDoc);
  const a = normalize(afterNode, ctx.afterDoc);
  // Recursive schemas: stop when this pair of refs is already being compared further up.
  const key = `${b.refs.join('>')}|${a.refs.join('>')}`;
  if (key !== '|' && stack.includes(key)) return;
  const next = key === '|' ? stack : [...stack, key];
  const before = b.schema;
  const after = a.schema;

  if (before.deprecated !== true && after.deprecated === true)
    ctx.report('property-deprecated', path, 'deprecated');

  const bTypes = typeSet(before);
  const aTypes = typeSet(after);
  if (bTypes || aTypes) {
    const message = `type ${showTypes(bTypes)} → ${showTypes(aTypes)}`;
    const widened = !aTypes || (bTypes !== undefined && includesAll(aTypes, bTypes));
    const narrowed = !bTypes || (aTypes !== undefined && includesAll(bTypes, aTypes));
    if (widened && narrowed) {
      // same set of types
    } else if (widened) ctx.report('type-widened', path, message);
    else if (narrowed) ctx.report('type-narrowed', path, message);
    else {
      ctx.report('type-changed', path, message);
      return; // the rest would only repeat this
    }
  }

  compareEnums(ctx, before, after, path);
  compareBounds(ctx, before, after, path);
  compareKeyword(ctx, before, after, path, 'pattern');
  compareKeyword(ctx, before, after, path, 'format');
  if (show(before.default) !== show(after.default)) {
    ctx.report(
      'default-changed',
      path,
      `default ${show(before.default) ?? 'none'} → ${show(after.default) ?? 'none'}`,
    );
  }
  compareProperties(ctx, before, after, path, next);
  compareAdditional(ctx, before, after, path, next);
  if (before.items !== undefined && after.items !== undefined)
    walk(ctx, before.items, after.items, `${path}[]`, next);
  compareVariants(ctx, before, after, path, next);
}

/** Reports through `ctx.report` every difference between two schemas (either may be a `$ref`). */
export function diffSchemas(ctx: SchemaDiffContext, before: unknown, after: unknown, path = ''): void {
  walk(ctx, before, after, path, []);
}
