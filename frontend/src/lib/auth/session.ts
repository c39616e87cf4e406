import { getRuntimeConfig } from '../config';
import { type SignedInUser, userFromIdTokenPayload } from './claims';
import { hasStoredSession, isSessionStorageEvent } from './stored-session';

/**
 * Reading the session. The Amplify SDK is loaded only when this browser holds a session or the user
 * starts signing in; until then a visitor is known to be signed out without it.
 */

type AmplifyModule = typeof import('./amplify');

/** Amplify's auth events after which the stored session may have changed. */
const SESSION_EVENTS = new Set(['signedIn', 'signedOut', 'tokenRefresh', 'tokenRefresh_failure']);

const listeners = new Set<() => void>();
let amplify: Promise<AmplifyModule> | null = null;

function notify(): void {
  for (const listener of listeners) listener();
}

/** Loads and configures Amplify once, and forwards its auth events to onSessionChange listeners. */
export function loadAmplify(): Promise<AmplifyModule> {
  amplify ??= import('./amplify').then((module) => {
    module.ensureAmplifyConfigured();
    module.Hub.listen('auth', ({ payload }) => {
      if (SESSION_EVENTS.has(payload.event)) notify();
    });
    return module;
  });
  return amplify;
}

/** Whether this browser may hold a session (without loading Amplify); false once signed out. */
export function mayHaveSession(): boolean {
  // The build-time prerender of `/` (frontend/src/prerender.tsx) renders a signed-out visitor's page.
  if (typeof window === 'undefined') return false;
  return hasStoredSession(getRuntimeConfig().userPoolClientId, window.localStorage);
}

/**
 * The current ID token, refreshed by Amplify when it is about to expire, or now with `forceRefresh` (so
 * its groups claim is current); null when nobody is signed in or the refresh token was refused.
 */
export async function getIdToken(options: { forceRefresh?: boolean } = {}): Promise<string | null> {
  if (!mayHaveSession()) return null;
  try {
    const { fetchAuthSession } = await loadAmplify();
    const session = await fetchAuthSession({ forceRefresh: options.forceRefresh === true });
    return session.tokens?.idToken?.toString() ?? null;
  } catch {
    return null;
  }
}

/** The signed-in user from the (possibly refreshed) ID token, or null. */
export async function readSignedInUser(): Promise<SignedInUser | null> {
  if (!mayHaveSession()) return null;
  try {
    const { fetchAuthSession } = await loadAmplify();
    const session = await fetchAuthSession();
    const payload = session.tokens?.idToken?.payload;
    return payload ? userFromIdTokenPayload(payload) : null;
  } catch {
    return null;
  }
}

function onStorage(event: StorageEvent): void {
  if (isSessionStorageEvent(event.key, getRuntimeConfig().userPoolClientId)) notify();
}

/**
 * Calls `listener` whenever the session may have changed: Amplify's auth events (sign-in, sign-out,
 * token refresh or its failure) and sign-ins or sign-outs in other tabs. Returns the unsubscribe.
 */
export function onSessionChange(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}
