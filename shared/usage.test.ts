import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  monthsBetween,
  USAGE_PERIOD_MESSAGES as USAGE_MESSAGES,
  usagePeriodOf,
} from './usage-dates';

describe('usage periods', () => {
  const now = new Date('2026-11-21T15:00:00Z');

  it('is this month so far by default', () => {
    expect(usagePeriodOf({}, now)).toEqual({ from: '2026-11-01', to: '2026-11-21' });
  });

  it('refuses a period that ends before it starts, or is longer than a year and a day', () => {
    expect(() => usagePeriodOf({ from: '2026-11-21', to: '2026-11-20' }, now)).toThrow(
      USAGE_MESSAGES.fromAfterTo,
    );
    expect(() => usagePeriodOf({ from: '2025-01-01', to: '2026-11-20' }, now)).toThrow(
      USAGE_MESSAGES.rangeTooLong,
    );
  });

  it('lists the days and months it covers', () => {
    expect(daysBetween('2026-10-30', '2026-11-02')).toEqual([
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
      '2026-11-02',
    ]);
    expect(monthsBetween('2026-10-30', '2027-01-02')).toEqual(['2026-10', '2026-11', '2026-12', '2027-01']);
  });
});
