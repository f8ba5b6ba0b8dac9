// Dated data exists on business days only: for every operation that takes a `data` date, a weekend or a Brazilian
// national holiday answers 404 with the spec's error body (as the real service does), while ordinary business
// days around them answer 200. The dates below are the calendar's facts, written out rather than computed, so
// the test does not trust the calendar it checks.

import { createResponseValidator } from '@assoc-feed/mock';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SandboxFetch } from './client.js';
import { loadSpec } from './spec-reader/load.js';
import { type OperationInfo, readOperations } from './spec-reader/operations.js';
import { type InProcessSandbox, inProcessFetch, startInProcess } from './test-support/in-process.js';

const spec = loadSpec();
const validate = createResponseValidator(spec);
const dated = readOperations(spec).filter(
  (op) => op.security === 'flowA' && op.params.some((p) => p.name === 'data' && p.in === 'query'),
);

const closed: [date: string, why: string][] = [
  ['2026-11-14', 'Saturday'],
  ['2026-11-15', 'Sunday (and Proclamation of the Republic)'],
  ['2025-06-22', 'Sunday'],
  ['2025-01-01', 'New Year (Wednesday)'],
  ['2025-03-03', 'Carnival Monday'],
  ['2025-03-04', 'Carnival Tuesday'],
  ['2025-04-18', 'Good Friday'],
  ['2025-04-21', 'Tiradentes (Monday)'],
  ['2025-05-01', 'Labour Day (Thursday)'],
  ['2025-06-19', 'Corpus Christi (Thursday)'],
  ['2025-11-20', 'Black Consciousness Day (Thursday)'],
  ['2025-12-25', 'Christmas (Thursday)'],
  ['2026-02-16', 'Carnival Monday'],
  ['2026-02-17', 'Carnival Tuesday'],
  ['2026-04-03', 'Good Friday'],
  ['2026-04-21', 'Tiradentes (Tuesday)'],
  ['2026-06-04', 'Corpus Christi (Thursday)'],
  ['2026-09-07', 'Independence Day (Monday)'],
  ['2026-10-12', 'Our Lady of Aparecida (Monday)'],
  ['2026-11-02', "All Souls' Day (Monday)"],
  ['2026-11-20', 'Black Consciousness Day (Friday)'],
];
const open = ['2025-06-18', '2025-12-24', '2026-02-13', '2026-11-03', '2026-11-19'];

let sandbox: InProcessSandbox;
let call: SandboxFetch;
beforeAll(async () => {
  // 2026-11-21 (Saturday) noon: every date above is in the past and published.
  sandbox = startInProcess({ now: () => Date.parse('2026-11-21T12:00:00-03:00') });
  call = inProcessFetch(sandbox);
});

function url(op: OperationInfo, date: string): string {
  return `${op.path}?data=${date}`;
}

describe('no data on weekends and national holidays', () => {
  it('covers the dated operations of document 3', () => {
    expect(dated.length).toBeGreaterThanOrEqual(25);
    expect(dated.every((op) => op.path.startsWith('/feed/precos-indices/'))).toBe(true);
  });

  it.each(dated.map((op) => [op.path, op] as const))('%s', async (_, op) => {
    for (const date of open) {
      const res = await call(url(op, date));
      expect(res.status, `${date} is a business day`).toBe(200);
      await res.arrayBuffer();
    }
    // The first 404 is checked against the spec; the others must be the same body but for the date in the
    // message (validating each again checks nothing more).
    let first: { message: string } | undefined;
    for (const [date, why] of closed) {
      const res = await call(url(op, date));
      const body = (await res.json()) as { message: string };
      expect(res.status, `${date}: ${why}`).toBe(404);
      if (first === undefined) {
        expect(validate(op.method, op.path, 404, body)).toEqual([]);
        first = body;
      }
      expect(body.message).toContain(date);
      expect(body).toEqual({ ...first, message: first.message.replace(closed[0]?.[0] as string, date) });
    }
  });
});
