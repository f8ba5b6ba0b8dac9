// The rules a request's parameters must keep, read from the spec in one place for every reader (codegen's client
// meta, the sandbox, the MCP server). The rules, stated once:
// - a parameter's constraints are its schema's own keywords; when the schema composes others (`allOf`), each
//   part (in order, references followed) fills the keywords the schema itself leaves unset: its own always win;
// - a type list (`[string, 'null']`) is its one non-null type, `nullable` saying null was listed;
// - `x-required-together` lists groups of parameter names sent all or none; an operation without it has none.
// There is no fallback for a malformed `x-required-together` (not a list of name lists, or a name the operation
// does not take): it is a spec error, thrown with the fix.
import type { Operation } from './operations.js';
import type { Json, SpecReader } from './reader.js';

/** A parameter's constraints, as its schema (with its `allOf` parts) states them. */
export interface ParameterSchema {
  type?: string;
  /** The schema's type list named `null` too. */
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  items?: ParameterSchema;
}

const constraintKeys = [
  'enum',
  'const',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'default',
] as const;

/** The constraints of the parameter schema `node` (a reference is followed). */
export function parameterSchema(model: SpecReader, node: unknown): ParameterSchema {
  const schema = model.deref<Json>(node ?? {});
  const out: ParameterSchema = {};
  let type = schema.type;
  if (Array.isArray(type)) {
    out.nullable = type.includes('null');
    type = type.find((t) => t !== 'null');
  }
  if (typeof type === 'string') out.type = type;
  for (const key of constraintKeys) {
    if (schema[key] !== undefined) (out as Json)[key] = schema[key];
  }
  for (const part of (schema.allOf as unknown[] | undefined) ?? []) {
    for (const [key, value] of Object.entries(parameterSchema(model, part))) {
      if ((out as Json)[key] === undefined) (out as Json)[key] = value;
    }
  }
  if (schema.items) out.items = parameterSchema(model, schema.items);
  return out;
}

/** Thrown for an `x-required-together` the operation cannot keep. */
export class SpecParameterRuleError extends Error {
  override readonly name = 'SpecParameterRuleError';
}

/** The groups of `op`'s parameters sent all or none (`x-required-together`); `[]` when it has none. */
export function requiredTogether(op: Operation): string[][] {
  const groups = op.extensions['x-required-together'];
  if (groups === undefined) return [];
  const isNames = (group: unknown): group is string[] =>
    Array.isArray(group) && group.length > 0 && group.every((name) => typeof name === 'string');
  if (!Array.isArray(groups) || !groups.every(isNames)) {
    throw new SpecParameterRuleError(
      `${op.label}: x-required-together must be a list of parameter name lists, such as [[mes, ano]] (got ${JSON.stringify(groups)}): fix it in the operation's spec`,
    );
  }
  for (const name of groups.flat()) {
    if (!op.parameters.some((p) => p.name === name)) {
      throw new SpecParameterRuleError(
        `${op.label}: x-required-together names ${name}, which is no parameter of the operation: add the parameter or drop the name`,
      );
    }
  }
  return groups.map((group) => [...group]);
}
