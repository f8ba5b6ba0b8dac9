import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeadlineClock } from './deadline-clock.js';

describe('DeadlineClock: one timer for many deadlines', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires each deadline once its time has passed, in time order, across durations', () => {
    const clock = new DeadlineClock();
    const fired: string[] = [];
    clock.schedule(300, () => fired.push('300'));
    clock.schedule(100, () => fired.push('100'));
    vi.advanceTimersByTime(50);
    clock.schedule(100, () => fired.push('100 later'));
    clock.schedule(20, () => fired.push('20'));

    vi.advanceTimersByTime(19); // t = 69
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1); // t = 70
    expect(fired).toEqual(['20']);
    vi.advanceTimersByTime(30); // t = 100
    expect(fired).toEqual(['20', '100']);
    vi.advanceTimersByTime(50); // t = 150
    expect(fired).toEqual(['20', '100', '100 later']);
    vi.advanceTimersByTime(150); // t = 300
    expect(fired).toEqual(['20', '100', '100 later', '300']);
    expect(clock.pending).toBe(0);
  });

  it('never fires a cancelled deadline, wherever it sits in its list', () => {
    const clock = new DeadlineClock();
    const fired: number[] = [];
    const deadlines = [0, 1, 2, 3, 4].map((i) => clock.schedule(100, () => fired.push(i)));
    for (const i of [0, 2, 4]) clock.cancel(deadlines[i] as never);
    clock.cancel(deadlines[2] as never); // twice: a no-op
    expect(clock.pending).toBe(2);
    vi.advanceTimersByTime(100);
    expect(fired).toEqual([1, 3]);
    clock.cancel(deadlines[1] as never); // after it fired: a no-op
    expect(clock.pending).toBe(0);
  });

  it('keeps one timer for a stream of calls that settle in time', () => {
    const clock = new DeadlineClock();
    const fire = vi.fn();
    for (let i = 0; i < 1000; i++) clock.cancel(clock.schedule(30_000, fire));
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(60_000);
    expect(fire).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('wakes earlier when a shorter deadline arrives after a longer one', () => {
    const clock = new DeadlineClock();
    const fired: string[] = [];
    clock.schedule(30_000, () => fired.push('long'));
    clock.schedule(10, () => fired.push('short'));
    vi.advanceTimersByTime(10);
    expect(fired).toEqual(['short']);
  });
});

describe('DeadlineClock and the process', () => {
  it('holds the process open only while a deadline is pending', () => {
    const clock = new DeadlineClock();
    const refs: boolean[] = [];
    const real = globalThis.setTimeout;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Watch the timer the clock makes (a real one: fake timers do not model ref/unref).
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms: number) => {
      timer = real(fn, ms);
      return timer;
    }) as typeof setTimeout);
    try {
      const first = clock.schedule(60_000, () => {});
      refs.push(timer?.hasRef() ?? false);
      clock.cancel(first);
      refs.push(timer?.hasRef() ?? false);
      const second = clock.schedule(60_000, () => {});
      refs.push(timer?.hasRef() ?? false);
      clock.cancel(second);
      refs.push(timer?.hasRef() ?? false);
      expect(refs).toEqual([true, false, true, false]);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
      clearTimeout(timer);
    }
  });
});
