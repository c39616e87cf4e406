import { describe, expect, it } from 'vitest';
import type { CalendarEntry } from '#shared/calendar';
import { entriesByDay, movedTo, periodDays, periodLabel, rangeOf, shiftPeriod } from './calendar-grid';

const entry = (id: string, date: string): CalendarEntry => ({
  id,
  kind: 'scheduled',
  date,
  clientId: 'c',
  clientName: 'Client',
  contentId: id,
  title: id,
  contentType: 'blog',
  status: 'scheduled',
});

describe('calendar grid', () => {
  it('shows a month as its whole weeks, Sunday first, marking the days of other months', () => {
    const days = periodDays('month', new Date(2026, 10, 15));
    expect(days).toHaveLength(35);
    expect(days[0]?.key).toBe('2026-11-01');
    expect(days.at(-1)?.key).toBe('2026-12-05');
    expect(days.filter((day) => !day.inPeriod).map((day) => day.key)).toEqual([
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
    ]);
    expect(periodDays('month', new Date(2026, 7, 1))).toHaveLength(42);
    expect(rangeOf(days)).toEqual({ from: '2026-11-01', to: '2026-12-05' });
  });

  it('shows a week from Sunday, and steps by month or week', () => {
    const week = periodDays('week', new Date(2026, 11, 2));
    expect(week.map((day) => day.key)).toEqual([
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
    ]);
    expect(periodLabel('week', new Date(2026, 11, 2))).toBe('Nov 29 – Dec 5, 2026');
    expect(periodLabel('month', new Date(2026, 11, 2))).toBe('December 2026');
    expect(shiftPeriod('month', new Date(2026, 0, 31), 1).getMonth()).toBe(1);
    expect(shiftPeriod('week', new Date(2026, 11, 2), -1).getDate()).toBe(25);
  });

  it('places entries on the viewer’s local day, in time order, and drops those outside', () => {
    const days = periodDays('week', new Date(2026, 11, 2));
    const late = new Date(2026, 11, 1, 23, 30).toISOString();
    const early = new Date(2026, 11, 1, 8, 0).toISOString();
    const byDay = entriesByDay(
      [
        entry('late', late),
        entry('early', early),
        entry('due', '2026-12-05'),
        entry('outside', '2027-01-01'),
      ],
      days,
    );
    expect(byDay.get('2026-12-01')?.map((item) => item.id)).toEqual(['early', 'late']);
    expect(byDay.get('2026-12-05')?.map((item) => item.id)).toEqual(['due']);
    expect([...byDay.values()].flat()).toHaveLength(3);
  });

  it('moves a post to another day at the same local time', () => {
    const at = new Date(2026, 11, 1, 9, 15).toISOString();
    const moved = new Date(movedTo(at, new Date(2026, 11, 4)));
    expect([moved.getDate(), moved.getHours(), moved.getMinutes()]).toEqual([4, 9, 15]);
  });
});
