import { describe, expect, it } from 'vitest';
import { apDate, apDateline, apState } from './ap-style';

describe('AP style', () => {
  it('abbreviates only the AP months', () => {
    expect(apDate({ year: 2026, month: 11, day: 21 })).toBe('Nov. 21, 2026');
    expect(apDate({ year: 2026, month: 9, day: 1 })).toBe('Sept. 1, 2026');
    expect(apDate({ year: 2026, month: 3, day: 3 })).toBe('March 3, 2026');
    expect(apDate({ year: 2026, month: 7, day: 4 })).toBe('July 4, 2026');
  });

  it('uses AP state abbreviations from postal codes, names or AP forms', () => {
    expect(apState('TX')).toBe('Texas');
    expect(apState('CA')).toBe('Calif.');
    expect(apState('new york')).toBe('N.Y.');
    expect(apState('W. Va.')).toBe('W.Va.');
    expect(apState('Ontario')).toBeNull();
  });

  it('writes datelines with capitalized city, AP state and date', () => {
    const date = { year: 2026, month: 11, day: 21 };
    expect(apDateline('Austin', 'TX', date)).toBe('AUSTIN, Texas — Nov. 21, 2026 —');
    expect(apDateline('Fresno', 'California', date)).toBe('FRESNO, Calif. — Nov. 21, 2026 —');
    expect(apDateline('Chicago', 'IL', date)).toBe('CHICAGO — Nov. 21, 2026 —');
    expect(apDateline('Toronto', 'Ontario', date)).toBe('TORONTO, Ontario — Nov. 21, 2026 —');
    expect(apDateline('Austin', null, date)).toBe('AUSTIN — Nov. 21, 2026 —');
    expect(apDateline(null, 'TX', date)).toBe('Nov. 21, 2026 —');
  });
});
