import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type * as Actions from './auth-actions';
import type { SignedInUser } from './claims';
import { loadAmplify, mayHaveSession, onSessionChange, readSignedInUser } from './session';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface AuthContextValue {
  status: AuthStatus;
  /** Null unless signed in. */
  user: SignedInUser | null;
  /** Re-reads the session (after a sign-in, or when the token may have changed). */
  refresh: () => Promise<SignedInUser | null>;
  /** Signs in and resolves once `status` and `user` reflect the new session. */
  signIn: typeof Actions.signIn;
  signUp: typeof Actions.signUp;
  confirmSignUp: typeof Actions.confirmSignUp;
  resendCode: typeof Actions.resendCode;
  resetPassword: typeof Actions.resetPassword;
  confirmResetPassword: typeof Actions.confirmResetPassword;
  /** Ends the session and resolves once `status` is 'signedOut'. */
  signOut: typeof Actions.signOut;
}

/**
 * The Cognito calls (and Amplify's sign-in flows with them, ~17 KB gzip) load on first use, so pages
 * that only need to know who is signed in stay small; the auth screens preload them on first interaction.
 */
const loadActions = () => import('./auth-actions');

/** Starts loading the Cognito calls ahead of use, e.g. when the user starts filling in a sign-in form. */
export function preloadAuthActions(): void {
  void loadActions();
  void loadAmplify();
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  // A browser without a stored session is signed out, which is known without Amplify: the first render
  // already shows the page, not 'Loading...' and then the page (LCP of `/`).
  const [state, setState] = useState<{ status: AuthStatus; user: SignedInUser | null }>(() => ({
    status: mayHaveSession() ? 'loading' : 'signedOut',
    user: null,
  }));
  // Session reads can overlap (initial load and an auth event); only the latest one may win.
  const generation = useRef(0);

  const refresh = useCallback(async () => {
    const mine = ++generation.current;
    const user = await readSignedInUser();
    if (mine === generation.current)
      setState((current) =>
        // Unchanged (a visitor still signed out): keep the state, so nothing under the provider re-renders.
        current.user === null && user === null && current.status === 'signedOut'
          ? current
          : { status: user ? 'signedIn' : 'signedOut', user },
      );
    return user;
  }, []);

  useEffect(() => {
    void refresh();
    return onSessionChange(() => void refresh());
  }, [refresh]);

  const signIn = useCallback<typeof Actions.signIn>(
    async (email, password) => {
      const outcome = await (await loadActions()).signIn(email, password);
      if (outcome === 'signedIn') await refresh();
      return outcome;
    },
    [refresh],
  );

  const signOut = useCallback(async () => {
    await (await loadActions()).signOut();
    await refresh();
  }, [refresh]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      refresh,
      signIn,
      signUp: async (input) => (await loadActions()).signUp(input),
      confirmSignUp: async (email, code) => (await loadActions()).confirmSignUp(email, code),
      resendCode: async (email) => (await loadActions()).resendCode(email),
      resetPassword: async (email) => (await loadActions()).resetPassword(email),
      confirmResetPassword: async (email, code, password) =>
        (await loadActions()).confirmResetPassword(email, code, password),
      signOut,
    }),
    [state, refresh, signIn, signOut],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider.');
  return context;
}
