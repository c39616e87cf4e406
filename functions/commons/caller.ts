import { API_KEY_SCOPES, type ApiKeyScope } from '#shared/api-keys';

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
  /** The key's id when authMethod is 'apiKey' (its rate-limit budget). */
  readonly apiKeyId?: string;
  /** What the key may do, when authMethod is 'apiKey' (contract/routes.ts gives each route its scope). */
  readonly apiKeyScopes?: readonly ApiKeyScope[];
}

/** The flat string/boolean map an HTTP API simple-response authorizer may return as `context`. */
export type AuthorizerContext = {
  userId: string;
  email: string;
  isAdmin: boolean;
  authMethod: 'token' | 'apiKey';
  apiKeyId?: string;
  /** The key's scopes, space-separated (a context holds no arrays). */
  apiKeyScopes?: string;
};

export function toAuthorizerContext(caller: Caller): AuthorizerContext {
  return {
    userId: caller.userId,
    email: caller.email,
    isAdmin: caller.isAdmin,
    authMethod: caller.authMethod,
    ...(caller.apiKeyId ? { apiKeyId: caller.apiKeyId } : {}),
    ...(caller.apiKeyScopes ? { apiKeyScopes: caller.apiKeyScopes.join(' ') } : {}),
  };
}

function scopesOf(value: unknown): ApiKeyScope[] {
  const named = typeof value === 'string' ? value.split(' ') : [];
  return API_KEY_SCOPES.filter((scope) => named.includes(scope));
}

/** Reads the context back; values may arrive as strings depending on the integration. */
export function callerFromAuthorizer(lambdaContext: Record<string, unknown> | undefined): Caller | null {
  if (!lambdaContext) return null;
  const { userId, email, isAdmin, authMethod, apiKeyId, apiKeyScopes } = lambdaContext;
  if (typeof userId !== 'string' || userId === '' || typeof email !== 'string') return null;
  if (authMethod === 'apiKey' && (typeof apiKeyId !== 'string' || apiKeyId === '')) return null;
  return {
    userId,
    email,
    isAdmin: isAdmin === true || isAdmin === 'true',
    authMethod: authMethod === 'apiKey' ? 'apiKey' : 'token',
    // A key's context without scopes can do nothing a scope guards (fail closed).
    ...(authMethod === 'apiKey' ? { apiKeyId: String(apiKeyId), apiKeyScopes: scopesOf(apiKeyScopes) } : {}),
  };
}
