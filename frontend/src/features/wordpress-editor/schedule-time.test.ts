import { describe, expect, it } from 'vitest';
import { defaultScheduleValue, scheduleInputValue, scheduleIso } from './schedule-time';

describe('schedule time', () => {
  it('sends the local moment with its offset, which names the same instant', () => {
    const iso = scheduleIso('2030-05-01T10:30');
    expect(iso).toMatch(/^2030-05-01T10:30:00[+-]\d{2}:\d{2}$/);
    expect(new Date(iso ?? '').getTime()).toBe(new Date('2030-05-01T10:30').getTime());
    expect(scheduleIso('')).toBeNull();
    expect(scheduleIso('not a date')).toBeNull();
  });

  it('round-trips a stored UTC date and defaults to tomorrow at 9', () => {
    const stored = new Date('2030-05-01T10:30').toISOString();
    expect(scheduleInputValue(stored)).toBe('2030-05-01T10:30');
    expect(defaultScheduleValue(new Date(2030, 0, 31, 15, 0))).toBe('2030-02-01T09:00');
  });
});
