/**
 * What the web app client may read and write of a user, and which attributes the pool holds back until
 * they are verified, shared by the CDK stack (infra/auth.ts) and the local user pool
 * (local/bootstrap.ts, local/emulators/cognito.ts), so both behave alike. No CDK imports: the local
 * runtime reads this file.
 *
 * `email` is writable
 * (docs/decisions.md, "Changing one's e-mail: AWS's verification, not a closed attribute"): the pool signs in
 * with e-mail as the username, and AWS sets the attribute from the username at sign-up. Changing it cannot
 * take a colleague's address: the pool requires verification before an e-mail update
 * (ATTRIBUTES_VERIFIED_BEFORE_UPDATE), so the old address stays in force, in tokens and for sign-in, until
 * the new one is verified with a code sent to the new address; an address another account holds is refused at
 * verification; and the authorizers refuse a token whose e-mail is not verified. Grants and ownership, keyed
 * on the token's e-mail, follow only a verified change.
 */
export const APP_CLIENT_WRITE_ATTRIBUTES = ['email', 'name'] as const;

export const APP_CLIENT_READ_ATTRIBUTES = ['email', 'email_verified', 'name'] as const;

/** `UserAttributeUpdateSettings.AttributesRequireVerificationBeforeUpdate` of the pool. */
export const ATTRIBUTES_VERIFIED_BEFORE_UPDATE = ['email'] as const;
