// What a progress line says, on a clock the test moves: a total only when known, an ETA only once it means
// something (after 5 s, or a tenth of the total), and units that agree with their numbers.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createProgress } from './progress.js';

function linesOf(run: (p: ReturnType<typeof createProgress>, clock: { t: number }) => void): string[] {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  }) as unknown as NodeJS.WriteStream;
  const clock = { t: 0 };
  const progress = createProgress({
    mode: 'lines',
    unit: 'partitions',
    oneUnit: 'partition',
    label: 'sync copy',
    stream,
    intervalSeconds: 3600,
    now: () => clock.t,
  });
  run(progress, clock);
  return text.trim().split('\n');
}

describe('progress lines', () => {
  it.each([
    [
      'no total: a count, no percentage, no ETA',
      undefined,
      1,
      1_000,
      'sync copy: 1 partition, 1 partition/s, E8',
    ],
    [
      'a total, early and under a tenth: no ETA yet',
      100,
      5,
      1_000,
      'sync copy: 5/100 partitions (5%), 5 partitions/s, E8',
    ],
    [
      'a total, a tenth done: an ETA',
      100,
      10,
      1_000,
      'sync copy: 10/100 partitions (10%), 10 partitions/s, ETA 9 s, E8',
    ],
    [
      'a total, after 5 s: an ETA',
      100,
      5,
      5_000,
      'sync copy: 5/100 partitions (5%), 1 partition/s, ETA 1 min 35 s, E8',
    ],
  ])('%s', (_case, total, done, ms, line) => {
    const lines = linesOf((p, clock) => {
      p.start(total, 0);
      clock.t = ms;
      p.update(done, 'E8');
      p.stop();
    });
    expect(lines).toEqual([line]);
  });
});
