// Abort-aware waiting. Every wait in the core (a backoff sleep, a token shared by many calls, a fetch that ignores
// its signal) must end the moment the caller aborts, with the caller's own reason.

/** A signal that aborts when any input aborts, with that input's reason. */
export function anySignal(signals: readonly (AbortSignal | undefined)[]): AbortSignal {
  const list = signals.filter((s): s is AbortSignal => s !== undefined);
  if (list.length === 1) return list[0] as AbortSignal;
  if (typeof AbortSignal.any === 'function') return AbortSignal.any(list);
  // Fallback for runtimes without AbortSignal.any (Node < 20.3, older browsers).
  const controller = new AbortController();
  for (const signal of list) {
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  }
  return controller.signal;
}

/** `promise`, or a rejection with `signal.reason` as soon as the signal aborts, whichever comes first. */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) {
    promise.catch(() => {}); // the loser must not surface as an unhandled rejection
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      promise.catch(() => {});
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** Resolves after `ms`; rejects with `signal.reason` if the signal aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The abort state of one call, with its AbortSignal made on first read. Making an AbortSignal costs a few µs on
 * Node 20 (it is a transferable object); the pipeline reads it when it hands fetch its init, so a call that
 * ends before (bad input, a failed token request) or that nothing can abort makes none. `aborted` and `reason`
 * can be checked without making one.
 */
export class CallAbort {
  aborted = false;
  reason: unknown = undefined;
  #controller: AbortController | undefined;

  /**
   * False when nothing can abort the call (no deadline, no caller signal): then a fetch is given no signal at
   * all, which spares undici following one on every request.
   */
  constructor(readonly canAbort = true) {}

  /** When the call's deadline passes (a Date.now() time); infinite when it has none. */
  get deadlineAt(): number {
    return Number.POSITIVE_INFINITY;
  }

  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.aborted) this.#controller.abort(this.reason);
    }
    return this.#controller.signal;
  }

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.#controller?.abort(reason);
  }
}
