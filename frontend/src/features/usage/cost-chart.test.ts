import { describe, expect, it } from 'vitest';
import { timeRangeOf } from './cost-chart';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('the cost chart’s time axis', () => {
  it('covers a one-day period, the first of a month’s default view, and nothing more', () => {
    expect(timeRangeOf([{ day: '2026-12-01' }])).toEqual([
      at('2026-12-01T00:00:00Z'),
      at('2026-12-02T00:00:00Z'),
    ]);
  });

  it('runs from the first day’s start to the last day’s end across a year-end', () => {
    expect(timeRangeOf([{ day: '2026-12-30' }, { day: '2026-12-31' }, { day: '2027-01-01' }])).toEqual([
      at('2026-12-30T00:00:00Z'),
      at('2027-01-02T00:00:00Z'),
    ]);
  });

  it('has no range without days', () => {
    expect(timeRangeOf([])).toBeNull();
  });
});
