import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { ulid } from 'ulid';
import { decryptSecret, encryptSecret } from '#functions/clients/password-cipher';
import { NotFoundError } from '#functions/commons/errors';
import { entities } from '#functions/data/entities';
import { findItem, putItem, queryAll } from '#functions/data/item-commands';
import { isConditionFailure, partitionKey, sortKeyPrefix } from '#functions/data/item-keys';
import {
  CHANNEL_MESSAGES,
  CHANNEL_PLATFORMS,
  type ChannelConnection,
  type ChannelPlatform,
  type ConnectionStatus,
} from '#shared/channels';
import { isResourceId } from '#shared/validation/resource-id';
import { channelApp } from './channel-apps';
import { refreshTokens } from './channel-oauth';
import { type ChannelAccount, ChannelError, type ConnectedAccount, type OAuthTokens } from './channel-port';
import { CHANNEL_ADAPTERS } from './platforms/adapters';

/**
 * A client's channel connections (docs/architecture.md, "Publishing channels"). The tokens are encrypted
 * here and decrypted only to act as the account (`activeAccount`), which refreshes an access token that
 * expires within REFRESH_MARGIN_MS first; a refresh the platform refuses marks the connection
 * 'reconnect_needed', which the client's card and the tools show.
 */

/** An access token this close to its expiry is refreshed before use. */
export const REFRESH_MARGIN_MS = 5 * 60 * 1000;

export interface ConnectionRecord {
  readonly clientId: string;
  readonly connectionId: string;
  readonly platform: ChannelPlatform;
  readonly name: string;
  readonly accountId: string;
  readonly status: ConnectionStatus;
  readonly accessTokenCipher: string;
  readonly refreshTokenCipher?: string | undefined;
  readonly tokenExpiresAt?: string | undefined;
  readonly connectedAt: string;
  readonly connectedBy: string;
  readonly updatedAt: string;
}

const isPlatform = (value: string): value is ChannelPlatform =>
  (CHANNEL_PLATFORMS as readonly string[]).includes(value);

function recordOf(item: Record<string, unknown>): ConnectionRecord | null {
  const platform = String(item.platform ?? '');
  if (!isPlatform(platform)) return null;
  return {
    ...(item as unknown as ConnectionRecord),
    platform,
    status: item.status === 'reconnect_needed' ? 'reconnect_needed' : 'connected',
  };
}

export function toChannelConnection(record: ConnectionRecord): ChannelConnection {
  return {
    connectionId: record.connectionId,
    platform: record.platform,
    name: record.name,
    status: record.status,
    connectedAt: record.connectedAt,
  };
}

export async function listConnections(clientId: string): Promise<ConnectionRecord[]> {
  const { table, channelConnection } = entities();
  const items = await queryAll(
    channelConnection,
    table
      .build(QueryCommand)
      .entities(channelConnection)
      .query({
        partition: partitionKey([['clientId', clientId]]),
        range: { beginsWith: sortKeyPrefix('channelConnection', 'connectionId') },
      })
      .params(),
  );
  return items.flatMap((item) => recordOf(item) ?? []);
}

export async function findConnection(clientId: string, connectionId: string): Promise<ConnectionRecord> {
  if (!isResourceId(connectionId)) throw new NotFoundError(CHANNEL_MESSAGES.connectionNotFound);
  const item = await findItem(entities().channelConnection, { clientId, connectionId }, { consistent: true });
  const record = item ? recordOf(item) : null;
  if (!record) throw new NotFoundError(CHANNEL_MESSAGES.connectionNotFound);
  return record;
}

/**
 * Stores the account the user picked with its tokens. Connecting the same account of the same platform
 * again replaces the earlier connection's tokens (a Reconnect), so a client never has it twice.
 */
export async function saveConnection(input: {
  readonly clientId: string;
  readonly platform: ChannelPlatform;
  readonly account: ChannelAccount;
  readonly tokens: OAuthTokens;
  readonly userId: string;
}): Promise<ConnectionRecord> {
  const existing = (await listConnections(input.clientId)).find(
    (record) => record.platform === input.platform && record.accountId === input.account.accountId,
  );
  const now = new Date().toISOString();
  // The account's own token (a Page's) is what publishing uses; it does not expire or refresh.
  const accessToken = input.account.accountToken ?? input.tokens.accessToken;
  const refreshToken = input.account.accountToken ? undefined : input.tokens.refreshToken;
  const tokenExpiresAt = input.account.accountToken ? undefined : input.tokens.expiresAt;
  const saved = await putItem(entities().channelConnection, {
    clientId: input.clientId,
    connectionId: existing?.connectionId ?? ulid(),
    platform: input.platform,
    name: input.account.name,
    accountId: input.account.accountId,
    status: 'connected',
    accessTokenCipher: await encryptSecret(accessToken, 'channel_token'),
    ...(refreshToken ? { refreshTokenCipher: await encryptSecret(refreshToken, 'channel_token') } : {}),
    ...(tokenExpiresAt ? { tokenExpiresAt } : {}),
    connectedAt: existing?.connectedAt ?? now,
    connectedBy: input.userId,
    updatedAt: now,
  });
  const record = recordOf(saved);
  if (!record) throw new Error('A stored connection did not read back');
  return record;
}

/** Disconnect: the connection and its tokens are deleted (publications keep the channel's name). */
export async function deleteConnection(record: ConnectionRecord): Promise<void> {
  const { channelConnection } = entities();
  await channelConnection
    .build(DeleteItemCommand)
    .key({ clientId: record.clientId, connectionId: record.connectionId })
    .send();
}

async function markReconnectNeeded(record: ConnectionRecord): Promise<void> {
  try {
    await putItem(
      entities().channelConnection,
      { ...record, status: 'reconnect_needed', updatedAt: new Date().toISOString() },
      { attr: 'updatedAt', eq: record.updatedAt },
    );
  } catch (error) {
    // Another writer changed it meanwhile (a reconnect): theirs stands.
    if (!isConditionFailure(error)) throw error;
  }
}

/** Why an account could not be used: its connection needs the user to connect it again. */
export class ReconnectNeededError extends Error {
  constructor(readonly platform: ChannelPlatform) {
    super('reconnect_needed');
    this.name = 'ReconnectNeededError';
  }
}

/**
 * The connection's tokens refreshed through the platform's token endpoint; stored, and returned. A
 * refusal (the refresh token was revoked or expired) marks the connection and throws ReconnectNeededError.
 */
export async function refreshConnection(record: ConnectionRecord): Promise<ConnectionRecord> {
  const app = await channelApp(record.platform);
  if (!record.refreshTokenCipher || !app.credentials) {
    await markReconnectNeeded(record);
    throw new ReconnectNeededError(record.platform);
  }
  let tokens: OAuthTokens;
  try {
    tokens = await refreshTokens(
      CHANNEL_ADAPTERS[record.platform],
      app.credentials,
      app.endpoints,
      await decryptSecret(record.refreshTokenCipher, 'channel_token'),
    );
  } catch (error) {
    if (error instanceof ChannelError && (error.kind === 'token_expired' || error.kind === 'refused')) {
      await markReconnectNeeded(record);
      throw new ReconnectNeededError(record.platform);
    }
    throw error;
  }
  const now = new Date().toISOString();
  const saved = await putItem(entities().channelConnection, {
    ...record,
    status: 'connected',
    accessTokenCipher: await encryptSecret(tokens.accessToken, 'channel_token'),
    ...(tokens.refreshToken
      ? { refreshTokenCipher: await encryptSecret(tokens.refreshToken, 'channel_token') }
      : {}),
    tokenExpiresAt: tokens.expiresAt,
    updatedAt: now,
  });
  const refreshed = recordOf(saved);
  if (!refreshed) throw new Error('A stored connection did not read back');
  return refreshed;
}

/** The account to act as: a connection needing a reconnect refuses; a token about to expire is refreshed. */
export async function activeAccount(
  record: ConnectionRecord,
  now = Date.now(),
): Promise<{ record: ConnectionRecord; account: ConnectedAccount }> {
  if (record.status === 'reconnect_needed') throw new ReconnectNeededError(record.platform);
  const expiresAt = record.tokenExpiresAt ? Date.parse(record.tokenExpiresAt) : Number.POSITIVE_INFINITY;
  const current = expiresAt - now < REFRESH_MARGIN_MS ? await refreshConnection(record) : record;
  return {
    record: current,
    account: {
      accountId: current.accountId,
      accessToken: await decryptSecret(current.accessTokenCipher, 'channel_token'),
    },
  };
}
