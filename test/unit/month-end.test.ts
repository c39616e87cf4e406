import { describe, expect, it } from 'vitest';
import { untilNextMonth } from '#test/support/month-end';

describe('the time left in the UTC month', () => {
  it('counts to the next month’s first instant, across a year’s end and a leap day', () => {
    expect(untilNextMonth(new Date('2027-01-31T23:59:30Z'))).toBe(30_000);
    expect(untilNextMonth(new Date('2026-12-31T23:00:00Z'))).toBe(3_600_000);
    expect(untilNextMonth(new Date('2028-02-28T00:00:00Z'))).toBe(2 * 86_400_000);
    expect(untilNextMonth(new Date('2027-03-01T00:00:00Z'))).toBe(31 * 86_400_000);
  });
});
