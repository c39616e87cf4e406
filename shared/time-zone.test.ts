import { describe, expect, it } from 'vitest';
import {
  addMonths,
  dayIn,
  daysRange,
  isTimeZone,
  monthOf,
  monthRange,
  startOfDayIn,
  timeZoneNames,
} from './time-zone';

describe('months in a time zone', () => {
  it('puts an instant in the month of the zone, not of UTC', () => {
    const lateOnTheLast = new Date('2026-12-01T03:30:00Z');
    expect(monthOf(lateOnTheLast, 'UTC')).toBe('2026-12');
    expect(monthOf(lateOnTheLast, 'America/New_York')).toBe('2026-11');
    expect(monthOf(new Date('2026-11-30T23:30:00Z'), 'Asia/Tokyo')).toBe('2026-12');
  });

  it("dates an instant on the zone's calendar at a month's edge, DST included", () => {
    // New York: 23:59 EDT on 31 October, then 00:00 on 1 November (DST ends at 02:00 that day).
    expect(dayIn(new Date('2026-11-01T03:59:59Z'), 'America/New_York')).toBe('2026-10-31');
    expect(dayIn(new Date('2026-11-01T04:00:00Z'), 'America/New_York')).toBe('2026-11-01');
    expect(monthOf(new Date('2026-11-01T03:59:59Z'), 'America/New_York')).toBe('2026-10');
    // Auckland (NZDT, UTC+13): 1 December starts at 11:00 UTC on 30 November.
    expect(dayIn(new Date('2026-11-30T10:59:59Z'), 'Pacific/Auckland')).toBe('2026-11-30');
    expect(dayIn(new Date('2026-11-30T11:00:00Z'), 'Pacific/Auckland')).toBe('2026-12-01');
    expect(monthOf(new Date('2026-11-30T11:00:00Z'), 'Pacific/Auckland')).toBe('2026-12');
    expect(dayIn(new Date('2026-11-30T11:00:00Z'), 'UTC')).toBe('2026-11-30');
  });

  it('spans days from the first local midnight to the one after the last, into the next year', () => {
    expect(daysRange('2026-12-31', '2026-12-31', 'Pacific/Auckland')).toEqual({
      start: new Date('2026-12-30T11:00:00Z'),
      end: new Date('2026-12-31T11:00:00Z'),
    });
    expect(daysRange('2026-10-31', '2026-11-01', 'America/New_York')).toEqual({
      start: new Date('2026-10-31T04:00:00Z'),
      end: new Date('2026-11-02T05:00:00Z'),
    });
  });

  it('spans a month from local midnight to local midnight across a DST change', () => {
    // London: March starts on GMT and ends on BST; the month is an hour short.
    expect(monthRange('2026-03', 'Europe/London')).toEqual({
      start: new Date('2026-03-01T00:00:00Z'),
      end: new Date('2026-03-31T23:00:00Z'),
    });
    // New York: DST ends on 1 November at 02:00, after the month began at 00:00 EDT.
    expect(monthRange('2026-11', 'America/New_York')).toEqual({
      start: new Date('2026-11-01T04:00:00Z'),
      end: new Date('2026-12-01T05:00:00Z'),
    });
    // December ends in the next year; a zone east of Greenwich starts before UTC's midnight.
    expect(monthRange('2026-12', 'Asia/Kolkata')).toEqual({
      start: new Date('2026-11-30T18:30:00Z'),
      end: new Date('2026-12-31T18:30:00Z'),
    });
    expect(monthRange('2026-02', 'UTC')).toEqual({
      start: new Date('2026-02-01T00:00:00Z'),
      end: new Date('2026-03-01T00:00:00Z'),
    });
  });

  it('starts a day whose midnight the clocks skip at the skip', () => {
    // São Paulo moved its clocks from 00:00 to 01:00 on 4 November 2018.
    expect(startOfDayIn(2018, 11, 4, 'America/Sao_Paulo')).toEqual(new Date('2018-11-04T03:00:00Z'));
    expect(monthOf(new Date('2018-11-04T03:00:00Z'), 'America/Sao_Paulo')).toBe('2018-11');
  });

  it('agrees with itself on every month of a zone: each month starts where the last ended', () => {
    for (const zone of ['Europe/London', 'America/New_York', 'Australia/Lord_Howe', 'Pacific/Chatham']) {
      let month = '2025-01';
      for (let index = 0; index < 24; index += 1) {
        const { start, end } = monthRange(month, zone);
        expect(monthOf(start, zone)).toBe(month);
        expect(monthOf(new Date(start.getTime() - 1000), zone)).toBe(addMonths(month, -1));
        expect(monthRange(addMonths(month, 1), zone).start).toEqual(end);
        month = addMonths(month, 1);
      }
    }
  });

  it('knows IANA names and refuses anything else', () => {
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('+01:00')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(timeZoneNames()[0]).toBe('UTC');
    expect(timeZoneNames()).toContain('America/New_York');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
  });
});
