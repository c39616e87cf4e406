import { describe, expect, it } from 'vitest';
import { untilNextMonth } from '#test/support/month-end';

describe('the time left in the month', () => {
  it('counts to the next month’s first instant, across a year’s end and a leap day', () => {
    expect(untilNextMonth(new Date('2027-01-31T23:59:30Z'))).toBe(30_000);
    expect(untilNextMonth(new Date('2026-12-31T23:00:00Z'))).toBe(3_600_000);
    expect(untilNextMonth(new Date('2028-02-28T00:00:00Z'))).toBe(2 * 86_400_000);
    expect(untilNextMonth(new Date('2027-03-01T00:00:00Z'))).toBe(31 * 86_400_000);
  });

  it('counts to the next month of the zone asked for, not the UTC month', () => {
    // Kiritimati is UTC+14, Pago Pago UTC-11: their Februaries start 14 h before and 11 h after UTC's.
    expect(untilNextMonth(new Date('2027-01-31T09:59:30Z'), 'Pacific/Kiritimati')).toBe(30_000);
    expect(untilNextMonth(new Date('2027-02-01T10:59:30Z'), 'Pacific/Pago_Pago')).toBe(30_000);
    // New York's March starts at 05:00 UTC (EST), after the UTC month has turned.
    expect(untilNextMonth(new Date('2027-03-01T04:00:00Z'), 'America/New_York')).toBe(3_600_000);
  });
});
