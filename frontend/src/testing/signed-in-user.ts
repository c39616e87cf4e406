import type { SignedInUser } from '@/lib/auth/claims';

/** A staff member, signed in while a component test renders a screen (setup.ts stands in for the session). */
export const SIGNED_IN_USER: SignedInUser = {
  id: 'component-test-user',
  email: 'staff@agency.example',
  name: 'Component Test',
  isAdmin: false,
};

export const SIGNED_IN_ADMIN: SignedInUser = {
  id: 'component-test-admin',
  email: 'admin@agency.example',
  name: 'Component Admin',
  isAdmin: true,
};

let current: SignedInUser = SIGNED_IN_USER;

/** Who the session says is signed in: the staff member unless a test chose another (reset after each). */
export function signedInUser(): SignedInUser {
  return current;
}

/** Signs `user` in for the rest of the test; call before rendering. */
export function signInAs(user: SignedInUser): void {
  current = user;
}
