// Up to `concurrency` units of work in flight, results committed strictly in order. Ordered commits are what
// make the checkpoint a single number ("units before this one are in the output"), so a resumed run neither
// skips nor repeats one. A failure stops new work; everything before the failed unit is still committed.

export interface OrderedOptions {
  concurrency: number;
  /** How far past the oldest uncommitted unit work may start (bounds memory). Default 4 × concurrency. */
  window?: number;
  signal?: AbortSignal | undefined;
}

type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

export function runOrdered<T, R>(
  items: readonly T[],
  options: OrderedOptions,
  work: (item: T, index: number, signal: AbortSignal) => Promise<R>,
  commit: (result: R, item: T, index: number) => Promise<void> | void,
  /** After a run of consecutive commits: one flush and checkpoint for all of them, not one per unit. */
  afterCommits: () => void = () => {},
): Promise<void> {
  const concurrency = Math.max(1, options.concurrency);
  const window = Math.max(concurrency, options.window ?? concurrency * 4);
  const stop = new AbortController();
  const onAbort = () => fail(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const outcomes = new Map<number, Outcome<R>>();
  let nextStart = 0;
  let nextCommit = 0;
  let inFlight = 0;
  let committing = false;
  let failed = false;
  let failure: unknown;
  let settle: { resolve: () => void; reject: (e: unknown) => void };
  const done = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });

  function fail(error: unknown) {
    if (failed) return;
    failed = true;
    failure = error;
    stop.abort(error);
  }

  function pump() {
    while (!failed && inFlight < concurrency && nextStart < items.length && nextStart < nextCommit + window) {
      const index = nextStart++;
      inFlight++;
      work(items[index] as T, index, stop.signal)
        .then(
          (value) => outcomes.set(index, { ok: true, value }),
          (error: unknown) => outcomes.set(index, { ok: false, error }),
        )
        .finally(() => {
          inFlight--;
          void drain();
        });
    }
    if (inFlight > 0 || committing) return;
    options.signal?.removeEventListener('abort', onAbort);
    if (failed) settle.reject(failure);
    else if (nextCommit >= items.length) settle.resolve();
  }

  async function drain() {
    if (committing) return;
    committing = true;
    let committed = 0;
    try {
      while (!failed && outcomes.has(nextCommit)) {
        const outcome = outcomes.get(nextCommit) as Outcome<R>;
        outcomes.delete(nextCommit);
        if (!outcome.ok) {
          fail(outcome.error);
          break;
        }
        await commit(outcome.value, items[nextCommit] as T, nextCommit);
        nextCommit++;
        committed++;
      }
      if (committed > 0) afterCommits();
    } catch (error) {
      fail(error);
    } finally {
      committing = false;
    }
    pump();
  }

  pump();
  return done;
}
