/**
 * Whether this browser holds a Cognito session at all, answered without loading the Amplify SDK.
 * Amplify keeps tokens under `CognitoIdentityServiceProvider.<clientId>.<user>.*` and cannot find them
 * without `CognitoIdentityServiceProvider.<clientId>.LastAuthUser`, so when that key is absent nobody is
 * signed in, and a signed-out visitor's first load skips the SDK (~26 KB gzip, docs/architecture.md, "Budgets").
 */

const KEY_PREFIX = 'CognitoIdentityServiceProvider';

export function lastAuthUserKey(clientId: string): string {
  return `${KEY_PREFIX}.${clientId}.LastAuthUser`;
}

export function hasStoredSession(clientId: string, storage: Pick<Storage, 'getItem'>): boolean {
  try {
    const user = storage.getItem(lastAuthUserKey(clientId));
    return user !== null && user !== '';
  } catch {
    // Storage can be blocked (privacy settings); let Amplify decide then.
    return true;
  }
}

/** A `storage` event (another tab signed in or out) that concerns this app's session. */
export function isSessionStorageEvent(key: string | null, clientId: string): boolean {
  return key === null || key.startsWith(`${KEY_PREFIX}.${clientId}.`);
}
