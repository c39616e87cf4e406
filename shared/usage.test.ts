import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  lastMonthIn,
  monthsBetween,
  partitionMonths,
  periodBounds,
  USAGE_PERIOD_MESSAGES as USAGE_MESSAGES,
  usagePeriodOf,
} from './usage-dates';

describe('usage periods', () => {
  const now = new Date('2026-11-21T15:00:00Z');

  it('is this month so far by default', () => {
    expect(usagePeriodOf({}, now)).toEqual({ from: '2026-11-01', to: '2026-11-21', timeZone: 'UTC' });
  });

  it("is this month of the agency's zone at a month's edge, west and east of UTC", () => {
    // 23:30 on 31 October in New York (EDT): still October there, November in UTC.
    const newYorkLate = new Date('2026-11-01T03:30:00Z');
    expect(usagePeriodOf({}, newYorkLate, 'America/New_York')).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      timeZone: 'America/New_York',
    });
    expect(lastMonthIn('America/New_York', newYorkLate)).toEqual({ from: '2026-09-01', to: '2026-09-30' });
    // 00:30 on 1 December in Auckland (NZDT, UTC+13): December there, still November in UTC.
    const aucklandEarly = new Date('2026-11-30T11:30:00Z');
    const auckland = usagePeriodOf({}, aucklandEarly, 'Pacific/Auckland');
    expect(auckland).toEqual({ from: '2026-12-01', to: '2026-12-01', timeZone: 'Pacific/Auckland' });
    expect(lastMonthIn('Pacific/Auckland', aucklandEarly)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    // Its jobs started from 11:00 UTC on 30 November: both UTC months' partitions hold some.
    expect(periodBounds(auckland)).toEqual({
      start: Date.parse('2026-11-30T11:00:00Z'),
      end: Date.parse('2026-12-01T11:00:00Z') - 1,
    });
    expect(partitionMonths(auckland)).toEqual(['2026-11', '2026-12']);
  });

  it('bounds a period by local midnights, a DST day 25 or 23 hours long', () => {
    // New York leaves DST on 1 November 2026: that day is 25 hours.
    expect(periodBounds({ from: '2026-11-01', to: '2026-11-01', timeZone: 'America/New_York' })).toEqual({
      start: Date.parse('2026-11-01T04:00:00Z'),
      end: Date.parse('2026-11-02T05:00:00Z') - 1,
    });
    // Auckland enters DST on 27 September 2026: that day is 23 hours.
    expect(periodBounds({ from: '2026-09-27', to: '2026-09-27', timeZone: 'Pacific/Auckland' })).toEqual({
      start: Date.parse('2026-09-26T12:00:00Z'),
      end: Date.parse('2026-09-27T11:00:00Z') - 1,
    });
    expect(periodBounds({ from: '2026-11-01', to: '2026-11-30', timeZone: 'UTC' })).toEqual({
      start: Date.parse('2026-11-01T00:00:00Z'),
      end: Date.parse('2026-12-01T00:00:00Z') - 1,
    });
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
