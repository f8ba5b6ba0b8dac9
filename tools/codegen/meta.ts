// Derives the runtime facts a client needs (parameter rules, paging, auth) from a bundled spec, so that
// no spec fact is written by hand in client code.
// The shapes are core's own (what the clients read); a type-only import of a file that imports nothing.
import type { ParameterSchemaMeta } from '../../packages/core/src/meta.ts';

type Json = Record<string, unknown>;

const schemaKeys = [
  'type',
  'pattern',
  'enum',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'format',
] as const;
const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

export function createResolver(spec: Json) {
  return function resolve<T = Json>(node: unknown): T {
    let current = node as Json;
    const seen = new Set<string>();
    while (current && typeof current.$ref === 'string') {
      const ref = current.$ref;
      if (seen.has(ref)) throw new Error(`circular $ref ${ref}`);
      seen.add(ref);
      if (!ref.startsWith('#/')) throw new Error(`unbundled $ref ${ref}: generate from the bundled spec`);
      current = ref
        .slice(2)
        .split('/')
        .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce<Json>((acc, key) => acc?.[key] as Json, spec);
      if (current === undefined) throw new Error(`dangling $ref ${ref}`);
    }
    return current as T;
  };
}

function schemaMeta(schema: Json, resolve: ReturnType<typeof createResolver>): ParameterSchemaMeta {
  const s = resolve(schema);
  const out: ParameterSchemaMeta = {};
  for (const key of schemaKeys) {
    const value = s[key];
    if (value === undefined) continue;
    if (key === 'type' && Array.isArray(value)) {
      (out as Json)[key] = value.find((t) => t !== 'null');
      continue;
    }
    (out as Json)[key] = value;
  }
  if (s.items) out.items = schemaMeta(s.items as Json, resolve);
  return out;
}

/** The properties of a (possibly allOf-composed) object schema, with the extensions found on the way. */
function flattenObject(
  schema: Json,
  resolve: ReturnType<typeof createResolver>,
): { properties: Json; extensions: Json } {
  const s = resolve(schema);
  const properties: Json = { ...((s.properties as Json) ?? {}) };
  const extensions: Json = Object.fromEntries(Object.entries(s).filter(([k]) => k.startsWith('x-')));
  for (const part of (s.allOf as Json[]) ?? []) {
    const inner = flattenObject(part, resolve);
    Object.assign(properties, inner.properties);
    Object.assign(extensions, inner.extensions);
  }
  return { properties, extensions };
}

function authOf(security: Json[] | undefined): 'flowA' | 'flowB' | 'none' {
  for (const requirement of security ?? []) {
    if ('ClientId' in requirement && 'AccessToken' in requirement) return 'flowA';
    if ('InputClientCredentials' in requirement) return 'flowB';
  }
  return 'none';
}

export function documentMeta(name: string, spec: Json) {
  const resolve = createResolver(spec);
  const operations: Record<string, Json> = {};
  for (const [path, rawItem] of Object.entries((spec.paths as Json) ?? {})) {
    const item = resolve(rawItem);
    const shared = ((item.parameters as Json[]) ?? []).map((p) => resolve(p));
    for (const method of methods) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const own = ((op.parameters as Json[]) ?? []).map((p) => resolve(p));
      const merged = new Map<string, Json>();
      for (const p of [...shared, ...own]) merged.set(`${p.in}:${p.name}`, p);
      const parameters = [...merged.values()]
        .filter((p) => p.in !== 'cookie')
        .map((p) => ({
          name: p.name as string,
          in: p.in as string,
          required: Boolean(p.required),
          schema: schemaMeta((p.schema as Json) ?? {}, resolve),
        }));
      const meta: Json = {
        operationId: op.operationId,
        ...(op['x-document-id'] ? { documentId: op['x-document-id'] } : {}),
        method,
        path,
        parameters,
        auth: authOf((op.security as Json[]) ?? (spec.security as Json[])),
      };
      if (op['x-required-together']) meta.requiredTogether = op['x-required-together'];
      if (op['x-date-window']) meta.dateWindow = op['x-date-window'];
      const pagination = paginationOf(op, parameters, resolve);
      if (pagination) meta.pagination = pagination;
      operations[`${method.toUpperCase()} ${path}`] = meta;
    }
  }
  return { name, operations };
}

function paginationOf(
  op: Json,
  parameters: { name: string; in: string; schema: ParameterSchemaMeta }[],
  resolve: ReturnType<typeof createResolver>,
): Json | undefined {
  const page = parameters.find((p) => p.in === 'query' && p.name === 'page');
  const size = parameters.find((p) => p.in === 'query' && p.name === 'size');
  if (!page || !size) return undefined;
  const response = resolve(((op.responses as Json)?.['200'] as Json) ?? {});
  const schema = ((response.content as Json)?.['application/json'] as Json)?.schema as Json | undefined;
  if (!schema) throw new Error(`${op.operationId}: paginated but no JSON 200 schema`);
  const envelope = flattenObject(schema, resolve).extensions['x-page-envelope'] as Json | undefined;
  if (!envelope) throw new Error(`${op.operationId}: paginated but its 200 schema has no x-page-envelope`);
  const maxSize = size.schema.maximum;
  if (typeof maxSize !== 'number') throw new Error(`${op.operationId}: size has no maximum`);
  const sizeSchema = resolve<Json>(
    resolve<Json>(((op.parameters as Json[]) ?? []).find((p) => resolve<Json>(p).name === 'size'))?.schema ??
      {},
  );
  return {
    pageParam: 'page',
    sizeParam: 'size',
    maxSize,
    defaultSize: typeof sizeSchema.default === 'number' ? sizeSchema.default : maxSize,
    itemsField: envelope.items,
    totalPagesField: envelope.totalPages,
    totalElementsField: envelope.totalElements,
  };
}

/** A field's documented decimal notation, from its `x-decimal`. */
interface DecimalRule {
  precision?: number;
  scale?: number;
}

/** Significant digits a double always keeps: a field documented with more needs `numbers: 'exact'`. */
const DOUBLE_DIGITS = 15;

/**
 * The property names whose `x-decimal` precision exceeds what a double keeps, with their notation. Keyed by
 * name (the exact parser works on the JSON text, where only the name is known): a name documented with several
 * notations gets the loosest, and is exact wherever it appears (a few Float(53) rates share a name with a
 * Num(19,4) one: those then arrive as strings too).
 */
export function exactFields(spec: Json): Record<string, DecimalRule> {
  const resolve = createResolver(spec);
  const rules: Record<string, DecimalRule> = {};
  const seen = new Set<unknown>();
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    const properties = (node as Json).properties as Json | undefined;
    for (const [name, raw] of Object.entries(properties ?? {})) {
      const decimal = resolve<Json>(raw)['x-decimal'] as DecimalRule | undefined;
      if (!decimal || (decimal.precision ?? 0) <= DOUBLE_DIGITS) continue;
      const before = rules[name];
      rules[name] = {
        precision: Math.max(before?.precision ?? 0, decimal.precision ?? 0),
        ...(decimal.scale !== undefined || before?.scale !== undefined
          ? { scale: Math.max(before?.scale ?? 0, decimal.scale ?? 0) }
          : {}),
      };
    }
    for (const value of Object.values(node)) visit(value);
  };
  visit(spec);
  return Object.fromEntries(Object.entries(rules).sort(([a], [b]) => a.localeCompare(b)));
}
