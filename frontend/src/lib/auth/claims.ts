import { ADMIN_GROUP_NAME } from '#shared/auth-groups';

export interface SignedInUser {
  /** Cognito's stable user id (`sub`). */
  readonly id: string;
  readonly email: string;
  /** The optional display name given at sign-up (Cognito `name`), null when none. */
  readonly name: string | null;
  /** Membership of the admins group, as the server sees it in the same token. */
  readonly isAdmin: boolean;
}

/**
 * Reads the user from the ID token's claims. Admin status comes only from the `cognito:groups` claim
 * that the server also checks; the browser never compares e-mail addresses.
 */
export function userFromIdTokenPayload(payload: Readonly<Record<string, unknown>>): SignedInUser | null {
  const { sub, email, name } = payload;
  if (typeof sub !== 'string' || typeof email !== 'string' || email.length === 0) return null;
  const groups = payload['cognito:groups'];
  const isAdmin = Array.isArray(groups) && groups.includes(ADMIN_GROUP_NAME);
  return { id: sub, email, name: typeof name === 'string' && name.trim() !== '' ? name : null, isAdmin };
}
