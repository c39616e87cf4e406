import { describe, expect, it } from 'vitest';
import { longDate, monthName, monthYear, season } from './dates';

describe('dates', () => {
  it('writes long dates and month-year in UTC', () => {
    expect(longDate(new Date('2026-11-21T23:59:00Z'))).toBe('November 21, 2026');
    expect(monthYear(new Date('2026-01-01T00:00:00Z'))).toBe('January 2026');
    expect(monthName(12)).toBe('December');
  });

  it('names the season', () => {
    expect(season(new Date('2026-01-15T00:00:00Z'))).toBe('winter');
    expect(season(new Date('2026-04-15T00:00:00Z'))).toBe('spring');
    expect(season(new Date('2026-07-15T00:00:00Z'))).toBe('summer');
    expect(season(new Date('2026-10-15T00:00:00Z'))).toBe('fall');
    expect(season(new Date('2026-12-15T00:00:00Z'))).toBe('winter');
  });
});
