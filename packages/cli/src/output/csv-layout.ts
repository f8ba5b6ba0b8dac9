// Records as CSV rows. Nested objects flatten to dotted columns (`content.codigo_fundo`); a list of objects is
// either one JSON cell (lists: 'json') or its own table (lists: 'files'), each row keyed by `_record` (the
// record's position in the whole output, from 0) and `_index` (its position in the list; "2.0" for the first
// item of a list inside the third item of the outer list). Lists of scalars and maps are JSON cells. A field
// the spec does not declare is kept, not dropped: it goes to the table's last column, `_extra`, as JSON.
import { rawNumberText, stringifyLossless } from '@assoc-feed/core/internal';
import type { Shape } from './record-shape.js';

export type ListMode = 'json' | 'files';

type ObjectShape = Extract<Shape, { kind: 'object' }>;

interface Column {
  header: string;
  path: readonly string[];
  json: boolean;
}

interface TableSpec {
  key: string;
  shape: ObjectShape;
  keyColumns: readonly string[];
  columns: Column[];
  children: { path: readonly string[]; table: TableSpec }[];
}

export interface CsvTable {
  /** '' for the main table; else the list's dotted path (`classes`). */
  key: string;
  header: string[];
}

export type Rows = Map<string, unknown[][]>;

export interface CsvLayout {
  tables: CsvTable[];
  /** The rows of one record in each table; `lead` are the values of the leading columns (e.g. `_period`). */
  rows(record: unknown, recordIndex: number, lead?: readonly unknown[], into?: Rows): Rows;
}

const RECORD = '_record';
const INDEX = '_index';
const EXTRA = '_extra';

export function csvLayout(shape: Shape, lists: ListMode, leadColumns: readonly string[] = []): CsvLayout {
  // A record that is not an object (none in the three documents today) is one JSON column.
  const rootShape: ObjectShape =
    shape.kind === 'object' ? shape : { kind: 'object', fields: [['record', { kind: 'json' }]] };
  const main = build(rootShape, '', [...leadColumns, ...(lists === 'files' ? [RECORD] : [])], lists);
  const all: TableSpec[] = [];
  const collect = (t: TableSpec) => {
    all.push(t);
    for (const c of t.children) collect(c.table);
  };
  collect(main);
  const wrap = shape.kind === 'object' ? (r: unknown) => r : (r: unknown) => ({ record: r });
  return {
    tables: all.map((t) => ({
      key: t.key,
      header: [...t.keyColumns, ...t.columns.map((c) => c.header), EXTRA],
    })),
    rows(record, recordIndex, lead = [], into = new Map()) {
      for (const t of all) if (!into.has(t.key)) into.set(t.key, []);
      fill(main, wrap(record), [...lead, ...(lists === 'files' ? [recordIndex] : [])], recordIndex, [], into);
      return into;
    },
  };
}

function build(shape: ObjectShape, key: string, keyColumns: readonly string[], lists: ListMode): TableSpec {
  const table: TableSpec = { key, shape, keyColumns, columns: [], children: [] };
  const walk = (fields: ObjectShape['fields'], prefix: readonly string[]) => {
    for (const [name, sub] of fields) {
      const path = [...prefix, name];
      if (sub.kind === 'object') walk(sub.fields, path);
      else if (sub.kind === 'list' && lists === 'files') {
        const childKey = [key, ...path].filter(Boolean).join('.');
        table.children.push({ path, table: build(sub.item, childKey, [RECORD, INDEX], lists) });
      } else table.columns.push({ header: path.join('.'), path, json: sub.kind !== 'scalar' });
    }
  };
  walk(shape.fields, []);
  return table;
}

function fill(
  table: TableSpec,
  value: unknown,
  keys: readonly unknown[],
  recordIndex: number,
  chain: readonly number[],
  into: Rows,
): void {
  const extras: Record<string, unknown> = {};
  collectExtras(table.shape, value, [], extras);
  const cells = table.columns.map((c) => cell(at(value, c.path), c.json));
  const extra = Object.keys(extras).length ? stringifyLossless(extras) : '';
  into.get(table.key)?.push([...keys, ...cells, extra]);
  for (const child of table.children) {
    const list = at(value, child.path);
    if (!Array.isArray(list)) continue;
    list.forEach((item, i) => {
      const position = [...chain, i];
      fill(child.table, item, [recordIndex, position.join('.')], recordIndex, position, into);
    });
  }
}

function at(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function cell(value: unknown, json: boolean): unknown {
  if (value === undefined || value === null) return '';
  if (json || typeof value === 'object') return stringifyLossless(value);
  // A number kept with the digits the service sent (parseLossless) is written with them.
  return rawNumberText(value) ?? value;
}

/** Keys the spec does not declare, at any object level of the table (lists are their own cells or tables). */
function collectExtras(
  shape: ObjectShape,
  value: unknown,
  prefix: readonly string[],
  extras: Record<string, unknown>,
): void {
  if (value === undefined || value === null) return;
  if (typeof value !== 'object' || Array.isArray(value)) {
    extras[prefix.join('.') || '.'] = value;
    return;
  }
  const known = new Map(shape.fields);
  for (const [name, v] of Object.entries(value as Record<string, unknown>)) {
    const sub = known.get(name);
    if (!sub) extras[[...prefix, name].join('.')] = v;
    else if (sub.kind === 'object') collectExtras(sub, v, [...prefix, name], extras);
  }
}
