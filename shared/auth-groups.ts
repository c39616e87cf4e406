/**
 * The Cognito group whose members are admins (spec 000 §6). The browser reads it from the ID token's
 * `cognito:groups` claim, so it lives here, apart from contract/routes.ts, which would otherwise bring the
 * whole route table into the first-load bundle.
 */
export const ADMIN_GROUP_NAME = 'admins';
