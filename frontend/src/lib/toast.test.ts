import { describe, expect, it } from 'vitest';
import { isToasterRequested, preloadToaster, subscribeToToasterRequest } from './toast';

describe('toaster request', () => {
  it('asks the host to mount the Toaster once, on the first request', () => {
    let calls = 0;
    const unsubscribe = subscribeToToasterRequest(() => {
      calls += 1;
    });
    expect(isToasterRequested()).toBe(false);
    preloadToaster();
    preloadToaster();
    expect(isToasterRequested()).toBe(true);
    expect(calls).toBe(1);
    unsubscribe();
  });
});
