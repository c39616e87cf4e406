import { describe, expect, it } from 'vitest';
import { CALENDAR_MAX_DAYS, calendarQuerySchema, daysInRange, dueDateSchema, monthsOf } from './calendar';

describe('calendar helpers', () => {
  it('counts the days of a range, both ends included', () => {
    expect(daysInRange('2026-11-01', '2026-11-30')).toBe(30);
    expect(daysInRange('2026-12-28', '2027-01-03')).toBe(7);
    expect(daysInRange('2026-11-02', '2026-11-01')).toBe(0);
  });

  it('names the month partitions a range touches, across a year', () => {
    expect(monthsOf('2026-11-29', '2027-01-02')).toEqual(['2026-11', '2026-12', '2027-01']);
    expect(monthsOf('2026-03-01', '2026-03-31')).toEqual(['2026-03']);
  });

  it('accepts a month view with its edges and refuses more, a reversed range or an unknown status', () => {
    expect(calendarQuerySchema.safeParse({ from: '2026-10-26', to: '2026-12-06' }).success).toBe(true);
    const tooLong = calendarQuerySchema.safeParse({ from: '2026-01-01', to: '2026-03-05' });
    expect(tooLong.success).toBe(false);
    expect(daysInRange('2026-01-01', '2026-03-05')).toBeGreaterThan(CALENDAR_MAX_DAYS);
    expect(calendarQuerySchema.safeParse({ from: '2026-11-30', to: '2026-11-01' }).success).toBe(false);
    expect(
      calendarQuerySchema.safeParse({ from: '2026-11-01', to: '2026-11-30', status: 'draft,nope' }).success,
    ).toBe(false);
    const parsed = calendarQuerySchema.parse({
      from: '2026-11-01',
      to: '2026-11-30',
      status: 'scheduled, published',
    });
    expect(parsed.status).toEqual(['scheduled', 'published']);
    expect(calendarQuerySchema.safeParse({ from: '2026-11-01T10:00', to: '2026-11-30' }).success).toBe(false);
  });

  it('refuses a status list past its length by its limit, without its list check throwing', () => {
    const status = 'draft,'.repeat(40).slice(0, 201);
    const refused = calendarQuerySchema.safeParse({ from: '2026-11-01', to: '2026-11-30', status });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.code])).toEqual([
      ['status', 'too_big'],
    ]);
  });

  it('takes a calendar date or null as a due date', () => {
    expect(dueDateSchema.safeParse({ dueDate: '2026-11-30' }).success).toBe(true);
    expect(dueDateSchema.safeParse({ dueDate: null }).success).toBe(true);
    expect(dueDateSchema.safeParse({ dueDate: '2026-02-30' }).success).toBe(false);
    expect(dueDateSchema.safeParse({}).success).toBe(false);
  });
});
