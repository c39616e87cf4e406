import { describe, expect, it } from 'vitest';
import { hasStoredSession, isSessionStorageEvent, lastAuthUserKey } from './stored-session';

const storage = (entries: Record<string, string>) => ({ getItem: (key: string) => entries[key] ?? null });

describe('hasStoredSession', () => {
  it('is true only when Amplify recorded a last user for this app client', () => {
    expect(hasStoredSession('client-a', storage({ [lastAuthUserKey('client-a')]: 'ann@example.com' }))).toBe(
      true,
    );
    expect(hasStoredSession('client-a', storage({ [lastAuthUserKey('client-b')]: 'ann@example.com' }))).toBe(
      false,
    );
    expect(hasStoredSession('client-a', storage({ [lastAuthUserKey('client-a')]: '' }))).toBe(false);
    expect(hasStoredSession('client-a', storage({}))).toBe(false);
  });

  it('leaves the decision to Amplify when storage cannot be read', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(hasStoredSession('client-a', blocked)).toBe(true);
  });
});

describe('isSessionStorageEvent', () => {
  it("matches this client's keys and a cleared storage only", () => {
    expect(isSessionStorageEvent('CognitoIdentityServiceProvider.client-a.LastAuthUser', 'client-a')).toBe(
      true,
    );
    expect(isSessionStorageEvent('CognitoIdentityServiceProvider.client-a.ann.idToken', 'client-a')).toBe(
      true,
    );
    expect(isSessionStorageEvent(null, 'client-a')).toBe(true);
    expect(isSessionStorageEvent('CognitoIdentityServiceProvider.client-b.LastAuthUser', 'client-a')).toBe(
      false,
    );
    expect(isSessionStorageEvent('sidebar_state', 'client-a')).toBe(false);
  });
});
