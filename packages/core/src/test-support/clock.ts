// Fake timers for tests whose subject is a deadline. Every client shares one deadline clock (deadlineClock), whose
// timer was set on the clock in use when it was armed: after a swap that timer never fires, and a later deadline
// past it would wait for it forever. The files share one worker and its modules (vitest.config.ts), so that
// would reach the next test file; each swap here therefore moves the shared clock onto the new timers.
import { vi } from 'vitest';
import { deadlineClock } from '../transport/deadline-clock.js';

// The clock arms a timer for a deadline earlier than the one it is armed for; each of these is earlier than the
// last (and than any real one), so each arms, even when the last one's timer has not fired.
let passed = 0;

/** Adds a deadline already passed: the clock arms a timer now, on the timers in use, and re-arms from there. */
function rearmDeadlineClock(): void {
  passed -= 1;
  deadlineClock.add({ at: passed, fire: () => {} });
}

/** Fakes setTimeout, clearTimeout and Date (the clocks a deadline reads). */
export function useFakeClock(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  rearmDeadlineClock();
}

/** Back to the real timers. */
export function useRealClock(): void {
  vi.useRealTimers();
  rearmDeadlineClock();
}
