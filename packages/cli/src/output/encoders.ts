// Records to text, per output format. Numbers are written with exactly the digits the service sent (the
// clients parse losslessly: see clients.ts). An encoder is told how many records the output already holds, so a
// resumed run continues the same file (no second CSV header, the JSON array's commas right).
import { stringifyLossless } from '@assoc-feed/core/internal';
import { stringify } from 'csv-stringify/sync';
import { csvLayout, type ListMode } from './csv-layout.js';
import type { Shape } from './record-shape.js';

export const FORMATS = ['ndjson', 'csv', 'json'] as const;
export type Format = (typeof FORMATS)[number];

/** Text per table: '' is the main output; CSV with `lists: 'files'` adds one table per nested list. */
export type Chunks = Map<string, string>;

export interface Encoder {
  /** Every table this encoder may write ('' first). */
  readonly tables: readonly string[];
  /** What a fresh output starts with (CSV headers, the JSON array's "["). */
  start(): Chunks;
  /** `before`: records already in the output. `period`: the `_period` of a backfill's appended output. */
  encode(records: readonly unknown[], before: number, period?: string): Chunks;
  /** What closes a complete output (the JSON array's "]"). */
  end(total: number): Chunks;
}

export interface EncoderOptions {
  format: Format;
  /** Needed for CSV: the columns come from the spec's record shape. */
  shape?: () => Shape;
  lists?: ListMode;
  /** Tag each record with the `_period` it was requested for (backfill, appended output). */
  tagPeriod?: boolean;
}

const one = (text: string): Chunks => new Map([['', text]]);
const PERIOD = '_period';

export function createEncoder(options: EncoderOptions): Encoder {
  const tag = (record: unknown, period: string | undefined) =>
    options.tagPeriod && period !== undefined
      ? record !== null && typeof record === 'object' && !Array.isArray(record)
        ? { [PERIOD]: period, ...(record as Record<string, unknown>) }
        : { [PERIOD]: period, record }
      : record;

  switch (options.format) {
    case 'ndjson':
      return {
        tables: [''],
        start: () => one(''),
        encode: (records, _before, period) =>
          one(records.map((r) => `${stringifyLossless(tag(r, period))}\n`).join('')),
        end: () => one(''),
      };
    case 'json':
      // One record per line inside the array: valid JSON, and still readable with line tools.
      return {
        tables: [''],
        start: () => one('['),
        encode: (records, before, period) =>
          one(
            records
              .map((r, i) => `${before + i === 0 ? '' : ','}\n${stringifyLossless(tag(r, period))}`)
              .join(''),
          ),
        end: (total) => one(total === 0 ? ']\n' : '\n]\n'),
      };
    case 'csv': {
      if (!options.shape) throw new Error('CSV needs the record shape');
      const layout = csvLayout(options.shape(), options.lists ?? 'json', options.tagPeriod ? [PERIOD] : []);
      const csv = (rows: unknown[][], header?: string[]) =>
        stringify(rows, {
          ...(header ? { header: true, columns: header } : {}),
          cast: { boolean: (v) => String(v) },
        });
      return {
        tables: layout.tables.map((t) => t.key),
        start: () => new Map(layout.tables.map((t) => [t.key, csv([], t.header)])),
        encode: (records, before, period) => {
          const rows = new Map<string, unknown[][]>();
          for (const [i, r] of records.entries()) {
            layout.rows(r, before + i, options.tagPeriod ? [period ?? ''] : [], rows);
          }
          return new Map([...rows].map(([key, list]) => [key, csv(list)]));
        },
        end: () => new Map(),
      };
    }
  }
}
