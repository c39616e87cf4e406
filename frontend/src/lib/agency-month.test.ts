import { describe, expect, it } from 'vitest';
import { currentMonthLabel } from './agency-month';

describe('the month a budget screen names', () => {
  it('is the agency zone’s month, which differs from UTC’s at a month’s edge', () => {
    const instant = new Date('2027-01-01T03:00:00Z');
    expect(currentMonthLabel('UTC', instant)).toBe('January 2027');
    expect(currentMonthLabel('America/Chicago', instant)).toBe('December 2026');
    expect(currentMonthLabel('Pacific/Auckland', new Date('2026-11-30T12:00:00Z'))).toBe('December 2026');
  });
});
