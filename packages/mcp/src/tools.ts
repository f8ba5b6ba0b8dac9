// The four tools' work, apart from the protocol: list the operations, describe one, call one, find a fund. Each
// returns a tool result; every failure is a result with isError (in the assistant's words), never a throw.
import { redact } from '@assoc-feed/core/internal';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { answerShape } from './answer-shape.js';
import type { Catalog, DocumentName, Entry } from './catalog.js';
import { describeOperation } from './describe.js';
import { errorText } from './error-text.js';
import type { Feed } from './feed.js';
import { FIND_FUND_OPERATION, type FindFundArgs, findFund } from './find-fund.js';
import { type Read, readRecords } from './read-records.js';
import { boundedText, renderRead } from './render.js';
import { rank } from './search.js';
import { twinLines } from './twins.js';

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

/**
 * Removes every credential (client secret, Basic value, access tokens, in each form a service may echo them) from
 * a value, by core's redaction: text and structuredContent alike, whatever path the value took to get there.
 */
export function scrub<T>(ctx: ToolContext, value: T): T {
  return redact(value, ctx.feed.secrets());
}

export function failure(ctx: ToolContext, error: unknown): CallToolResult {
  const message = scrub(ctx, errorText(error, ctx.catalog.tokenPaths));
  const text = [notice(ctx), message].filter(Boolean).join('\n');
  return { isError: true, ...boundedText(text, ctx.maxChars, 'the rest of the message is left out.') };
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

/** Whether find_fund is offered: it reads the fund list (E1), so only where that list is. */
export function offersFindFund(catalog: Catalog): boolean {
  return catalog.entries.some((e) => e.id === FIND_FUND_OPERATION);
}

export function listOperations(
  ctx: ToolContext,
  args: { search?: string; document?: DocumentName },
): CallToolResult {
  const inDocument = ctx.catalog.entries.filter((e) => !args.document || e.document === args.document);
  const found = args.search?.trim() ? rank(inDocument, args.search).map((r) => r.entry) : inDocument;
  const what = `${args.search ? ` matching ${JSON.stringify(args.search.slice(0, 200))}` : ''}${args.document ? ` in ${args.document}` : ''}`;
  const lines = found.length
    ? [
        `${found.length} operation${found.length === 1 ? '' : 's'}${what} (operationId, method and path, summary)` +
          `${args.search ? ', best first' : ''}. describe_operation tells an operation's parameters and fields; ` +
          'call_operation calls it.',
        ...found.map(line),
        ...twinLines(found),
      ]
    : [
        `No operation matches${what.replace(' matching', '')}: try other words, in English or the documents' Portuguese (quota or ` +
          'cota, net assets or patrimonio liquido, rate or taxa, bonds or titulos), or no search to list all.',
      ];
  if (args.search && offersFindFund(ctx.catalog) && /\b(fund|fundo|cnpj|name|nome)/i.test(args.search)) {
    lines.push('To find one fund by its name or CNPJ, call find_fund.');
  }
  const text = withNotice(ctx, lines.join('\n'));
  return scrub(ctx, boundedText(text, ctx.maxChars, 'narrow with search or document.'));
}

export async function findFundTool(
  ctx: ToolContext,
  args: FindFundArgs & { max_records?: number | undefined },
  signal?: AbortSignal,
): Promise<CallToolResult> {
  try {
    const entry = ctx.catalog.find(FIND_FUND_OPERATION);
    const maxRecords = args.max_records ?? DEFAULT_MAX_RECORDS;
    const found = await findFund(ctx.feed.client(entry.client), entry, args, maxRecords, signal);
    const asked = [
      args.name ? `name ${JSON.stringify(args.name.slice(0, 200))}` : '',
      args.cnpj ? `CNPJ ${args.cnpj.slice(0, 40)}` : '',
    ]
      .filter(Boolean)
      .join(' and ');
    const read = `read ${found.read} funds of the list (${entry.id})`;
    const head = found.matches.length
      ? `${found.matches.length} fund${found.matches.length === 1 ? '' : 's'} with ${asked} (${read}):`
      : `No fund with ${asked} (${read}): try fewer or other words of its name.`;
    const lines = [head, ...found.matches.map((m) => JSON.stringify(m))];
    if (found.stopped === 'matches') {
      lines.push(
        `More funds may match: the first ${found.matches.length} are shown. Add words to the name, or raise max_records.`,
      );
    } else if (found.stopped === 'bound') {
      lines.push(
        `The list was read up to ${found.read} funds only (this tool's bound); funds after them were not searched.`,
      );
    }
    if (found.matches.length) {
      lines.push(
        "A class's daily quota and net assets: call_operation fundosV2GetSeries with path codigo_classe_ou_subclasse; " +
          'everything about the fund: fundosV2GetFund with its codigo_fundo.',
      );
    }
    const text = withNotice(ctx, scrub(ctx, lines.join('\n')));
    return boundedText(text, ctx.maxChars, 'add words to the name, or lower max_records.');
  } catch (error) {
    return failure(ctx, error);
  }
}

export function describe(ctx: ToolContext, args: { operation: string }): CallToolResult {
  try {
    const entry = ctx.catalog.find(args.operation);
    const text = withNotice(ctx, describeOperation(entry, ctx.catalog.entries));
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
  skip?: number | undefined;
}

/** The records read, scrubbed before they are measured against the bound (a redaction changes their length). */
function scrubRead(ctx: ToolContext, read: Read): Read {
  return { ...read, pages: read.pages.map((page) => ({ ...page, items: scrub(ctx, page.items) })) };
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
    const skip = args.skip ?? 0;
    if (!Number.isSafeInteger(skip) || skip < 0) {
      throw new Error(`skip must be a whole number of at least 0 (got ${skip}).`);
    }
    checkFields(entry, args.fields);
    checkPathNames(entry, args.path);
    const params = { path: args.path ?? {}, query: args.query ?? {} };
    const read = await readRecords(ctx.feed.client(entry.client), entry, params, maxRecords, skip, signal);
    return scrub(
      ctx,
      renderRead({
        entry,
        read: scrubRead(ctx, read),
        maxRecords,
        path: args.path,
        fields: args.fields,
        maxChars: ctx.maxChars,
        notice: notice(ctx),
      }),
    );
  } catch (error) {
    return failure(ctx, error);
  }
}
