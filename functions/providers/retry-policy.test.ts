import { describe, expect, it } from 'vitest';
import { backoffDelay, DEFAULT_RETRY_POLICY, realSleep } from './retry-policy';

const policy = { maxAttempts: 5, baseDelayMs: 100, maxDelayMs: 1000, maxTotalWaitMs: 10_000 };

describe('backoffDelay', () => {
  it('doubles each attempt with equal jitter: between half and all of the step', () => {
    expect(backoffDelay(policy, 1, undefined, () => 0)).toBe(50);
    expect(backoffDelay(policy, 1, undefined, () => 1)).toBe(100);
    expect(backoffDelay(policy, 3, undefined, () => 0)).toBe(200);
    expect(backoffDelay(policy, 3, undefined, () => 0.5)).toBe(300);
  });

  it('caps a step at maxDelayMs', () => {
    expect(backoffDelay(policy, 10, undefined, () => 1)).toBe(1000);
  });

  it("honours the provider's retry-after as given", () => {
    expect(backoffDelay(policy, 1, 2500, () => 0)).toBe(2500);
    expect(backoffDelay(policy, 1, 0.2, () => 0)).toBe(1);
  });

  it('defaults to three attempts within a bounded total wait', () => {
    expect(DEFAULT_RETRY_POLICY.maxAttempts).toBe(3);
    expect(DEFAULT_RETRY_POLICY.maxTotalWaitMs).toBeLessThanOrEqual(60_000);
  });
});

describe('realSleep', () => {
  it("rejects with the signal's own reason when aborted", async () => {
    const controller = new AbortController();
    const reason = new Error('stop waiting');
    const sleeping = realSleep(10_000, controller.signal);
    controller.abort(reason);
    await expect(sleeping).rejects.toBe(reason);
  });
});
