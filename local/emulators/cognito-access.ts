import type { IncomingHttpHeaders } from 'node:http';

/**
 * Which Cognito user pool calls AWS answers without IAM credentials, and the check the local endpoint
 * makes for every other call. cognito-local answers everything, so without this a local user could call
 * AdminAddUserToGroup and make themselves an admin.
 *
 * AWS serves these operations to anyone: they are unauthenticated (the app client id is the only
 * credential) or authorized by the user's own access token. Every other operation (Admin*, pool and
 * group management, ListUsers, …) needs a SigV4 signature from an IAM principal allowed to call it.
 * Locally, the principals are the runtime itself and each function it runs, each signing with a
 * credential made fresh at each start (local/iam/identities.ts): the endpoint accepts a signature only
 * when it names one of those access key ids, and the IAM enforcement in front of it (local/iam/) decides
 * whether that function's role allows the call.
 */
export const PUBLIC_TARGETS: ReadonlySet<string> = new Set([
  'AssociateSoftwareToken',
  'ChangePassword',
  'CompleteWebAuthnRegistration',
  'ConfirmDevice',
  'ConfirmForgotPassword',
  'ConfirmSignUp',
  'DeleteUser',
  'DeleteUserAttributes',
  'DeleteWebAuthnCredential',
  'ForgetDevice',
  'ForgotPassword',
  'GetDevice',
  'GetTokensFromRefreshToken',
  'GetUser',
  'GetUserAttributeVerificationCode',
  'GetUserAuthFactors',
  'GlobalSignOut',
  'InitiateAuth',
  'ListDevices',
  'ListWebAuthnCredentials',
  'ResendConfirmationCode',
  'RespondToAuthChallenge',
  'RevokeToken',
  'SetUserMFAPreference',
  'SetUserSettings',
  'SignUp',
  'StartWebAuthnRegistration',
  'UpdateDeviceStatus',
  'UpdateUserAttributes',
  'VerifySoftwareToken',
  'VerifyUserAttribute',
]);

export interface AwsErrorReply {
  status: number;
  type: string;
  message: string;
}

/** The access key id of a SigV4 `Authorization` header, or null when the header is not SigV4. */
export function sigV4AccessKeyId(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const match = /^AWS4-HMAC-SHA256\s+Credential=([^/,\s]+)\//.exec(authorization.trim());
  return match?.[1] ?? null;
}

/** The operation name of an `x-amz-target` header (`AWSCognitoIdentityProviderService.SignUp`). */
export function targetOperation(headers: IncomingHttpHeaders): string | null {
  const header = headers['x-amz-target'];
  if (typeof header !== 'string') return null;
  return header.split('.')[1] ?? null;
}

/**
 * Null when the call may proceed; otherwise the reply AWS gives: MissingAuthenticationTokenException
 * for an unsigned call, UnrecognizedClientException for a signature by a key AWS does not know.
 */
export function refuseWithoutIam(
  operation: string,
  headers: IncomingHttpHeaders,
  isKnownAccessKey: (keyId: string) => boolean,
): AwsErrorReply | null {
  if (PUBLIC_TARGETS.has(operation)) return null;
  const keyId = sigV4AccessKeyId(headers.authorization);
  if (keyId === null) {
    return {
      status: 400,
      type: 'MissingAuthenticationTokenException',
      message: 'Missing Authentication Token',
    };
  }
  if (!isKnownAccessKey(keyId)) {
    return {
      status: 400,
      type: 'UnrecognizedClientException',
      message: 'The security token included in the request is invalid.',
    };
  }
  return null;
}
