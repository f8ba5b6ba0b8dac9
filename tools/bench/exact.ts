// Exact numbers and response validation, in CPU time (process.cpuUsage, this process), medians of a few runs:
// - the command line's read-and-write path (parse each answer, write NDJSON and CSV cells) over the whole fund
//   list (E1, 7,231 records) and one year of a daily price series (VNA, 2025, 252 answers), lossless
//   (parseLossless + stringifyLossless, what the CLI does) against plain JSON.parse + JSON.stringify;
// - one client call on the largest answer the sandbox gives (a 1,000-record page of the fund list), through a
//   fetch that returns it from memory, with `validateResponses: 'warn'` against 'off', the two clients taking
//   turns call by call (the median of per-run ratios of paired calls, see there).
// The answers are taken from the sandbox once, as text, so both sides read the same bytes.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { repoRoot } from '@assoc-feed/specs-tooling/apis';
import { median, type Row } from './measure.ts';

const NOW = '2026-11-19T21:00:00-03:00';

interface Lossless {
  parseLossless(text: string): unknown;
  stringifyLossless(value: unknown): string;
  rawNumberText(value: unknown): string | undefined;
}

type Sandbox = {
  startSandbox(
    o: object,
  ): Promise<{ url: string; clientId: string; clientSecret: string; stop(): Promise<void> }>;
  sandboxFetch(s: object): ((path: string) => Promise<Response>) & object;
};

/**
 * A full collection, run between measured passes (outside their time): each pass then starts from the same clean
 * heap and pays only for the garbage it makes itself, not for what the previous pass (of the other contender)
 * left behind. Node exposes gc() only under --expose-gc; the flag set at run time reaches a new context.
 */
const collect: () => void = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

function cpuMs(work: () => void | Promise<void>): Promise<number> | number {
  const start = process.cpuUsage();
  const done = () => {
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  };
  const result = work();
  return result instanceof Promise ? result.then(done) : done();
}

/** Every scalar of a record, as a CSV writer sees its cells (strings, numbers, raw digits). */
function cells(value: unknown, raw: (v: unknown) => string | undefined, out: string[]): void {
  if (Array.isArray(value)) for (const v of value) cells(v, raw, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) cells(v, raw, out);
  else out.push(raw(value) ?? String(value));
}

/** The answers both sides read, taken from the sandbox once as text: the whole fund list and a year of VNA. */
async function takeAnswers(
  sandbox: Sandbox,
): Promise<{ funds: string[]; year: string[]; stop(): Promise<void> }> {
  const started = await sandbox.startSandbox({ port: 0, now: () => Date.parse(NOW) });
  try {
    const call = sandbox.sandboxFetch(started);
    const text = async (path: string) => (await call(path)).text();
    const funds: string[] = [];
    for (let page = 0; page < 8; page++)
      funds.push(await text(`/feed/fundos/v2/fundos?page=${page}&size=1000`));
    const year: string[] = [];
    for (let m = 1; m <= 12; m++) {
      for (let d = 1; d <= 31; d++) {
        const day = `2025-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
        const response = await call(`/feed/precos-indices/v1/titulos-publicos/vna?data=${day}`);
        if (response.ok) year.push(await response.text());
        else await response.arrayBuffer();
      }
    }
    return { funds, year, stop: started.stop };
  } catch (error) {
    await started.stop();
    throw error;
  }
}

/** One pass of the command line's read-and-write path over `answers`; returns a size so nothing is optimised out. */
function readAndWrite(
  answers: readonly string[],
  parse: (t: string) => unknown,
  write: (v: unknown) => string,
  raw: Lossless['rawNumberText'],
): number {
  let size = 0;
  for (const answer of answers) {
    const data = parse(answer);
    const records = Array.isArray(data) ? data : ((data as { content?: unknown[] }).content ?? [data]);
    for (const record of records) {
      size += write(record).length;
      const out: string[] = [];
      cells(record, raw, out);
      size += out.length;
    }
  }
  return size;
}

const spread = (ratios: number[]) =>
  `${median(ratios).toFixed(2)}× (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`;

/** Lossless against plain numbers over the same answers, the two taking turns run by run. */
function exactVsPlainRow(name: string, answers: readonly string[], lossless: Lossless, runs: number): Row {
  const plainPass = () => void readAndWrite(answers, JSON.parse, JSON.stringify, () => undefined);
  const exactPass = () =>
    void readAndWrite(answers, lossless.parseLossless, lossless.stringifyLossless, lossless.rawNumberText);
  // A short pass is repeated, so each figure is well above the clock's grain.
  const repeat = Math.max(1, Math.round(20 / Math.max(0.1, cpuMs(plainPass) as number)));
  const repeated = (pass: () => void) => () =>
    cpuMs(() => {
      for (let r = 0; r < repeat; r++) pass();
    }) as number;
  const measure = { plain: repeated(plainPass), exact: repeated(exactPass) };
  const plain: number[] = [];
  const exact: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < runs; i++) {
    // Taking turns, the order swapped every run; the ratio is the median of the per-run ratios, which
    // follows the machine's load from run to run better than a ratio of medians.
    const [first, second] = i % 2 === 0 ? (['plain', 'exact'] as const) : (['exact', 'plain'] as const);
    collect();
    const a = measure[first]();
    collect();
    const b = measure[second]();
    const p = first === 'plain' ? a : b;
    const e = first === 'plain' ? b : a;
    plain.push(p / repeat);
    exact.push(e / repeat);
    ratios.push(e / p);
  }
  return {
    benchmark: `${name}, exact vs plain numbers`,
    figure: `${median(exact).toFixed(1)} ms`,
    reference: `${median(plain).toFixed(1)} ms plain`,
    ratio: spread(ratios),
    target: '≤ 1.15×',
  };
}

type Call = () => Promise<unknown>;

/**
 * CPU of `on` against `off`, call by call. A collection of the harness's garbage (the answer's text and bytes, the
 * parsed page) lands on whichever call fills the heap, and a burst of load from another process on whichever call
 * runs then. So the two clients take turns call by call (the order swapped every pair), each pair is compared on
 * its own, and a run's ratio is the median of its pairs': a collection or a burst moves one pair, not the run. The
 * validation allocates nothing on its success path (inline code), so leaving the collections out of the ratio
 * leaves out none of its cost, and their share, common to both sides, would only lower it. The ratio of total CPU
 * is printed beside it (noisier: it carries the collections).
 */
async function pairedCalls(off: Call, on: Call, runs: number, pairs: number) {
  const offMs: number[] = [];
  const onMs: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < runs; i++) {
    const pairRatios: number[] = [];
    for (let c = 0; c < pairs; c++) {
      const offFirst = (i + c) % 2 === 0;
      const first = await cpuMs(() => (offFirst ? off : on)().then(() => {}));
      const second = await cpuMs(() => (offFirst ? on : off)().then(() => {}));
      const [offCall, onCall] = offFirst ? [first, second] : [second, first];
      offMs.push(offCall);
      onMs.push(onCall);
      pairRatios.push(onCall / offCall);
    }
    ratios.push(median(pairRatios));
  }
  return { offMs, onMs, ratios };
}

/** One client call on the largest answer, served from memory, with `validateResponses: 'warn'` against 'off'. */
async function validationRow(largest: string, runs: number): Promise<Row> {
  const { createFundosV2Client } = (await import(
    `${repoRoot}packages/fundos-v2/dist/generated/index.js`
  )) as {
    createFundosV2Client: (o: object) => { GET(path: string, init: object): Promise<{ data?: unknown }> };
  };
  const { responseValidators } = (await import(
    `${repoRoot}packages/fundos-v2/dist/generated/validators.js`
  )) as { responseValidators: object };
  const fetch = async (request: Request) =>
    request.url.endsWith('/oauth/access-token')
      ? Response.json({ access_token: 't', token_type: 'Bearer', expires_in: 3600 })
      : new Response(largest, {
          headers: {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(largest)),
          },
        });
  const client = (validateResponses: string) =>
    createFundosV2Client({
      clientId: 'id',
      clientSecret: 'secret',
      baseUrl: 'http://127.0.0.1:1',
      fetch,
      validateResponses,
      responseValidators,
      onResponseIssues: () => {},
    });
  const init = { params: { query: { size: 1000 } } };
  const [offClient, onClient] = [client('off'), client('warn')];
  const off = () => offClient.GET('/feed/fundos/v2/fundos', init);
  const on = () => onClient.GET('/feed/fundos/v2/fundos', init);
  // Loads the validators and warms both paths up, outside the measure.
  for (let c = 0; c < 3; c++) {
    await off();
    await on();
  }
  const pairs = 10;
  const { offMs, onMs, ratios } = await pairedCalls(off, on, runs, pairs);
  const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);
  return {
    benchmark:
      `one call on the largest answer (E1, 1,000 records, ${(largest.length / 1024).toFixed(0)} KiB): ` +
      `validateResponses on vs off, CPU per call (median call; ${runs} runs × ${pairs} alternating pairs, ` +
      `total CPU ${(total(onMs) / total(offMs)).toFixed(2)}×)`,
    figure: `${median(onMs).toFixed(2)} ms`,
    reference: `${median(offMs).toFixed(2)} ms off`,
    ratio: spread(ratios),
    target: '≤ 1.3×',
  };
}

export async function exactBench(runs = 15): Promise<Row[]> {
  const sandbox = (await import(`${repoRoot}packages/sandbox/dist/index.js`)) as Sandbox;
  const lossless = (await import(`${repoRoot}packages/core/dist/internal.js`)) as Lossless;
  const { funds, year, stop } = await takeAnswers(sandbox);
  await stop();
  return [
    exactVsPlainRow('export all 7,231 funds (E1): parse + NDJSON + CSV cells, CPU', funds, lossless, runs),
    exactVsPlainRow(
      `backfill 2025 (VNA, ${year.length} answers): parse + NDJSON + CSV cells, CPU`,
      year,
      lossless,
      runs,
    ),
    await validationRow(funds[0] as string, runs),
  ];
}
