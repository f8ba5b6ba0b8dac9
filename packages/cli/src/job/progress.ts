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
  label: string;
  /** The bar's label, shorter so the bar fits a terminal line (default: label). */
  shortLabel?: string;
  stream?: NodeJS.WriteStream;
  /** Lines mode: seconds between lines. */
  intervalSeconds?: number;
  now?: () => number;
}

const number = new Intl.NumberFormat('en-US');

export function createProgress(options: ProgressOptions): Progress {
  const stream = options.stream ?? process.stderr;
  const mode = options.mode === 'auto' ? (stream.isTTY ? 'bar' : 'lines') : options.mode;
  if (mode === 'none') return { start() {}, setTotal() {}, update() {}, stop() {} };
  const now = options.now ?? (() => performance.now());
  let startedAt = now();
  let firstDone = 0;
  let total: number | undefined;
  let done = 0;
  let detail = '';
  const rate = () => {
    const seconds = (now() - startedAt) / 1000;
    return seconds > 0 ? (done - firstDone) / seconds : 0;
  };

  if (mode === 'bar') {
    const bar = new cliProgress.SingleBar(
      {
        stream,
        format: `${options.shortLabel ?? options.label} {bar} {percentage}% | {value}/{total} ${options.unit} | {rate} ${options.unit}/s | ETA {eta_formatted}{detail}`,
        hideCursor: true,
        barsize: 24,
        clearOnComplete: false,
        etaBuffer: 50,
        fps: 10,
        formatValue: (v, _o, type) => (type === 'value' || type === 'total' ? number.format(v) : String(v)),
      },
      cliProgress.Presets.shades_classic,
    );
    const payload = () => ({ rate: number.format(Math.round(rate())), detail: detail ? ` | ${detail}` : '' });
    return {
      start(t, d) {
        startedAt = now();
        firstDone = done = d;
        total = t;
        bar.start(t ?? d, d, payload());
      },
      setTotal(t) {
        total = t;
        bar.setTotal(t);
      },
      update(d, text) {
        done = d;
        if (text !== undefined) detail = text;
        bar.update(d, payload());
      },
      stop() {
        bar.update(done, payload());
        bar.stop();
      },
    };
  }

  const line = () => {
    const pct = total ? ` (${Math.floor((done / total) * 100)}%)` : '';
    const r = rate();
    const eta = total && r > 0 && done < total ? `, ETA ${formatSeconds((total - done) / r)}` : '';
    const count =
      total === undefined ? number.format(done) : `${number.format(done)}/${number.format(total)}`;
    stream.write(
      `${options.label}: ${count} ${options.unit}${pct}, ${number.format(Math.round(r))} ${options.unit}/s${eta}${detail ? `, ${detail}` : ''}\n`,
    );
  };
  let timer: NodeJS.Timeout | undefined;
  return {
    start(t, d) {
      startedAt = now();
      firstDone = done = d;
      total = t;
      timer = setInterval(line, (options.intervalSeconds ?? 10) * 1000);
      timer.unref();
    },
    setTotal(t) {
      total = t;
    },
    update(d, text) {
      done = d;
      if (text !== undefined) detail = text;
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
