import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RuntimeConfig, UNCONFIGURED_RUNTIME_CONFIG } from '#shared/runtime-config';
import { setRuntimeConfig } from '../config';
import { clearSessionEndedNotice, endSession, hasSessionEndedNotice } from './session-ended';
import { lastAuthUserKey } from './stored-session';

const signOut = vi.fn(async () => undefined);
vi.mock('./auth-actions', () => ({ signOut: () => signOut() }));

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, value),
  };
}

const CLIENT_ID = 'client-1';
const config: RuntimeConfig = { ...UNCONFIGURED_RUNTIME_CONFIG, userPoolClientId: CLIENT_ID };

beforeEach(() => {
  vi.stubGlobal('window', { localStorage: memoryStorage(), sessionStorage: memoryStorage() });
  setRuntimeConfig(config);
  signOut.mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  setRuntimeConfig(null);
});

describe('endSession', () => {
  it('signs a signed-in browser out once for a burst of refusals and leaves the notice for /auth', async () => {
    window.localStorage.setItem(lastAuthUserKey(CLIENT_ID), 'user-1');
    await Promise.all([endSession(), endSession(), endSession()]);
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(hasSessionEndedNotice()).toBe(true);
    clearSessionEndedNotice();
    expect(hasSessionEndedNotice()).toBe(false);
  });

  it('does nothing for a refusal that arrives after the sign-out (no stale notice later)', async () => {
    await endSession();
    expect(signOut).not.toHaveBeenCalled();
    expect(hasSessionEndedNotice()).toBe(false);
  });
});
