// Timeouts through AbortSignal. One deadline covers a whole call: every attempt, every backoff wait and the
// replay after a 401, so `timeoutMs: 30_000` means "this call settles within about 30 s". It runs until the
// response headers arrive; reading the body is then bounded only by the caller's signal.
//
// The caller's signal always wins: if it aborted, its own reason is thrown, never turned into a TimeoutError.

import { ConfigurationError, TimeoutError } from './errors.js';
import { anySignal, raceAbort } from './signals.js';

export const DEFAULT_TIMEOUT_MS = 30_000;
const MAX_TIMER_MS = 2_147_483_647;

export interface TimeoutContext {
  timeoutMs: number;
  /** The caller's signal. */
  signal?: AbortSignal | undefined;
  method: string;
  path: string;
}

/**
 * Runs `run` with a signal that aborts on the caller's abort or after `timeoutMs`. `Infinity` disables the
 * deadline. The run is also raced against the signal, so a fetch that ignores its signal cannot outlive it.
 */
export async function withTimeout<T>(
  run: (signal: AbortSignal) => Promise<T>,
  context: TimeoutContext,
): Promise<T> {
  const caller = context.signal;
  if (caller?.aborted) throw caller.reason;
  const deadline = new AbortController();
  // Timers overflow above 2^31-1 ms (they would fire at once), so such a deadline is treated as none.
  const timer =
    context.timeoutMs <= MAX_TIMER_MS ? setTimeout(() => deadline.abort(), context.timeoutMs) : undefined;
  const signal = anySignal([caller, deadline.signal]);
  try {
    return await raceAbort(run(signal), signal);
  } catch (error) {
    if (caller?.aborted) throw caller.reason;
    if (deadline.signal.aborted) {
      throw new TimeoutError(
        `${context.method} ${context.path} did not answer within ${context.timeoutMs} ms. Raise timeoutMs (client ` +
          `option or per call) if the service is slow, or check connectivity.`,
        { method: context.method, path: context.path, timeoutMs: context.timeoutMs },
      );
    }
    throw error;
  } finally {
    if (timer !== undefined) clearTimeout(timer);
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
