// The three tools' work, apart from the protocol: list the operations, describe one, call one. Each returns a
// tool result; every failure is a result with isError (the client's own message), never a throw.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { answerShape } from './answer-shape.js';
import { type Catalog, type DocumentName, type Entry, matchesSearch } from './catalog.js';
import { describeOperation } from './describe.js';
import type { Feed } from './feed.js';
import { readRecords } from './read-records.js';
import { boundedText, renderRead } from './render.js';

export const DEFAULT_MAX_RECORDS = 20;
export const MAX_RECORDS = 1000;

export interface ToolContext {
  catalog: Catalog;
  feed: Feed;
  maxChars: number;
}

/** The sandbox's first line: an assistant must never report generated figures as the market's. */
export const SANDBOX_NOTICE =
  'SANDBOX: this server answers from the assoc-feed sandbox. Its figures are generated sandbox data, not real ' +
  'market figures: never report them as real.';

function notice(ctx: ToolContext): string | undefined {
  return ctx.feed.sandbox ? SANDBOX_NOTICE : undefined;
}

/** Removes every secret from an answer, whatever path it took to get there. */
function scrub(ctx: ToolContext, result: CallToolResult): CallToolResult {
  const secrets = ctx.feed.secrets.filter((s) => s.length >= 4);
  if (secrets.length === 0) return result;
  const clean = (text: string) => secrets.reduce((t, s) => t.split(s).join('[redacted]'), text);
  const structured = result.structuredContent;
  const out: CallToolResult = {
    ...result,
    content: result.content.map((c) => (c.type === 'text' ? { ...c, text: clean(c.text) } : c)),
  };
  if (structured)
    out.structuredContent = JSON.parse(clean(JSON.stringify(structured))) as Record<string, unknown>;
  return out;
}

export function failure(ctx: ToolContext, error: unknown): CallToolResult {
  const message = error instanceof Error ? error.message : String(error);
  const text = [notice(ctx), message].filter(Boolean).join('\n');
  return scrub(ctx, { isError: true, content: [{ type: 'text', text }] });
}

function withNotice(ctx: ToolContext, text: string): string {
  const first = notice(ctx);
  return first ? `${first}\n${text}` : text;
}

function line(entry: Entry): string {
  const marks = [
    entry.op.deprecated ? 'DEPRECATED' : '',
    entry.notCallable ? (entry.notCallable.split(':')[0] ?? '') : '',
  ].filter(Boolean);
  const summary = typeof entry.op.node.summary === 'string' ? entry.op.node.summary.trim() : '';
  return `${entry.id}  ${entry.op.label}${marks.length ? `  [${marks.join('; ')}]` : ''}  ${summary}`;
}

export function listOperations(
  ctx: ToolContext,
  args: { search?: string; document?: DocumentName },
): CallToolResult {
  const found = ctx.catalog.entries.filter(
    (e) =>
      (!args.document || e.document === args.document) && (!args.search || matchesSearch(e, args.search)),
  );
  const header = found.length
    ? `${found.length} operation${found.length === 1 ? '' : 's'}${args.search ? ` matching ${JSON.stringify(args.search)}` : ''}` +
      `${args.document ? ` in ${args.document}` : ''} (operationId, method and path, summary). ` +
      "describe_operation tells an operation's parameters and fields; call_operation calls it."
    : `No operation matches${args.search ? ` ${JSON.stringify(args.search)}` : ''}${args.document ? ` in ${args.document}` : ''}: ` +
      'try fewer or other words (English summaries; Portuguese paths such as titulos-publicos, fundos, indices), or no search to list all.';
  const text = withNotice(ctx, [header, ...found.map(line)].join('\n'));
  return scrub(ctx, boundedText(text, ctx.maxChars, 'narrow with search or document.'));
}

export function describe(ctx: ToolContext, args: { operation: string }): CallToolResult {
  try {
    const entry = ctx.catalog.find(args.operation);
    const text = withNotice(ctx, describeOperation(entry));
    return scrub(ctx, boundedText(text, ctx.maxChars, 'the rest of the field list is left out.'));
  } catch (error) {
    return failure(ctx, error);
  }
}

export interface CallArgs {
  operation: string;
  path?: Record<string, unknown> | undefined;
  query?: Record<string, unknown> | undefined;
  max_records?: number | undefined;
  fields?: string[] | undefined;
}

function checkFields(entry: Entry, fields: readonly string[] | undefined): void {
  if (!fields?.length) return;
  const known = answerShape(entry)
    .fields.map((f) => f.name)
    .filter((name) => !/[.[]/.test(name));
  if (known.length === 0) return;
  const unknown = fields.filter((f) => !known.includes(f));
  if (unknown.length) {
    throw new Error(
      `fields: ${unknown.map((f) => JSON.stringify(f)).join(', ')} ${unknown.length === 1 ? 'is not a field' : 'are not fields'} ` +
        `of ${entry.id}'s records. Its fields: ${known.join(', ')}.`,
    );
  }
}

/** A path value under a name the operation does not have would be dropped unseen: refuse it instead. */
function checkPathNames(entry: Entry, path: Record<string, unknown> | undefined): void {
  const names = entry.op.parameters.filter((p) => p.in === 'path').map((p) => p.name);
  const unknown = Object.keys(path ?? {}).filter((name) => !names.includes(name));
  if (unknown.length) {
    throw new Error(
      `path: ${entry.id} has no path parameter ${unknown.map((n) => JSON.stringify(n)).join(', ')}; ` +
        `${names.length ? `its path parameters: ${names.join(', ')}` : 'it takes none (query parameters go in query)'}.`,
    );
  }
}

export async function call(ctx: ToolContext, args: CallArgs, signal?: AbortSignal): Promise<CallToolResult> {
  try {
    const entry = ctx.catalog.find(args.operation);
    if (entry.notCallable) {
      throw new Error(
        `${entry.id} (${entry.op.label}) is ${entry.notCallable}. Only the documented GETs are callable: list_operations names them.`,
      );
    }
    const maxRecords = args.max_records ?? DEFAULT_MAX_RECORDS;
    if (!Number.isSafeInteger(maxRecords) || maxRecords < 1 || maxRecords > MAX_RECORDS) {
      throw new Error(`max_records must be a whole number from 1 to ${MAX_RECORDS} (got ${maxRecords}).`);
    }
    checkFields(entry, args.fields);
    checkPathNames(entry, args.path);
    const params = { path: args.path ?? {}, query: args.query ?? {} };
    const read = await readRecords(ctx.feed.client(entry.client), entry, params, maxRecords, signal);
    return scrub(
      ctx,
      renderRead({
        entry,
        read,
        maxRecords,
        fields: args.fields,
        maxChars: ctx.maxChars,
        notice: notice(ctx),
      }),
    );
  } catch (error) {
    return failure(ctx, error);
  }
}
