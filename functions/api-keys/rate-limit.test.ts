import { describe, expect, it } from 'vitest';
import { windowOf } from '#functions/commons/rate-window';

describe('rate-limit windows', () => {
  it('are fixed, aligned to the epoch, and say how long until the next one', () => {
    expect(windowOf(new Date(120_000), 60)).toEqual({ start: 120, retryAfterSeconds: 60 });
    expect(windowOf(new Date(179_400), 60)).toEqual({ start: 120, retryAfterSeconds: 1 });
    expect(windowOf(new Date(150_500), 60)).toEqual({ start: 120, retryAfterSeconds: 30 });
    expect(windowOf(new Date(5_000), 2)).toEqual({ start: 4, retryAfterSeconds: 1 });
  });
});
