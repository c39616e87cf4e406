import { describe, expect, it } from 'vitest';
import { calendarDateOf, isIsoDate, isoDateField } from './iso-date';

describe('isIsoDate', () => {
  it.each([
    '2026-11-21',
    '2024-02-29',
    '2026-11-21T09:30',
    '2026-11-21T09:30:00',
    '2026-11-21T09:30:00.123Z',
    '2026-11-21T23:59:59+02:00',
  ])('accepts %s', (value) => {
    expect(isIsoDate(value)).toBe(true);
  });

  it.each([
    '2026-01-01T99:99',
    '2026-01-01T24:00',
    '2026-01-01T12:60',
    '2026-02-30',
    '2026-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-1-1',
    '21/11/2026',
    'tomorrow',
    '',
    '2026-11-21T',
    '2026-11-21 09:30',
    '2026-11-21T09:30:00Zjunk',
  ])('refuses %j', (value) => {
    expect(isIsoDate(value)).toBe(false);
  });
});

describe('calendarDateOf', () => {
  it('reads the date as written, not shifted by the offset', () => {
    expect(calendarDateOf('2026-11-21T23:30:00-08:00')).toEqual({ year: 2026, month: 11, day: 21 });
    expect(calendarDateOf('2026-03-02')).toEqual({ year: 2026, month: 3, day: 2 });
  });

  it('is null for a date that does not exist', () => {
    expect(calendarDateOf('2026-01-01T99:99')).toBeNull();
  });
});

describe('isoDateField', () => {
  it('gives the field its own message, also for an over-long value', () => {
    const field = isoDateField('Please pick a valid release date');
    expect(field.safeParse('2026-01-01T99:99').error?.issues[0]?.message).toBe(
      'Please pick a valid release date',
    );
    expect(field.safeParse('2026-01-01'.repeat(10)).error?.issues[0]?.message).toBe(
      'Please pick a valid release date',
    );
  });
});
