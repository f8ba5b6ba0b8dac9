// Derives the runtime facts a client needs (parameter rules, paging, auth) from a bundled spec, so that
// no spec fact is written by hand in client code. The spec is read through the one spec model
// (@assoc-feed/specs/model): operations, merged parameters and references as every other reader sees them.
// The shapes are core's own (what the clients read), imported through its package export.
import type { ParameterSchemaMeta } from '@assoc-feed/core';
import {
  createSpecModel,
  type Json,
  listPaging,
  type Operation,
  type ParameterSchema,
  parameterSchema,
  requiredTogether,
  type SpecModel,
} from '@assoc-feed/specs/model';

/** The constraints a client checks, in the order the generated meta lists them. */
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

/** The spec model's one reading of a parameter's constraints (parameterSchema), in core's shape. */
function schemaMeta(schema: ParameterSchema): ParameterSchemaMeta {
  const out: ParameterSchemaMeta = {};
  for (const key of schemaKeys) {
    if (schema[key] !== undefined) (out as Json)[key] = schema[key];
  }
  if (schema.items) out.items = schemaMeta(schema.items);
  return out;
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
        schema: schemaMeta(parameterSchema(model, p.schema)),
      }));
    const meta: Json = {
      operationId: op.operationId,
      ...(op.documentId ? { documentId: op.documentId } : {}),
      method: op.method,
      path: op.path,
      parameters,
      auth: authOf(op.security),
    };
    const together = requiredTogether(op);
    if (together.length > 0) meta.requiredTogether = together;
    if (op.extensions['x-date-window']) meta.dateWindow = op.extensions['x-date-window'];
    const pagination = paginationOf(op, model);
    if (pagination) meta.pagination = pagination;
    operations[op.label] = meta;
  }
  return { name, operations };
}

/** The client's paging facts: the spec model's one reading of them (listPaging), in core's shape. */
function paginationOf(op: Operation, model: SpecModel): Json | undefined {
  const paging = listPaging(model, op);
  if (!paging) return undefined;
  const { envelope } = paging;
  const common = {
    sizeParam: paging.sizeParam,
    maxSize: paging.maxSize,
    defaultSize: paging.defaultSize,
    itemsField: envelope.items,
    ...(envelope.totalElements ? { totalElementsField: envelope.totalElements } : {}),
  };
  if (paging.kind === 'cursor') {
    if (!envelope.nextCursor) throw new Error(`${op.operationId}: a cursor list without nextCursor`);
    return {
      kind: 'cursor',
      cursorParam: paging.cursorParam,
      nextCursorField: envelope.nextCursor,
      ...common,
    };
  }
  return {
    kind: 'page',
    pageParam: paging.pageParam,
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
