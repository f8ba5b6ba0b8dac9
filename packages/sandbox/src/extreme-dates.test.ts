// Every date the spec allows is answered without a server error: each operation that takes a date (a `date`
// parameter, a date-time or a month and year, found from the spec's parameter schemas) is asked at the first
// and last dates YYYY-MM-DD can write and at the day before the Gregorian calendar's first full year. Before or
// after every record the sandbox holds, such a date is answered as an ordinary date before or after them is
// (1990-01-02, 2999-12-31): the same status, an answer valid against the spec, and any message true of the
// request as sent.

import { createResponseValidator } from '@assoc-feed/mock';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMonths, isIsoDate } from './calendar.js';
import type { SandboxFetch } from './client.js';
import { collectSampleIds, type SampleIds, sampleUrl } from './sample-requests.js';
import { loadSpec } from './spec-reader/load.js';
import { type OperationInfo, type ParamInfo, readOperations } from './spec-reader/operations.js';
import { type InProcessSandbox, inProcessFetch, startInProcess } from './test-support/in-process.js';

const spec = loadSpec();
const validate = createResponseValidator(spec);

/** Each extreme date, and the ordinary date on the same side of every record that stands in for it. */
const extremes: [date: string, standIn: string][] = [
  ['0001-01-01', '1990-01-02'],
  ['1582-12-31', '1990-01-02'],
  ['9999-12-31', '2999-12-31'],
];

const matches = (p: ParamInfo, text: string) =>
  p.schema.pattern === undefined || new RegExp(p.schema.pattern, 'u').test(text);

/** How a parameter writes a date, from its schema: the date, a date-time, its year or its month; or not a date. */
function dateForm(p: ParamInfo): ((date: string) => string) | undefined {
  if (p.in !== 'query' || p.schema.type !== 'string') return undefined;
  if (p.schema.format === 'date' || (p.schema.pattern !== undefined && matches(p, '2024-02-29')))
    return (d) => d;
  const dateTime = (d: string) => `${d}T00:00:00.000`;
  if (
    p.schema.format === 'date-time' ||
    (p.schema.pattern !== undefined && matches(p, dateTime('2024-02-29')))
  )
    return dateTime;
  if (p.schema.pattern !== undefined && matches(p, '2024') && !matches(p, '12')) return (d) => d.slice(0, 4);
  if (p.schema.pattern !== undefined && matches(p, '12') && !matches(p, '13') && !matches(p, '2024'))
    return (d) => d.slice(5, 7);
  return undefined;
}

interface Case {
  op: OperationInfo;
  /** The query's date parameters, each with how it writes a date. */
  sent: [name: string, form: (date: string) => string][];
}

/** Each date parameter alone, and every date parameter of the operation at once (a month with its year). */
function casesOf(op: OperationInfo): Case[] {
  const dated = op.params.flatMap((p) => {
    const form = dateForm(p);
    return form ? [[p.name, form] as [string, (date: string) => string]] : [];
  });
  if (dated.length === 0) return [];
  const together = op.requiredTogether.flat();
  const alone = dated.filter(([name]) => !together.includes(name)).map((d) => ({ op, sent: [d] }));
  return dated.length > 1 || alone.length === 0 ? [...alone, { op, sent: dated }] : alone;
}

const operations = readOperations(spec).filter((op) => op.security === 'flowA' && op.method === 'get');
const cases = operations.flatMap(casesOf);

let sandbox: InProcessSandbox;
let call: SandboxFetch;
let ids: SampleIds;
beforeAll(async () => {
  sandbox = startInProcess({ now: () => Date.parse('2026-11-21T12:00:00-03:00') });
  call = inProcessFetch(sandbox);
  ids = await collectSampleIds(call);
});

async function ask(c: Case, date: string) {
  const extra = Object.fromEntries(c.sent.map(([name, form]) => [name, form(date)]));
  const url = sampleUrl(c.op, ids, extra);
  const res = await call(url);
  const body = (await res.json()) as { message?: string };
  return { url, status: res.status, body };
}

/** What a message says about the request, checked against it: the dates it names and the comparisons it makes. */
function falseClaims(message: string): string[] {
  const wrong: string[] = [];
  for (const named of message.match(/-?\d+-\d+-\d+/g) ?? [])
    if (!isIsoDate(named) || named < '0001-01-01') wrong.push(`${named} is not a date`);
  const after = /\((\d{4}-\d{2}-\d{2})\) is after \S+ \((\d{4}-\d{2}-\d{2})\)/.exec(message);
  if (after && !(String(after[1]) > String(after[2]))) wrong.push(`${after[1]} is not after ${after[2]}`);
  const longer = /from (\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2}) is longer than (\d+) months/.exec(message);
  if (longer && !(String(longer[2]) > addMonths(String(longer[1]), Number(longer[3]))))
    wrong.push(`${longer[1]} to ${longer[2]} is not longer than ${longer[3]} months`);
  return wrong;
}

describe('dates at the edges of what the spec allows', () => {
  it('covers every operation with a date, month or date-time parameter', () => {
    const names = new Set(cases.map((c) => c.op.operationId));
    // Documents 1, 2 and 3 all have dated operations; document 3's are most of them.
    expect(cases.some((c) => c.op.path.startsWith('/feed/fundos/v2/'))).toBe(true);
    expect(cases.some((c) => c.op.path.startsWith('/feed/fundos/v1/'))).toBe(true);
    expect(cases.some((c) => c.sent.some(([name]) => name === 'ano'))).toBe(true);
    expect(names.size).toBeGreaterThan(40);
  });

  it.each(cases.map((c) => [`${c.op.path} ${c.sent.map(([n]) => n).join('+')}`, c] as const))(
    '%s',
    async (_, c) => {
      for (const [date, standIn] of extremes) {
        const edge = await ask(c, date);
        const ordinary = await ask(c, standIn);
        expect(edge.status, edge.url).toBeLessThan(500);
        expect(edge.status, `${edge.url} answers as ${ordinary.url}`).toBe(ordinary.status);
        expect(validate('get', c.op.path, edge.status, edge.body), edge.url).toEqual([]);
        if (edge.status >= 400) expect(falseClaims(String(edge.body.message)), edge.url).toEqual([]);
      }
    },
  );

  it('the single-fund series answers a period before the calendar as it answers one before the data', async () => {
    const series = operations.find((op) => op.path.endsWith('/{codigo_classe_ou_subclasse}/serie-historica'));
    if (!series) throw new Error('the spec has no single-fund series');
    for (const start of ['1004-03-16', '0001-01-01', '1582-12-31', '1990-01-01']) {
      const res = await call(sampleUrl(series, ids, { 'data-inicio': start }));
      const body = (await res.json()) as { content: unknown[]; totalElements: number };
      expect(res.status, start).toBe(200);
      expect(body.content, start).toEqual([]);
    }
  });
});
