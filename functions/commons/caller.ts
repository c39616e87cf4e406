/**
 * Who is calling, as established by the HTTP authorizer (functions/auth/http-authorizer.ts). API
 * Gateway passes the authorizer's `context` to the route's Lambda; the local gateway does the same.
 */
export interface Caller {
  /** Cognito `sub` of the user (for an API key: of the key's owner). */
  readonly userId: string;
  /** Lower-cased e-mail address. */
  readonly email: string;
  readonly isAdmin: boolean;
  readonly authMethod: 'token' | 'apiKey';
}

/** The flat string/boolean map an HTTP API simple-response authorizer may return as `context`. */
export type AuthorizerContext = {
  userId: string;
  email: string;
  isAdmin: boolean;
  authMethod: 'token' | 'apiKey';
};

export function toAuthorizerContext(caller: Caller): AuthorizerContext {
  return {
    userId: caller.userId,
    email: caller.email,
    isAdmin: caller.isAdmin,
    authMethod: caller.authMethod,
  };
}

/** Reads the context back; values may arrive as strings depending on the integration. */
export function callerFromAuthorizer(lambdaContext: Record<string, unknown> | undefined): Caller | null {
  if (!lambdaContext) return null;
  const { userId, email, isAdmin, authMethod } = lambdaContext;
  if (typeof userId !== 'string' || userId === '' || typeof email !== 'string') return null;
  return {
    userId,
    email,
    isAdmin: isAdmin === true || isAdmin === 'true',
    authMethod: authMethod === 'apiKey' ? 'apiKey' : 'token',
  };
}
