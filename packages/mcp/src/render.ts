// call_operation's answer, from what was read: the records as the service sent them (every number with its own
// digits: verbatim in the text, and as a string of those digits in structuredContent, where JSON numbers would
// pass through a double), how many there are, and exactly how to read on; all within one bound on the result.
import { rawNumberText, stringifyLossless } from '@assoc-feed/core/internal';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Entry } from './catalog.js';
import { type Next, nextAfter, type Read } from './read-records.js';

/**
 * A copy of a value read losslessly with every number as the string of the digits sent: a number kept as text
 * (one a double would change) gives its text; any other gives it back through String() (that is what lossless
 * reading checked).
 */
export function exactStrings(value: unknown): unknown {
  const digits = rawNumberText(value);
  if (digits !== undefined) return digits;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(exactStrings);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, exactStrings(v)]));
  }
  return value;
}

/** Only the named fields of a record (a record that is not an object stays as it is). */
export function pickFields(record: unknown, fields: readonly string[] | undefined): unknown {
  if (!fields?.length || !record || typeof record !== 'object' || Array.isArray(record)) return record;
  const source = record as Record<string, unknown>;
  return Object.fromEntries(fields.filter((f) => Object.hasOwn(source, f)).map((f) => [f, source[f]]));
}

export interface RenderInput {
  entry: Entry;
  read: Read;
  maxRecords: number;
  /** The call's path parameters, repeated in the read-on call. */
  path?: Record<string, unknown> | undefined;
  fields?: readonly string[] | undefined;
  maxChars: number;
  /** First line of every answer (the sandbox's notice), if any. */
  notice?: string | undefined;
}

/** call_operation's whole argument object that reads on from `next`: the same call, moved on. */
export function readOnCall(input: RenderInput, next: Next): Record<string, unknown> {
  const call: Record<string, unknown> = { operation: input.entry.id };
  if (input.path && Object.keys(input.path).length) call.path = input.path;
  call.query = next.query;
  call.max_records = input.maxRecords;
  if (input.fields?.length) call.fields = input.fields;
  if (next.skip) call.skip = next.skip;
  return call;
}

/** Whether the total the service sent may be repeated, and how. */
function totalText(read: Read): string {
  if (read.total !== undefined) return ` of ${read.total} in all`;
  if (read.notACount !== undefined) {
    return ` read (the service's total, ${JSON.stringify(read.notACount)?.slice(0, 40)}, is not a count of records: left out)`;
  }
  return read.kind === 'pages' ? ' read (the service gives no total)' : '';
}

export function renderRead(input: RenderInput): CallToolResult {
  const { entry, read, maxChars, notice } = input;
  const all = read.pages.flatMap((p) => p.items);
  const taken = Math.min(all.length, read.kind === 'object' ? 1 : input.maxRecords);
  const records = all.slice(0, taken).map((r) => pickFields(r, input.fields));
  const textOf = records.map((r) => stringifyLossless(r));
  const jsonOf = records.map((r) => exactStrings(r));

  const build = (shown: number) => {
    const cutByBound = shown < taken;
    // A record too long to show alone cannot be read on past without losing it: no read-on call then.
    const stuck = shown === 0 && taken > 0;
    const next = read.kind !== 'object' && !stuck ? nextAfter(read, shown) : undefined;
    const total = read.total;
    const lines: string[] = [];
    if (notice) lines.push(notice);
    lines.push(
      read.kind === 'object'
        ? `${entry.id} (${entry.op.label}): ${shown ? 'the answer, one object' : 'the answer is left out (see below)'}.`
        : `${entry.id} (${entry.op.label}): ${shown} record${shown === 1 ? '' : 's'}${totalText(read)}.`,
    );
    lines.push('Numbers are exactly as the service sent them.');
    lines.push(...textOf.slice(0, shown));
    if (cutByBound) {
      lines.push(
        `Cut to stay within ${maxChars} characters (${taken - shown} more record${taken - shown === 1 ? '' : 's'} read but not shown): ` +
          'ask for fewer fields (fields: ["name", …]) or fewer records (max_records).',
      );
    }
    if (stuck) {
      lines.push(
        `The next record alone is longer than ${maxChars} characters: ask for fewer fields (fields: ["name", …]).`,
      );
    }
    if (read.kind === 'array' && shown < all.length) {
      lines.push(
        `The service answers all ${total} records at once; ${shown} of them are shown here. Narrowing the query ` +
          '(describe_operation lists its parameters) or fewer fields take fewer calls.',
      );
    }
    if (next) {
      lines.push(
        `To read on, call call_operation with exactly these arguments: ${JSON.stringify(readOnCall(input, next))}`,
      );
    } else if (read.kind !== 'object' && !stuck) lines.push('That is every record.');
    const structured: Record<string, unknown> = {
      operation: entry.id,
      records: jsonOf.slice(0, shown),
    };
    if (total !== undefined) structured.total = total;
    if (next) structured.next = readOnCall(input, next);
    if (cutByBound) structured.cut = true;
    if (notice) structured.notice = notice;
    return { text: lines.join('\n'), structured };
  };

  const size = (shown: number) => {
    const { text, structured } = build(shown);
    return text.length + JSON.stringify(structured).length;
  };
  // The most records that fit: the size grows with each record shown, so a binary search finds it.
  let low = 0;
  let high = taken;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (size(mid) <= maxChars) low = mid;
    else high = mid - 1;
  }
  const { text, structured } = build(low);
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

/** A plain-text answer (list, describe) within the bound, cut with a note saying how to ask for less. */
export function boundedText(text: string, maxChars: number, narrower: string): CallToolResult {
  if (text.length <= maxChars) return { content: [{ type: 'text', text }] };
  const note = `\n[Cut at ${maxChars} characters: ${narrower}]`;
  return { content: [{ type: 'text', text: text.slice(0, Math.max(0, maxChars - note.length)) + note }] };
}
