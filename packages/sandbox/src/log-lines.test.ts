import { afterEach, describe, expect, it, vi } from 'vitest';
import { bufferedLines } from './log-lines.js';

describe('bufferedLines', () => {
  afterEach(() => vi.useRealTimers());

  it('writes the lines queued within the flush interval in one write, in order', () => {
    vi.useFakeTimers();
    const writes: string[] = [];
    const lines = bufferedLines((text) => writes.push(text), { flushMs: 100 });
    lines.log('GET /a → 200');
    lines.log('GET /b → 404');
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(writes).toEqual(['GET /a → 200\nGET /b → 404\n']);
  });

  it('writes at once when the queue reaches its size limit', () => {
    const writes: string[] = [];
    const lines = bufferedLines((text) => writes.push(text), { maxChars: 10 });
    lines.log('0123456789');
    expect(writes).toEqual(['0123456789\n']);
    lines.flush();
    expect(writes).toHaveLength(1);
  });

  it('flush() writes what is queued, once', () => {
    const writes: string[] = [];
    const lines = bufferedLines((text) => writes.push(text));
    lines.log('one');
    lines.flush();
    lines.flush();
    expect(writes).toEqual(['one\n']);
  });
});
