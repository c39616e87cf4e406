import { describe, expect, it } from 'vitest';
import { RETRY_AFTER_CAP_SECONDS, RETRY_MAX_SECONDS, retryDelaySeconds } from './retry-backoff';

describe('retryDelaySeconds', () => {
  it('waits 10 s after the first failure and doubles, up to a minute', () => {
    const none = () => 0;
    expect([1, 2, 3, 4, 5].map((count) => retryDelaySeconds(count, undefined, none))).toEqual([
      10, 20, 40, 60, 60,
    ]);
  });

  it('adds at most a fifth at random, and never passes the minute', () => {
    const most = () => 0.999;
    expect(retryDelaySeconds(1, undefined, most)).toBe(12);
    expect(retryDelaySeconds(2, undefined, most)).toBe(24);
    expect(retryDelaySeconds(3, undefined, most)).toBe(48);
    expect(retryDelaySeconds(4, undefined, most)).toBe(RETRY_MAX_SECONDS);
  });

  it("honours the provider's retry-after when it asks for longer, within a cap", () => {
    expect(retryDelaySeconds(1, 45_500, () => 0)).toBe(46);
    expect(retryDelaySeconds(1, 120_000, () => 0)).toBe(120);
    expect(retryDelaySeconds(1, 86_400_000, () => 0)).toBe(RETRY_AFTER_CAP_SECONDS);
    // A shorter retry-after does not shorten the backoff: the job queue is no place for a hot loop.
    expect(retryDelaySeconds(2, 1_000, () => 0)).toBe(20);
  });
});
