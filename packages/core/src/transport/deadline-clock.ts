// One timer for the deadlines of every call in flight. A setTimeout and clearTimeout per call cost Node 20 about
// a tenth of a local GET's CPU (measured: `pnpm bench client-http`): each call made a timer list, rescheduled the
// event loop's timer and dropped both again. Here a deadline is an entry in a set, and one timer wakes at the
// earliest deadline. A call that settles in time (nearly all) never touches a timer.
//
// The timer is armed for the earliest deadline known when it was set; a deadline cancelled since is simply not
// there when it wakes (it then looks through the few still pending for the next one). The timer keeps the
// process alive only while a deadline is pending, so a finished script exits at once, as with a timer per call.

/** A pending deadline; pass it to `cancel` once the call has settled. */
export interface Deadline {
  readonly at: number;
  readonly fire: () => void;
}

type Timer = ReturnType<typeof setTimeout> & { ref?: () => unknown; unref?: () => unknown };

export class DeadlineClock {
  readonly #pending = new Set<Deadline>();
  #timer: Timer | undefined;
  #timerAt = Number.POSITIVE_INFINITY;

  /** How many deadlines are waiting. */
  get pending(): number {
    return this.#pending.size;
  }

  /** Calls `fire` once `ms` milliseconds have passed, unless `cancel` comes first. */
  schedule(ms: number, fire: () => void): Deadline {
    return this.add({ at: Date.now() + ms, fire });
  }

  /** Calls `deadline.fire()` at `deadline.at` (epoch ms), unless `cancel` comes first. */
  add<D extends Deadline>(deadline: D): D {
    this.#pending.add(deadline);
    if (this.#pending.size === 1) this.#timer?.ref?.();
    if (deadline.at < this.#timerAt) this.#arm(deadline.at);
    return deadline;
  }

  /** Drops a deadline that has not fired; a no-op once it has fired or was cancelled. */
  cancel(deadline: Deadline): void {
    // The timer stays armed (re-arming is what this clock saves), but no longer holds the process open.
    if (this.#pending.delete(deadline) && this.#pending.size === 0) this.#timer?.unref?.();
  }

  #arm(at: number): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timerAt = at;
    const timer: Timer = setTimeout(
      () => {
        // A timer replaced by an earlier one may still fire (a fake-timer test swaps clocks): only the current
        // one wakes the clock.
        if (this.#timer === timer) this.#wake();
      },
      Math.max(0, at - Date.now()),
    );
    if (this.#pending.size === 0) timer.unref?.();
    this.#timer = timer;
  }

  #wake(): void {
    this.#timer = undefined;
    this.#timerAt = Number.POSITIVE_INFINITY;
    const now = Date.now();
    const due: Deadline[] = [];
    let next = Number.POSITIVE_INFINITY;
    for (const deadline of this.#pending) {
      if (deadline.at <= now) due.push(deadline);
      else next = Math.min(next, deadline.at);
    }
    for (const deadline of due) this.#pending.delete(deadline);
    if (next !== Number.POSITIVE_INFINITY) this.#arm(next);
    else if (this.#pending.size === 0) this.#timer = undefined;
    for (const deadline of due.sort((a, b) => a.at - b.at)) deadline.fire();
  }
}

/** The clock every client's deadlines share. */
export const deadlineClock = new DeadlineClock();
