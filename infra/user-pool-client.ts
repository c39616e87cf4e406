/**
 * What the web app client may read and write of a user, shared by the CDK stack (infra/auth.ts) and the
 * local user pool (local/bootstrap.ts), so both refuse the same calls. No CDK imports: the local runtime
 * reads this file.
 *
 * `email` is not writable: access grants and ownership are keyed on the token's e-mail, so a user who
 * could change their own address could take a colleague's. It is set once, from the username at sign-up
 * (the pool signs in with e-mail as the username). The display name stays the user's own.
 */
export const APP_CLIENT_WRITE_ATTRIBUTES = ['name'] as const;

export const APP_CLIENT_READ_ATTRIBUTES = ['email', 'email_verified', 'name'] as const;
