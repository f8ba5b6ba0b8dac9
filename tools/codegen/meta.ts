// Derives the runtime facts a client needs (parameter rules, paging, auth) from a bundled spec, so that
// no spec fact is written by hand in client code. The spec is read through the one spec model
// (@assoc-feed/specs/model): operations, merged parameters and references as every other reader sees them.
// The shapes are core's own (what the clients read), imported through its package export.
import type { ParameterSchemaMeta } from '@assoc-feed/core';
import { createSpecModel, type Json, type Operation, type SpecModel } from '@assoc-feed/specs/model';

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

function schemaMeta(schema: unknown, model: SpecModel): ParameterSchemaMeta {
  const s = model.deref<Json>(schema);
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
  if (s.items) out.items = schemaMeta(s.items, model);
  return out;
}

/** The properties of a (possibly allOf-composed) object schema, with the extensions found on the way. */
function flattenObject(schema: unknown, model: SpecModel): { properties: Json; extensions: Json } {
  const s = model.deref<Json>(schema);
  const properties: Json = { ...((s.properties as Json) ?? {}) };
  const extensions: Json = Object.fromEntries(Object.entries(s).filter(([k]) => k.startsWith('x-')));
  for (const part of (s.allOf as unknown[]) ?? []) {
    const inner = flattenObject(part, model);
    Object.assign(properties, inner.properties);
    Object.assign(extensions, inner.extensions);
  }
  return { properties, extensions };
}

function authOf(security: Json[]): 'flowA' | 'flowB' | 'none' {
  for (const requirement of security) {
    if ('ClientId' in requirement && 'AccessToken' in requirement) return 'flowA';
    if ('InputClientCredentials' in requirement) return 'flowB';
  }
  return 'none';
}

export function documentMeta(name: string, spec: Json) {
  const model = createSpecModel(spec, { name });
  const operations: Record<string, Json> = {};
  for (const op of model.operations()) {
    const parameters = op.parameters
      .filter((p) => p.in !== 'cookie')
      .map((p) => ({
        name: p.name,
        in: p.in as string,
        required: Boolean(p.required),
        schema: schemaMeta(p.schema ?? {}, model),
      }));
    const meta: Json = {
      operationId: op.operationId,
      ...(op.documentId ? { documentId: op.documentId } : {}),
      method: op.method,
      path: op.path,
      parameters,
      auth: authOf(op.security),
    };
    if (op.extensions['x-required-together']) meta.requiredTogether = op.extensions['x-required-together'];
    if (op.extensions['x-date-window']) meta.dateWindow = op.extensions['x-date-window'];
    const pagination = paginationOf(op, parameters, model);
    if (pagination) meta.pagination = pagination;
    operations[op.label] = meta;
  }
  return { name, operations };
}

function paginationOf(
  op: Operation,
  parameters: { name: string; in: string; schema: ParameterSchemaMeta }[],
  model: SpecModel,
): Json | undefined {
  const page = parameters.find((p) => p.in === 'query' && p.name === 'page');
  const size = parameters.find((p) => p.in === 'query' && p.name === 'size');
  const cursor = parameters.find((p) => p.in === 'query' && p.name === 'cursor');
  // A list pages by number (page + size) or by cursor (cursor + size, E8).
  if (!size || (!page && !cursor)) return undefined;
  const response = op.responses['200'] ?? {};
  const schema = ((response.content as Json)?.['application/json'] as Json)?.schema as Json | undefined;
  if (!schema) throw new Error(`${op.operationId}: paginated but no JSON 200 schema`);
  const envelope = flattenObject(schema, model).extensions['x-page-envelope'] as Json | undefined;
  if (!envelope) throw new Error(`${op.operationId}: paginated but its 200 schema has no x-page-envelope`);
  const maxSize = size.schema.maximum;
  if (typeof maxSize !== 'number') throw new Error(`${op.operationId}: size has no maximum`);
  const sizeParameter = op.parameters.find((p) => p.in === 'query' && p.name === 'size');
  const sizeSchema = model.deref<Json>(sizeParameter?.schema ?? {});
  const common = {
    sizeParam: 'size',
    maxSize,
    defaultSize: typeof sizeSchema.default === 'number' ? sizeSchema.default : maxSize,
    itemsField: envelope.items,
    ...(envelope.totalElements ? { totalElementsField: envelope.totalElements } : {}),
  };
  if (typeof envelope.nextCursor === 'string') {
    const cursorParam = (envelope.cursorParam as string | undefined) ?? 'cursor';
    if (!parameters.some((p) => p.in === 'query' && p.name === cursorParam))
      throw new Error(
        `${op.operationId}: its envelope pages by cursor but it has no ${cursorParam} parameter`,
      );
    return { kind: 'cursor', cursorParam, nextCursorField: envelope.nextCursor, ...common };
  }
  if (!page) return undefined;
  return {
    kind: 'page',
    pageParam: 'page',
    ...(envelope.totalPages ? { totalPagesField: envelope.totalPages } : {}),
    ...(envelope.page ? { pageField: envelope.page } : {}),
    ...(envelope.size ? { sizeField: envelope.size } : {}),
    ...common,
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
 * notations gets the loosest (most digits before and after the point), and is exact wherever it appears (a few Float(53) rates share a name with a
 * Num(19,4) one: those then arrive as strings too).
 */
export function exactFields(spec: Json): Record<string, DecimalRule> {
  const model = createSpecModel(spec);
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
      const decimal = model.deref<Json>(raw)['x-decimal'] as DecimalRule | undefined;
      if (!decimal || (decimal.precision ?? 0) <= DOUBLE_DIGITS) continue;
      // The loosest of the notations: the most digits before the point and the most after it.
      const before = rules[name];
      const scale = Math.max(before?.scale ?? 0, decimal.scale ?? 0);
      const whole = Math.max(
        before ? (before.precision ?? 0) - (before.scale ?? 0) : 0,
        (decimal.precision ?? 0) - (decimal.scale ?? 0),
      );
      rules[name] = {
        precision: whole + scale,
        ...(decimal.scale !== undefined || before?.scale !== undefined ? { scale } : {}),
      };
    }
    for (const value of Object.values(node)) visit(value);
  };
  visit(spec);
  return Object.fromEntries(Object.entries(rules).sort(([a], [b]) => a.localeCompare(b)));
}
