// The Parquet column of each field of a record, read from the spec through the spec model (never written by
// hand per operation): `x-decimal` decides the decimals, `format: date` and the timestamp patterns the dates,
// nested objects and lists become structs and lists of structs. The rules, from the spec's type notation:
//   Decimal(p,s), Num(p,s)                     DECIMAL(p,s)
//   Num(p, up to s)                            DECIMAL(38,s): the most decimals the size allows
//   Decimal(p), Num(19), "Decimal, size n"     DECIMAL(38,min(p,37)): no scale given, so every digit may be a decimal
//   Float(53, n dp)                            DOUBLE
//   whole numbers                              INT64 up to 18 digits, DECIMAL(p,0) above
//   Date                                       DATE
//   timestamps (no offset, Brasília time)      TIMESTAMP adjusted to UTC (wall-clock time at -03:00)
//   text, enumerations                         VARCHAR
import type { SpecModel } from '@assoc-feed/specs/model';
import { deref, itemsOf, properties, type Schema, types } from '../../schema-walk.js';

export type ColumnType =
  | { kind: 'decimal'; precision: number; scale: number }
  /** `digits`: the most the spec allows (its precision), checked on the digits as sent. */
  | { kind: 'int64'; digits?: number }
  | { kind: 'double' }
  | { kind: 'boolean' }
  | { kind: 'date' }
  /** `pattern`: the spec's form of the text (e.g. milliseconds required). */
  | { kind: 'timestamp'; pattern?: string }
  /** The spec's form and length of the text: checked where the text becomes a key (cells.ts, checkKeys). */
  | { kind: 'string'; pattern?: string; minLength?: number; maxLength?: number }
  /** An object without declared fields (a map): its JSON text. */
  | { kind: 'json' }
  | { kind: 'struct'; fields: Column[] }
  | { kind: 'list'; item: ColumnType };

export interface Column {
  name: string;
  type: ColumnType;
  /** The spec requires the field in every record (it may still be null when `nullable`). */
  required?: boolean;
  nullable?: boolean;
}

/** Parquet's (and DuckDB's) widest decimal. */
export const MAX_PRECISION = 38;
/** A timestamp as the service prints it: `T` or a space between date and time, optional milliseconds. */
const TIMESTAMP_PATTERN =
  /^\^\[0-9\]\{4\}-\[0-9\]\{2\}-\[0-9\]\{2\}(T| )\[0-9\]\{2\}:\[0-9\]\{2\}:\[0-9\]\{2\}/;

/** The columns of a GET operation's record: an item of the page's list, an item of an array answer, or the answer. */
export function recordColumns(model: SpecModel, path: string, itemsField?: string): Column[] {
  const response = model.operation('get', path)?.responses['200'];
  const content = response?.content as Record<string, { schema?: Schema }> | undefined;
  let schema = content?.['application/json']?.schema;
  if (!schema) throw new Error(`GET ${path} declares no JSON answer in the spec`);
  if (itemsField) {
    const list = properties(model, schema).find(([name]) => name === itemsField)?.[1];
    schema = list ? itemsOf(model, list) : undefined;
  } else schema = itemsOf(model, schema) ?? schema;
  const type = schema ? typeOf(model, schema, 0) : undefined;
  if (type?.kind !== 'struct') throw new Error(`GET ${path}: the spec gives no record fields`);
  return type.fields;
}

/** DuckDB's name of the type (what `read_json`'s `columns` and the manifest use). */
export function sqlType(type: ColumnType): string {
  switch (type.kind) {
    case 'decimal':
      return `DECIMAL(${type.precision},${type.scale})`;
    case 'int64':
      return 'BIGINT';
    case 'double':
      return 'DOUBLE';
    case 'boolean':
      return 'BOOLEAN';
    case 'date':
      return 'DATE';
    case 'timestamp':
      return 'TIMESTAMP WITH TIME ZONE';
    case 'string':
    case 'json':
      return 'VARCHAR';
    case 'struct':
      return `STRUCT(${type.fields.map((f) => `${quoteName(f.name)} ${sqlType(f.type)}`).join(', ')})`;
    case 'list':
      return `${sqlType(type.item)}[]`;
  }
}

export const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The one non-null variant of a `oneOf`/`anyOf` with null (a nullable field), else the schema itself. */
function nonNull(model: SpecModel, schema: Schema): Schema {
  for (const key of ['oneOf', 'anyOf']) {
    const variants = ((schema[key] as Schema[] | undefined) ?? []).map((v) => deref(model, v) ?? {});
    const real = variants.filter((v) => !(types(v).length === 1 && types(v)[0] === 'null'));
    if (variants.length > 0 && real.length === 1) return { ...schema, ...(real[0] as Schema) };
  }
  return schema;
}

function typeOf(model: SpecModel, raw: unknown, depth: number): ColumnType {
  const found = deref(model, raw);
  if (!found || depth > 8) return { kind: 'json' };
  const s = nonNull(model, found);
  const items = itemsOf(model, s);
  if (items) return { kind: 'list', item: typeOf(model, items, depth + 1) };
  const fields = properties(model, s);
  if (fields.length > 0) {
    const required = requiredOf(model, s);
    return {
      kind: 'struct',
      fields: fields.map(([name, sub]) => ({
        name,
        type: typeOf(model, sub, depth + 1),
        ...(required.has(name) ? { required: true, nullable: isNullable(model, sub) } : {}),
      })),
    };
  }
  const t = types(s).filter((x) => x !== 'null');
  const decimal = s['x-decimal'] as
    | { precision?: number; scale?: number; scaleIsMaximum?: boolean; binary?: number }
    | undefined;
  if (t.includes('integer')) return wholeNumber(decimal?.precision);
  if (t.includes('number')) {
    if (!decimal || decimal.binary !== undefined) return { kind: 'double' };
    const precision = decimal.precision ?? MAX_PRECISION;
    if (decimal.scale === 0 && !decimal.scaleIsMaximum) return wholeNumber(precision);
    if (decimal.scale !== undefined && !decimal.scaleIsMaximum)
      return { kind: 'decimal', precision, scale: decimal.scale };
    // "Up to s" decimals, or no scale at all: room for the most decimals the size allows.
    const scale = decimal.scale ?? Math.min(precision, MAX_PRECISION - 1);
    return { kind: 'decimal', precision: MAX_PRECISION, scale };
  }
  if (t.includes('boolean')) return { kind: 'boolean' };
  if (t.includes('string')) {
    if (s.format === 'date') return { kind: 'date' };
    if (s.format === 'date-time') return { kind: 'timestamp' };
    if (typeof s.pattern === 'string' && TIMESTAMP_PATTERN.test(s.pattern))
      return { kind: 'timestamp', pattern: s.pattern };
    return {
      kind: 'string',
      ...(typeof s.pattern === 'string' ? { pattern: s.pattern } : {}),
      ...(typeof s.minLength === 'number' ? { minLength: s.minLength } : {}),
      ...(typeof s.maxLength === 'number' ? { maxLength: s.maxLength } : {}),
    };
  }
  if (Array.isArray(s.enum) && s.enum.every((v) => typeof v === 'string')) return { kind: 'string' };
  return t.includes('object') || t.length === 0 ? { kind: 'json' } : { kind: 'string' };
}

function wholeNumber(precision: number | undefined): ColumnType {
  if (precision !== undefined && precision > 18)
    return { kind: 'decimal', precision: Math.min(precision, MAX_PRECISION), scale: 0 };
  return precision !== undefined ? { kind: 'int64', digits: precision } : { kind: 'int64' };
}

/** The fields a schema requires, its allOf parts' included. */
function requiredOf(model: SpecModel, schema: Schema, depth = 0): Set<string> {
  const out = new Set<string>(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  if (depth > 8) return out;
  for (const part of (schema.allOf as unknown[] | undefined) ?? []) {
    const s = deref(model, part);
    if (s) for (const name of requiredOf(model, s, depth + 1)) out.add(name);
  }
  return out;
}

/** Whether null is a value the spec allows for the field. */
function isNullable(model: SpecModel, raw: unknown): boolean {
  const s = deref(model, raw);
  if (!s) return true;
  if (types(s).includes('null') || s.nullable === true) return true;
  return ['oneOf', 'anyOf'].some((key) =>
    ((s[key] as unknown[] | undefined) ?? []).some((v) => {
      const d = deref(model, v);
      return !d || types(d).includes('null') || Object.keys(d).length === 0;
    }),
  );
}
