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

import { ConfigurationError, TimeoutError } from '../errors/errors.js';
import { type Deadline, deadlineClock } from './deadline-clock.js';
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
    const call = new TimedCall<T>(context, caller, bounded, resolve, reject);
    let work: Promise<T>;
    try {
      work = run(call);
    } catch (error) {
      work = Promise.reject(error);
    }
    work.then(call.done, call.fail);
  });
}

/**
 * One call under a deadline or a caller's signal: its abort state, its entry in the deadline clock and how it
 * settles, in one object (it is made for every call; closures for each part were as many allocations).
 */
class TimedCall<T> extends CallAbort implements Deadline {
  readonly at: number;
  #settled = false;

  constructor(
    readonly context: TimeoutContext,
    readonly caller: AbortSignal | undefined,
    readonly bounded: boolean,
    readonly resolve: (value: T) => void,
    readonly reject: (error: unknown) => void,
  ) {
    super(true);
    // Timers overflow above 2^31-1 ms (they would fire at once), so such a deadline is treated as none.
    this.at = bounded ? Date.now() + context.timeoutMs : Number.POSITIVE_INFINITY;
    if (bounded) deadlineClock.add(this);
    caller?.addEventListener('abort', this, { once: true });
  }

  override get deadlineAt(): number {
    return this.at;
  }

  /** The work's value: the answer, unless the loop was blocked past the deadline (a long parse). */
  readonly done = (value: T): void => {
    if (this.#settled) return;
    // The timer had no chance to fire while the loop was blocked: the clock is read again.
    if (this.bounded && Date.now() > this.at) {
      this.fire();
      return;
    }
    this.#finish(true);
    this.resolve(value);
  };

  readonly fail = (error: unknown): void => {
    if (this.#settled) return;
    this.#finish(false);
    this.reject(error);
  };

  /** The caller's signal aborted (an EventListener object, so no closure is made for it). */
  handleEvent(): void {
    const reason = this.caller?.reason;
    this.abort(reason);
    this.fail(reason); // a no-op once the call has settled
  }

  /** The deadline passed (called by the deadline clock). */
  fire(): void {
    const { method, path, timeoutMs } = this.context;
    const where = typeof path === 'function' ? path() : path;
    const error = new TimeoutError(
      `${method} ${where} did not answer within ${timeoutMs} ms. Raise timeoutMs (client option or per call) if ` +
        'the service is slow, or check connectivity.',
      { method, path: where, timeoutMs },
    );
    // Aborting may make the caller abort too (a listener of theirs); then their reason wins, via handleEvent.
    this.abort(error);
    this.fail(error);
  }

  #finish(ok: boolean): void {
    this.#settled = true;
    if (this.bounded) deadlineClock.cancel(this);
    if (!ok || !this.context.followCallerAfter) this.caller?.removeEventListener('abort', this);
  }
}

/** A positive number of milliseconds, or Infinity for no deadline. */
export function checkTimeoutMs(value: unknown, option: string): number {
  if (typeof value === 'number' && value > 0 && !Number.isNaN(value)) return value;
  throw new ConfigurationError(
    option,
    `${option} must be a positive number of milliseconds, or Infinity for no timeout (got ${String(value)}).`,
  );
}
