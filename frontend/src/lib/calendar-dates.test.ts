import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatMoment, localDayOf } from './calendar-dates';

describe('calendar dates', () => {
  it('shows a calendar date as that day, wherever the viewer is', () => {
    expect(formatCalendarDate('2026-11-30')).toBe('Nov 30, 2026');
    expect(localDayOf('2026-02-01')).toBe('2026-02-01');
  });

  it('shows a moment in the viewer’s time zone', () => {
    const moment = new Date(2026, 10, 30, 21, 5).toISOString();
    expect(formatMoment(moment)).toBe('Nov 30, 2026, 9:05 PM');
    expect(localDayOf(moment)).toBe('2026-11-30');
  });
});
