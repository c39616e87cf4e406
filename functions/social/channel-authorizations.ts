import { generateCodeVerifier, generateState } from 'arctic';
import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { recordActivity } from '#functions/activities/activity-log';
import type { ClientRecord } from '#functions/clients/client-record';
import { decryptSecret, encryptSecret } from '#functions/clients/password-cipher';
import type { Caller } from '#functions/commons/caller';
import { ConflictError, NotFoundError } from '#functions/commons/errors';
import { logger } from '#functions/commons/logger';
import { entities, isExpired, ttlInSeconds } from '#functions/data/entities';
import { findItem, putItem } from '#functions/data/item-commands';
import {
  CHANNEL_MESSAGES,
  CHANNEL_PLATFORM_INFO,
  CHANNEL_PLATFORMS,
  type ChannelPlatform,
} from '#shared/channels';
import { channelApp } from './channel-apps';
import { authorizationUrl, exchangeCode } from './channel-oauth';
import { type ChannelAccount, ChannelError, type OAuthTokens } from './channel-port';
import { type ConnectionRecord, saveConnection, toChannelConnection } from './connection-store';
import { CHANNEL_ADAPTERS } from './platforms/adapters';

/**
 * Connect (docs/architecture.md, "Publishing channels"): OAuth 2.0's authorization code flow with PKCE.
 * 1. Connect stores an authorization (its `state` is its id, the PKCE verifier encrypted) and answers the
 *    platform's authorize URL, which the browser opens.
 * 2. The platform sends the browser back to the public callback with `code` and `state`; the callback
 *    swaps the code for tokens, asks which accounts they may publish as, keeps those (tokens encrypted) on
 *    the authorization and sends the browser back to the app.
 * 3. The app lists the accounts and the user picks one; only then is a connection stored.
 * The callback needs no credentials: the state is 128 random bits, used once, and lives ten minutes; the
 * accounts it found are shown only to the user who pressed Connect. No token ever reaches the browser.
 */

export const CHANNEL_AUTHORIZATION_SECONDS = 10 * 60;
export const CHANNEL_CALLBACK_PATH = '/api/channels/oauth/callback';
/** Where the callback sends the browser: the Clients page, which opens the account picker. */
export const CHANNEL_RETURN_PATH = '/clients';

interface StoredAccount {
  readonly accountId: string;
  readonly name: string;
  readonly accountToken?: string;
}

interface StoredAccounts {
  readonly tokens: OAuthTokens;
  readonly accounts: readonly StoredAccount[];
}

const isPlatform = (value: string): value is ChannelPlatform =>
  (CHANNEL_PLATFORMS as readonly string[]).includes(value);

/** 409 naming what an admin must configure, when the platform's app has no credentials. */
async function configuredApp(platform: ChannelPlatform) {
  const app = await channelApp(platform);
  if (!app.credentials) {
    throw new ConflictError(CHANNEL_MESSAGES.notConfigured(platform), 'channel_not_configured');
  }
  return { ...app, credentials: app.credentials };
}

export async function startAuthorization(
  caller: Caller,
  client: ClientRecord,
  platform: ChannelPlatform,
  origin: string,
): Promise<{ authorizationId: string; authorizationUrl: string }> {
  const app = await configuredApp(platform);
  const state = generateState();
  const verifier = generateCodeVerifier();
  const redirectUri = `${origin}${CHANNEL_CALLBACK_PATH}`;
  await putItem(entities().channelAuthorization, {
    authorizationId: state,
    clientId: client.clientId,
    platform,
    userId: caller.userId,
    codeVerifierCipher: await encryptSecret(verifier, 'channel_token'),
    redirectUri,
    createdAt: new Date().toISOString(),
    expiresAt: ttlInSeconds(CHANNEL_AUTHORIZATION_SECONDS),
  });
  const url = authorizationUrl(
    CHANNEL_ADAPTERS[platform],
    app.credentials,
    app.endpoints,
    redirectUri,
    state,
    verifier,
  );
  return { authorizationId: state, authorizationUrl: url.toString() };
}

async function findAuthorization(authorizationId: string) {
  if (!/^[A-Za-z0-9_-]{16,128}$/u.test(authorizationId)) return null;
  const item = await findItem(entities().channelAuthorization, { authorizationId }, { consistent: true });
  if (!item || isExpired(item.expiresAt) || !isPlatform(item.platform)) return null;
  return { ...item, platform: item.platform };
}

function returnLocation(clientId: string, authorizationId: string): string {
  const query = new URLSearchParams({ client: clientId, connect: authorizationId });
  return `${CHANNEL_RETURN_PATH}?${query.toString()}`;
}

/**
 * The platform's redirect back: finishes the authorization and answers where the browser goes next
 * (a path of the app). Whatever went wrong is kept on the authorization for the app to show.
 */
export async function completeAuthorization(query: {
  readonly state?: string | undefined;
  readonly code?: string | undefined;
  readonly error?: string | undefined;
  readonly error_description?: string | undefined;
}): Promise<string> {
  const authorization = query.state ? await findAuthorization(query.state) : null;
  if (!authorization) {
    return `${CHANNEL_RETURN_PATH}?${new URLSearchParams({ connectError: CHANNEL_MESSAGES.authorizationExpired })}`;
  }
  const { platform } = authorization;
  const name = CHANNEL_PLATFORM_INFO[platform].name;
  const fail = async (message: string) => {
    await putItem(entities().channelAuthorization, { ...authorization, error: message });
    return returnLocation(authorization.clientId, authorization.authorizationId);
  };
  if (authorization.accountsCipher || authorization.error) {
    // A second use of the same redirect (a reload): the first one's outcome stands.
    return returnLocation(authorization.clientId, authorization.authorizationId);
  }
  if (query.error || !query.code) {
    return fail(
      query.error === 'access_denied'
        ? CHANNEL_MESSAGES.declined(platform)
        : `${name}: ${query.error_description ?? query.error ?? 'no authorization code came back'}`,
    );
  }
  try {
    const app = await configuredApp(platform);
    const adapter = CHANNEL_ADAPTERS[platform];
    const tokens = await exchangeCode(
      adapter,
      app.credentials,
      app.endpoints,
      authorization.redirectUri,
      query.code,
      await decryptSecret(authorization.codeVerifierCipher, 'channel_token'),
    );
    const accounts = await adapter.listAccounts(tokens.accessToken, app.endpoints);
    if (accounts.length === 0) return fail(CHANNEL_MESSAGES.noAccounts(platform));
    const stored: StoredAccounts = {
      tokens,
      accounts: accounts.map((account) => ({
        accountId: account.accountId,
        name: account.name,
        ...(account.accountToken ? { accountToken: account.accountToken } : {}),
      })),
    };
    await putItem(entities().channelAuthorization, {
      ...authorization,
      accountsCipher: await encryptSecret(JSON.stringify(stored), 'channel_token'),
    });
    return returnLocation(authorization.clientId, authorization.authorizationId);
  } catch (error) {
    if (error instanceof ChannelError) return fail(`${name}: ${error.message}`);
    if (error instanceof ConflictError) return fail(error.message);
    logger.error('Channel authorization failed', { platform, error });
    return fail(`${name}: the connection could not be completed. Try Connect again.`);
  }
}

async function ownAuthorization(caller: Caller, clientId: string, authorizationId: string) {
  const authorization = await findAuthorization(authorizationId);
  // Someone else's authorization reads as a missing one.
  if (!authorization || authorization.userId !== caller.userId || authorization.clientId !== clientId) {
    throw new NotFoundError(CHANNEL_MESSAGES.authorizationExpired);
  }
  return authorization;
}

async function storedAccounts(cipher: string | undefined): Promise<StoredAccounts | null> {
  if (!cipher) return null;
  return JSON.parse(await decryptSecret(cipher, 'channel_token')) as StoredAccounts;
}

/** GET …/connection-authorizations/{authorizationId}: the accounts to pick from, or what went wrong. */
export async function authorizationChoices(caller: Caller, clientId: string, authorizationId: string) {
  const authorization = await ownAuthorization(caller, clientId, authorizationId);
  const stored = await storedAccounts(authorization.accountsCipher);
  return {
    authorizationId,
    platform: authorization.platform,
    accounts: (stored?.accounts ?? []).map(({ accountId, name }) => ({ accountId, name })),
    ...(authorization.error ? { error: authorization.error } : {}),
  };
}

/** POST …/connections `{authorizationId, accountId}`: stores the picked account as a connection. */
export async function connectAccount(
  caller: Caller,
  client: ClientRecord,
  input: { readonly authorizationId: string; readonly accountId: string },
  userAgent: string | null,
) {
  const authorization = await ownAuthorization(caller, client.clientId, input.authorizationId);
  const stored = await storedAccounts(authorization.accountsCipher);
  const picked = stored?.accounts.find((account) => account.accountId === input.accountId);
  if (!stored || !picked) throw new NotFoundError(CHANNEL_MESSAGES.accountNotOffered);
  const account: ChannelAccount = picked;
  const record: ConnectionRecord = await saveConnection({
    clientId: client.clientId,
    platform: authorization.platform,
    account,
    tokens: stored.tokens,
    userId: caller.userId,
  });
  await entities()
    .channelAuthorization.build(DeleteItemCommand)
    .key({ authorizationId: input.authorizationId })
    .send();
  await recordActivity(caller, {
    action: 'channel_connected',
    resourceType: 'client',
    resourceId: client.clientId,
    details: {
      client_id: client.clientId,
      client_name: client.name,
      platform: record.platform,
      channel: record.name,
    },
    userAgent,
  });
  return toChannelConnection(record);
}
