// Sync's options and its clock, checked before anything is read or sent (exit 2, the fix named).
import { addMonths, isIsoDate, todayInBrasilia } from '@assoc-feed/core/internal/calendar';
import { readEnv } from '../../env.js';
import { UsageError } from '../../errors.js';

/** An instant written without an offset: Brasília's wall-clock time (-03:00 all year since 2019). */
const NO_OFFSET = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/;

/**
 * The time the release rules are read against: the machine's clock, or FEED_NOW (an ISO date and time, Brasília
 * time when it has no offset) so a test or a replay can pin it.
 */
export function syncClock(env: NodeJS.ProcessEnv, warn: (line: string) => void): () => number {
  const fixed = readEnv(env, 'FEED_NOW', warn);
  if (fixed === undefined) return () => Date.now();
  const text = fixed.trim();
  const at = NO_OFFSET.test(text)
    ? Date.parse(`${text.length === 10 ? `${text}T00:00` : text}-03:00`)
    : /(Z|[+-]\d{2}:\d{2})$/.test(text)
      ? Date.parse(text)
      : Number.NaN;
  if (Number.isNaN(at)) {
    throw new UsageError(
      `FEED_NOW=${JSON.stringify(fixed.slice(0, 40))} is not a date and time: write it as 2026-11-19T21:00:00 ` +
        '(Brasília time) or with an offset (2026-11-19T21:00:00-03:00), or unset it.',
    );
  }
  return () => at;
}

/** The window: --from and --to, real dates, in order, not after today (defaults: last month's start to today). */
export function syncWindow(
  options: { from?: string; to?: string },
  today: string,
): { from: string; to: string } {
  const from = options.from ?? addMonths(`${today.slice(0, 7)}-01`, -1);
  const to = options.to ?? today;
  for (const [name, value] of [
    ['--from', from],
    ['--to', to],
  ] as const) {
    if (!isIsoDate(value))
      throw new UsageError(
        `${name} ${JSON.stringify(value)} is not a date: write YYYY-MM-DD (e.g. 2026-01-31).`,
      );
    if (value > today)
      throw new UsageError(
        `${name} ${value} is in the future (today is ${today} in Brasília): pass ${today} or earlier.`,
      );
  }
  if (from > to) throw new UsageError(`--from ${from} is after --to ${to}: swap them.`);
  return { from, to };
}

/** `--only` items: a blank one names nothing (a script's empty variable), so it is refused, never "everything". */
export function checkOnly(only: readonly string[]): string[] {
  if (only.some((item) => item.trim() === '')) {
    throw new UsageError(
      `--only ${JSON.stringify(only.join(','))} has an empty item, which names no operation: give document ids or ` +
        'parts of paths, comma-separated (--only E8,/titulos-publicos), or leave --only out to sync every operation.',
    );
  }
  return only.map((item) => item.trim());
}

export const todayOf = (now: () => number) => todayInBrasilia(new Date(now()));
