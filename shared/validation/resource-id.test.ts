import { describe, expect, it } from 'vitest';
import { isResourceId } from './resource-id';

describe('isResourceId', () => {
  it('accepts a ULID', () => {
    expect(isResourceId('01JD3V4Z7Q8R9S0T1V2W3X4Y5Z')).toBe(true);
  });

  it.each([
    '',
    '01jd3v4z7q8r9s0t1v2w3x4y5z',
    '01JD3V4Z7Q8R9S0T1V2W3X4Y5ZZ',
    'I'.repeat(26),
    'x'.repeat(2_100),
    '../etc',
  ])('refuses %j', (value) => {
    expect(isResourceId(value)).toBe(false);
  });
});
