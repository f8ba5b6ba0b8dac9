// The command line: each flag, its defaults, and the errors that name the fix.
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_CHARS, parseCommandLine } from './settings.js';

describe('parseCommandLine', () => {
  it.each([
    [[], { sandbox: false, only: [], maxChars: DEFAULT_MAX_CHARS }],
    [['--sandbox'], { sandbox: true, only: [], maxChars: DEFAULT_MAX_CHARS }],
    [
      ['--only', 'E1,C/vna', '--only', 'fundos-v1'],
      { sandbox: false, only: ['E1', 'C/vna', 'fundos-v1'], maxChars: DEFAULT_MAX_CHARS },
    ],
    [
      ['--timeout-ms', '5000', '--max-chars', '20000'],
      { sandbox: false, only: [], maxChars: 20_000, timeoutMs: 5000 },
    ],
  ])('%j', (argv, settings) => {
    expect(parseCommandLine(argv)).toEqual({ kind: 'run', settings });
  });

  it.each([
    [['-h'], 'help'],
    [['--version'], 'version'],
  ])('%j asks for %s', (argv, kind) => {
    expect(parseCommandLine(argv).kind).toBe(kind);
  });

  it.each([
    [['--max-chars', '10'], /--max-chars must be a whole number of at least 1000 \(got "10"\)/],
    [['--timeout-ms', '1.5'], /--timeout-ms must be a whole number/],
    [['--port', '4011'], /--port/],
    [['extra'], /extra/],
    [['--only', ''], /--only "" has an empty item, which names no operation: give operationIds/],
    [['--only', ','], /--only "," has an empty item/],
    [['--only', 'E1,'], /--only "E1," has an empty item/],
    [['--only', 'E1', '--only', ' '], /--only "E1, " has an empty item/],
  ])('%j is refused, naming the flag', (argv, message) => {
    expect(() => parseCommandLine(argv)).toThrow(message);
  });
});
