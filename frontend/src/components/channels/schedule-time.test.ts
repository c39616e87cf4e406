import { describe, expect, it } from 'vitest';
import { defaultScheduleValue, zonedIso, zoneInputValue } from './schedule-time';

describe('schedule times in the agency zone', () => {
  it('writes the wall clock with the zone’s offset at that moment, DST included', () => {
    expect(zonedIso('2026-05-01T09:30', 'Asia/Kolkata')).toBe('2026-05-01T09:30:00+05:30');
    expect(zonedIso('2026-01-15T09:30', 'America/New_York')).toBe('2026-01-15T09:30:00-05:00');
    expect(zonedIso('2026-07-15T09:30', 'America/New_York')).toBe('2026-07-15T09:30:00-04:00');
    expect(zonedIso('2026-07-15T09:30', 'UTC')).toBe('2026-07-15T09:30:00+00:00');
    expect(zonedIso('2026-11-01T12:00', 'Pacific/Chatham')).toBe('2026-11-01T12:00:00+13:45');
  });

  it('gives the same instant the zone shows back', () => {
    for (const zone of ['Europe/London', 'America/Sao_Paulo', 'Australia/Lord_Howe']) {
      const iso = zonedIso('2026-10-04T08:15', zone);
      expect(iso).not.toBeNull();
      expect(zoneInputValue(new Date(iso ?? ''), zone)).toBe('2026-10-04T08:15');
    }
  });

  it('moves a time the clocks skip to after the jump, and refuses what is not a date and time', () => {
    // New York's clocks go from 02:00 to 03:00 on 8 March 2026.
    expect(zonedIso('2026-03-08T02:30', 'America/New_York')).toBe('2026-03-08T03:30:00-04:00');
    // 01:30 comes twice on 1 November 2026: the first, still on daylight time.
    expect(zonedIso('2026-11-01T01:30', 'America/New_York')).toBe('2026-11-01T01:30:00-04:00');
    expect(zonedIso('', 'UTC')).toBeNull();
    expect(zonedIso('2026-02-30T09:00', 'UTC')).toBeNull();
    expect(zonedIso('tomorrow', 'UTC')).toBeNull();
  });

  it('starts at 9:00 on the zone’s tomorrow, which may not be the viewer’s', () => {
    // 20:00 UTC on 31 Dec is already 1 Jan in Kolkata: its tomorrow is 2 Jan.
    const now = new Date(Date.UTC(2026, 11, 31, 20, 0));
    expect(defaultScheduleValue('Asia/Kolkata', now)).toBe('2027-01-02T09:00');
    expect(defaultScheduleValue('America/New_York', now)).toBe('2027-01-01T09:00');
  });
});
