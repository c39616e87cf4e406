import {
  ArcticFetchError,
  CodeChallengeMethod,
  OAuth2Client,
  OAuth2RequestError,
  OAuth2Tokens,
  UnexpectedErrorResponseBodyError,
  UnexpectedResponseError,
} from 'arctic';
import {
  type ChannelAdapter,
  type ChannelAppCredentials,
  type ChannelEndpoints,
  ChannelError,
  type OAuthTokens,
} from './channel-port';
import { platformName, record, text } from './platforms/platform-http';

/**
 * Connecting a channel: OAuth 2.0's authorization code grant with PKCE (S256), through arctic's
 * generic client, for every platform (docs/architecture.md, "Publishing channels"). The caller keeps
 * `state` and the code verifier between the redirect and the callback; arctic makes both.
 */

export { generateCodeVerifier, generateState } from 'arctic';

/** Where to send the user: the platform's consent page, which comes back to `redirectUri`. */
export function authorizationUrl(
  adapter: ChannelAdapter,
  app: ChannelAppCredentials,
  endpoints: ChannelEndpoints,
  redirectUri: string,
  state: string,
  codeVerifier: string,
): URL {
  const settings = adapter.oauth(endpoints);
  const url = new OAuth2Client(app.clientId, app.clientSecret, redirectUri).createAuthorizationURLWithPKCE(
    settings.authorizeUrl,
    state,
    CodeChallengeMethod.S256,
    codeVerifier,
    [...settings.scopes],
  );
  for (const [name, value] of Object.entries(settings.authorizeParams ?? {}))
    url.searchParams.set(name, value);
  return url;
}

/** The callback's `code` for the tokens to keep (after the adapter's finishTokens, Meta's long-lived swap). */
export async function exchangeCode(
  adapter: ChannelAdapter,
  app: ChannelAppCredentials,
  endpoints: ChannelEndpoints,
  redirectUri: string,
  code: string,
  codeVerifier: string,
): Promise<OAuthTokens> {
  const settings = adapter.oauth(endpoints);
  const tokens = await tokenRequest(adapter, 'code', () =>
    settings.clientAuthentication === 'basic'
      ? new OAuth2Client(app.clientId, app.clientSecret, redirectUri).validateAuthorizationCode(
          settings.tokenUrl,
          code,
          codeVerifier,
        )
      : postTokenForm(settings.tokenUrl, {
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          code_verifier: codeVerifier,
          client_id: app.clientId,
          client_secret: app.clientSecret,
        }),
  );
  return adapter.finishTokens ? adapter.finishTokens(tokens, app, endpoints) : tokens;
}

/**
 * New tokens for a refresh token. A platform that answers none (Google) leaves the old one in use; one
 * that rotates them (X) answers the one to keep. A refusal is `token_expired`: the user must reconnect.
 */
export async function refreshTokens(
  adapter: ChannelAdapter,
  app: ChannelAppCredentials,
  endpoints: ChannelEndpoints,
  refreshToken: string,
): Promise<OAuthTokens> {
  const settings = adapter.oauth(endpoints);
  const tokens = await tokenRequest(adapter, 'refresh', () =>
    settings.clientAuthentication === 'basic'
      ? new OAuth2Client(app.clientId, app.clientSecret, null).refreshAccessToken(
          settings.tokenUrl,
          refreshToken,
          [],
        )
      : postTokenForm(settings.tokenUrl, {
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          client_id: app.clientId,
          client_secret: app.clientSecret,
        }),
  );
  return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
}

async function tokenRequest(
  adapter: ChannelAdapter,
  grant: 'code' | 'refresh',
  send: () => Promise<OAuth2Tokens>,
): Promise<OAuthTokens> {
  let tokens: OAuth2Tokens;
  try {
    tokens = await send();
  } catch (error) {
    throw tokenEndpointError(adapter, grant, error);
  }
  const data = record(tokens.data);
  const accessToken = text(data.access_token);
  if (!accessToken) {
    throw new ChannelError(
      adapter.platform,
      'unavailable',
      `${name(adapter)} answered without an access token`,
    );
  }
  const refreshToken = text(data.refresh_token);
  // LinkedIn and Meta have sent expires_in as a string at times.
  const seconds = Number(data.expires_in);
  return {
    accessToken,
    ...(refreshToken ? { refreshToken } : {}),
    ...(Number.isFinite(seconds) && seconds > 0
      ? { expiresAt: new Date(Date.now() + seconds * 1000).toISOString() }
      : {}),
  };
}

/**
 * The token request for platforms that take the app's credentials in the form rather than as HTTP Basic
 * (arctic's generic client sends Basic whenever it has a secret), answered as arctic answers its own:
 * the same tokens and the same errors, so both paths are classified alike.
 */
async function postTokenForm(
  tokenUrl: string,
  params: Readonly<Record<string, string>>,
): Promise<OAuth2Tokens> {
  let response: Response;
  try {
    response = await fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(params).toString(),
    });
  } catch (error) {
    throw new ArcticFetchError(error);
  }
  if (response.status !== 200 && response.status !== 400 && response.status !== 401) {
    await response.body?.cancel();
    throw new UnexpectedResponseError(response.status);
  }
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    throw new UnexpectedResponseError(response.status);
  }
  if (typeof data !== 'object' || data === null)
    throw new UnexpectedErrorResponseBodyError(response.status, data);
  if (response.status === 200) return new OAuth2Tokens(data);
  const body = record(data);
  const code = text(body.error);
  if (!code) throw new UnexpectedErrorResponseBodyError(response.status, data);
  throw new OAuth2RequestError(
    code,
    text(body.error_description) ?? null,
    text(body.error_uri) ?? null,
    null,
  );
}

/** Errors that are the app's configuration, not the user's grant: an admin fixes them. */
const CLIENT_ERRORS = new Set(['invalid_client', 'unauthorized_client']);

/**
 * A failed token request as a ChannelError. For a refresh, a refusal of the grant (`invalid_grant`, or
 * X's `invalid_request` "Value passed for the token was invalid.") is `token_expired`: the stored
 * tokens are dead. For a code exchange it is `refused`: that connect attempt failed and can be redone.
 */
function tokenEndpointError(
  adapter: ChannelAdapter,
  grant: 'code' | 'refresh',
  error: unknown,
): ChannelError {
  const platform = adapter.platform;
  if (error instanceof OAuth2RequestError) {
    const message = `${name(adapter)} refused the ${grant === 'code' ? 'authorization' : 'refresh'}: ${error.description ?? error.code}`;
    const kind = grant === 'refresh' && !CLIENT_ERRORS.has(error.code) ? 'token_expired' : 'refused';
    return new ChannelError(platform, kind, message);
  }
  if (error instanceof UnexpectedErrorResponseBodyError) {
    // Meta answers its token endpoint's errors in Graph's format: `{ error: { message, code } }`.
    const body = record(error.data);
    const detail = text(record(body.error).message) ?? text(body.message) ?? `HTTP ${error.status}`;
    const message = `${name(adapter)} refused the ${grant === 'code' ? 'authorization' : 'refresh'}: ${detail}`;
    return new ChannelError(
      platform,
      grant === 'refresh' ? 'token_expired' : 'refused',
      message,
      error.status,
    );
  }
  if (error instanceof UnexpectedResponseError) {
    const kind = error.status === 429 ? 'rate_limited' : error.status >= 500 ? 'unavailable' : 'refused';
    return new ChannelError(
      platform,
      kind,
      `${name(adapter)}'s token endpoint answered HTTP ${error.status}`,
      error.status,
    );
  }
  if (error instanceof ArcticFetchError) {
    return new ChannelError(
      platform,
      'unavailable',
      `${name(adapter)} could not be reached (${error.message})`,
    );
  }
  return new ChannelError(
    platform,
    'unavailable',
    `${name(adapter)}'s token endpoint failed: ${String(error)}`,
  );
}

function name(adapter: ChannelAdapter): string {
  return platformName(adapter.platform);
}
