import { mayHaveSession } from './session';

/**
 * What happens when the server refuses the session (a 401 from the API, or a refused WebSocket whose
 * token the API also refuses): the browser forgets its tokens, the auth context sees 'signedOut' and the
 * route guard takes the user to `/auth`, where the notice below explains why. It runs once per session
 * however many calls fail together, and nothing retries the refused call.
 */

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/** Survives the sign-out's re-render and a reload, not the tab: read once by the auth page. */
const NOTICE_KEY = 'lbm.sessionEnded';

let ending: Promise<void> | null = null;

function remember(notice: boolean): void {
  try {
    if (notice) window.sessionStorage.setItem(NOTICE_KEY, '1');
    else window.sessionStorage.removeItem(NOTICE_KEY);
  } catch {
    // Storage blocked: the user still lands on /auth, only without the notice.
  }
}

/**
 * Signs the user out because the server ended the session. Concurrent callers share one sign-out, and a
 * refusal that arrives after the sign-out (a request already in flight) changes nothing: it must not
 * leave a notice behind for a later, ordinary visit to /auth.
 */
export function endSession(): Promise<void> {
  if (!ending && !mayHaveSession()) return Promise.resolve();
  ending ??= (async () => {
    remember(true);
    try {
      const { signOut } = await import('./auth-actions');
      await signOut();
    } catch {
      // Amplify clears its stored tokens before it reports a failed revocation.
    } finally {
      ending = null;
    }
  })();
  return ending;
}

/** Whether the last session was ended by the server and the user has not been told yet. */
export function hasSessionEndedNotice(): boolean {
  try {
    return window.sessionStorage.getItem(NOTICE_KEY) !== null;
  } catch {
    return false;
  }
}

/** Once shown, the notice is spent: the next visit to /auth shows no stale message. */
export function clearSessionEndedNotice(): void {
  remember(false);
}
