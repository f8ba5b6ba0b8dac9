// Progress on stderr: a bar (cli-progress) with count, rate and ETA when stderr is a terminal; plain periodic
// lines otherwise (logs, CI), so a long job shows it is alive without filling a log with redraws.
import cliProgress from 'cli-progress';

export const PROGRESS_MODES = ['auto', 'bar', 'lines', 'none'] as const;
export type ProgressMode = (typeof PROGRESS_MODES)[number];

export interface Progress {
  /** `done` counts what a resumed run had already done (not counted in the rate). */
  start(total: number | undefined, done: number): void;
  /** The total, once known (an export learns it from the first page). */
  setTotal(total: number): void;
  update(done: number, detail?: string): void;
  stop(): void;
}

export interface ProgressOptions {
  mode: ProgressMode;
  /** What is counted: records, dates, months, windows. */
  unit: string;
  /** The unit of one (`partition`), when it is not `unit`. */
  oneUnit?: string;
  label: string;
  /** The bar's label, shorter so the bar fits a terminal line (default: label). */
  shortLabel?: string;
  stream?: NodeJS.WriteStream;
  /** Lines mode: seconds between lines. */
  intervalSeconds?: number;
  now?: () => number;
}

const number = new Intl.NumberFormat('en-US');
const ETA_AFTER_MS = 5_000;
const BAR_SIZE = 24;

export function createProgress(options: ProgressOptions): Progress {
  const stream = options.stream ?? process.stderr;
  const mode = options.mode === 'auto' ? (stream.isTTY ? 'bar' : 'lines') : options.mode;
  if (mode === 'none') return { start() {}, setTotal() {}, update() {}, stop() {} };
  const count = createCount(options);
  return mode === 'bar' ? barProgress(options, stream, count) : lineProgress(options, stream, count);
}

/** Where a job stands, and the figures shown from it (rate, ETA), the same in both modes. */
interface Count {
  startedAt: number;
  /** What a resumed run had already done when it started (not counted in the rate). */
  firstDone: number;
  total: number | undefined;
  done: number;
  detail: string;
  now: () => number;
  start(total: number | undefined, done: number): void;
  update(done: number, detail: string | undefined): void;
  unitOf(n: number): string;
  /** An ETA once it means something: after 5 s, or a tenth of the total done; never without a total. */
  eta(): string | undefined;
  rateText(): string;
}

function createCount(options: ProgressOptions): Count {
  const now = options.now ?? (() => performance.now());
  const rate = () => {
    const seconds = (now() - count.startedAt) / 1000;
    return seconds > 0 ? (count.done - count.firstDone) / seconds : 0;
  };
  const count: Count = {
    startedAt: now(),
    firstDone: 0,
    total: undefined,
    done: 0,
    detail: '',
    now,
    start(t, d) {
      count.startedAt = now();
      count.firstDone = count.done = d;
      count.total = t;
    },
    update(d, text) {
      count.done = d;
      if (text !== undefined) count.detail = text;
    },
    unitOf: (n) => (n === 1 && options.oneUnit ? options.oneUnit : options.unit),
    eta() {
      const { total, done, firstDone, startedAt } = count;
      const r = rate();
      if (!total) return undefined;
      if (done >= total) return formatSeconds(0);
      if (r <= 0) return undefined;
      if (now() - startedAt < ETA_AFTER_MS && done - firstDone < total / 10) return undefined;
      return formatSeconds((total - done) / r);
    },
    rateText() {
      const r = Math.round(rate());
      return `${number.format(r)} ${count.unitOf(r)}/s`;
    },
  };
  return count;
}

/** A terminal: one bar redrawn in place, with count, rate and ETA. */
function barProgress(options: ProgressOptions, stream: NodeJS.WriteStream, count: Count): Progress {
  const label = options.shortLabel ?? options.label;
  const render = () => {
    const { total, done, detail } = count;
    const d = detail ? ` | ${detail}` : '';
    if (!total) return `${label} ${number.format(done)} ${count.unitOf(done)} | ${count.rateText()}${d}`;
    const share = Math.min(1, done / total);
    const filled = Math.round(share * BAR_SIZE);
    const bar = `${'\u2588'.repeat(filled)}${'\u2591'.repeat(BAR_SIZE - filled)}`;
    const left = count.eta();
    return (
      `${label} ${bar} ${Math.floor(share * 100)}% | ` +
      `${number.format(done)}/${number.format(total)} ${options.unit} | ${count.rateText()}${left ? ` | ETA ${left}` : ''}${d}`
    );
  };
  const bar = new cliProgress.SingleBar(
    { stream, format: () => render(), hideCursor: true, clearOnComplete: false, fps: 10 },
    cliProgress.Presets.shades_classic,
  );
  return {
    start(t, d) {
      count.start(t, d);
      bar.start(t ?? 0, d);
    },
    setTotal(t) {
      count.total = t;
      bar.setTotal(t);
    },
    update(d, text) {
      count.update(d, text);
      bar.update(d);
    },
    stop() {
      bar.update(count.done);
      bar.stop();
    },
  };
}

/** Logs and CI: a plain line every `intervalSeconds`, and one at the end. */
function lineProgress(options: ProgressOptions, stream: NodeJS.WriteStream, count: Count): Progress {
  const line = () => {
    const { total, done, detail } = count;
    const pct = total ? ` (${Math.floor((done / total) * 100)}%)` : '';
    const left = count.eta();
    const counted = total
      ? `${number.format(done)}/${number.format(total)} ${options.unit}`
      : `${number.format(done)} ${count.unitOf(done)}`;
    stream.write(
      `${options.label}: ${counted}${pct}, ${count.rateText()}${left ? `, ETA ${left}` : ''}${detail ? `, ${detail}` : ''}\n`,
    );
  };
  let timer: NodeJS.Timeout | undefined;
  return {
    start(t, d) {
      count.start(t, d);
      timer = setInterval(line, (options.intervalSeconds ?? 10) * 1000);
      timer.unref();
    },
    setTotal(t) {
      count.total = t;
    },
    update(d, text) {
      count.update(d, text);
    },
    stop() {
      if (timer) clearInterval(timer);
      line();
    },
  };
}

export function formatSeconds(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}
