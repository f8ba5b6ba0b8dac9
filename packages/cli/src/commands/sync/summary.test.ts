// What sync prints while it reads E8: the records so far, of the total the service's answers give.
import { describe, expect, it } from 'vitest';
import { readSoFar } from './summary.js';

describe('readSoFar', () => {
  it.each([
    [{ records: 0 }, '0 records'],
    [{ records: 1200, recordsTotal: 5000 }, '1,200 of 5,000 records (24%)'],
    [{ records: 5000, recordsTotal: 5000 }, '5,000 of 5,000 records (100%)'],
    [{ records: 1, recordsTotal: 1 }, '1 of 1 record (100%)'],
    [{ records: 0, recordsTotal: 0 }, '0 of 0 records (100%)'],
    // A total that moved while reading (records published meanwhile) never shows more than 100%.
    [{ records: 5010, recordsTotal: 5000 }, '5,010 of 5,000 records (100%)'],
  ])('%j → %s', (tally, expected) => {
    expect(readSoFar(tally)).toBe(expected);
  });
});
