import { describe, expect, it } from 'vitest';
import { preferredWaitSeconds } from './prefer-wait';

describe('Prefer: wait', () => {
  it('reads the seconds, caps them at 25 and ignores anything else', () => {
    expect(preferredWaitSeconds('wait=10')).toBe(10);
    expect(preferredWaitSeconds('respond-async, wait=7')).toBe(7);
    expect(preferredWaitSeconds('WAIT = 3')).toBe(3);
    expect(preferredWaitSeconds('wait=600')).toBe(25);
    expect(preferredWaitSeconds('wait=0')).toBe(0);
    expect(preferredWaitSeconds('respond-async')).toBe(0);
    expect(preferredWaitSeconds('handling=lenient; await=5')).toBe(0);
    expect(preferredWaitSeconds(undefined)).toBe(0);
  });
});
