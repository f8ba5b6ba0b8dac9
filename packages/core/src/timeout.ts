// Timeouts through AbortSignal. One deadline covers a whole call: the token wait, every attempt, every backoff
// wait, the replay after a 401 and reading the answer, so `timeoutMs: 30_000` means "this call settles within
// about 30 s". The caller's signal always wins: if it aborted, its own reason is thrown, never a TimeoutError.
//
// Reading and parsing the answer are part of the call. A JSON.parse of a large body blocks the event loop, so the
// timer cannot fire during it; the clock is therefore read again when the work settles, and an answer that
// arrived after the deadline is a TimeoutError all the same.
//
// This runs on every call, so it costs one promise and a deadline entry: no timer of its own (one clock wakes
// for every call's deadline: deadline-clock.ts), no AbortSignal.any() (tens of µs a call on Node 20), an
// AbortSignal only when someone reads one (CallAbort), and a listener on the caller's signal only when there is
// one.

import { type Deadline, deadlineClock } from './deadline-clock.js';
import { ConfigurationError, TimeoutError } from './errors.js';
import { CallAbort } from './signals.js';

export const DEFAULT_TIMEOUT_MS = 30_000;
const MAX_TIMER_MS = 2_147_483_647;

export interface TimeoutContext {
  timeoutMs: number;
  /** The caller's signal. */
  signal?: AbortSignal | null | undefined;
  method: string;
  /** What the TimeoutError names; a function so the path is only worked out when the deadline passes. */
  path: string | (() => string);
  /**
   * Keep passing the caller's abort on after the call has settled (a streamed body is still being read then).
   * The deadline still ends when the call settles.
   */
  followCallerAfter?: boolean;
}

/**
 * Runs `run` with an abort state that aborts on the caller's abort or after `timeoutMs` (Infinity: no
 * deadline). The returned promise settles at the deadline or abort even if the work ignores its signal.
 */
export function withTimeout<T>(run: (abort: CallAbort) => Promise<T>, context: TimeoutContext): Promise<T> {
  const caller = context.signal ?? undefined;
  if (caller?.aborted) return Promise.reject(caller.reason);
  const bounded = context.timeoutMs <= MAX_TIMER_MS;
  // Nothing can abort the call: no timer, no listener, no promise around it.
  if (!bounded && !caller) {
    try {
      return run(new CallAbort(false));
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return new Promise<T>((resolve, reject) => {
    const controller = new CallAbort(bounded || caller !== undefined);
    let settled = false;
    const finish = (ok: boolean) => {
      settled = true;
      if (deadline !== undefined) deadlineClock.cancel(deadline);
      if (!ok || !context.followCallerAfter) caller?.removeEventListener('abort', onCallerAbort);
    };
    const fail = (error: unknown) => {
      if (settled) return;
      finish(false);
      reject(error);
    };
    function onCallerAbort() {
      const reason = caller?.reason;
      controller.abort(reason);
      fail(reason); // a no-op once the call has settled
    }
    function onDeadline() {
      const { method, path, timeoutMs } = context;
      const where = typeof path === 'function' ? path() : path;
      const error = new TimeoutError(
        `${method} ${where} did not answer within ${timeoutMs} ms. Raise timeoutMs (client option or per call) if ` +
          'the service is slow, or check connectivity.',
        { method, path: where, timeoutMs },
      );
      // Aborting may make the caller abort too (a listener of theirs); then their reason wins, via onCallerAbort.
      controller.abort(error);
      fail(error);
    }
    // Timers overflow above 2^31-1 ms (they would fire at once), so such a deadline is treated as none.
    const deadline: Deadline | undefined = bounded
      ? deadlineClock.schedule(context.timeoutMs, onDeadline)
      : undefined;
    const deadlineAt = deadline?.at ?? Number.POSITIVE_INFINITY;
    caller?.addEventListener('abort', onCallerAbort, { once: true });

    let work: Promise<T>;
    try {
      work = run(controller);
    } catch (error) {
      work = Promise.reject(error);
    }
    work.then(
      (value) => {
        if (settled) return;
        // The loop was blocked past the deadline (a long parse): the timer had no chance to fire.
        if (bounded && Date.now() > deadlineAt) return onDeadline();
        finish(true);
        resolve(value);
      },
      (error: unknown) => fail(error),
    );
  });
}

/** A positive number of milliseconds, or Infinity for no deadline. */
export function checkTimeoutMs(value: unknown, option: string): number {
  if (typeof value === 'number' && value > 0 && !Number.isNaN(value)) return value;
  throw new ConfigurationError(
    option,
    `${option} must be a positive number of milliseconds, or Infinity for no timeout (got ${String(value)}).`,
  );
}
