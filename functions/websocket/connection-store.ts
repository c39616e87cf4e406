import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import type { Caller } from '#functions/commons/caller';
import { entities, ttlInSeconds } from '#functions/data/entities';
import { putItem, queryAll } from '#functions/data/item-commands';
import { partitionKey, sortKeyPrefix } from '#functions/data/item-keys';

/** API Gateway closes WebSocket connections after two hours; keep the row a little longer than that. */
const CONNECTION_TTL_SECONDS = 3 * 60 * 60;

export async function saveConnection(connectionId: string, caller: Caller): Promise<void> {
  await putItem(entities().connection, {
    connectionId,
    userId: caller.userId,
    email: caller.email,
    role: caller.isAdmin ? 'admin' : 'user',
    connectedAt: new Date().toISOString(),
    expiresAt: ttlInSeconds(CONNECTION_TTL_SECONDS),
  });
}

export async function deleteConnection(connectionId: string): Promise<void> {
  await entities().connection.build(DeleteItemCommand).key({ connectionId }).send();
}

/** The ids of the connections in one partition of an index (gsi1: a user's, gsi2: a role's, gsi3: an address's). */
async function connectionIds(index: 'gsi1' | 'gsi2' | 'gsi3', partition: string): Promise<string[]> {
  const { table, connection } = entities();
  const items = await queryAll(
    connection,
    table
      .build(QueryCommand)
      .entities(connection)
      .query({ index, partition, range: { beginsWith: sortKeyPrefix('connection', 'connectionId') } })
      .params(),
  );
  return items.map((row) => row.connectionId);
}

export function connectionsOfUser(userId: string): Promise<string[]> {
  return connectionIds('gsi1', partitionKey([['userId', userId]]));
}

export function adminConnections(): Promise<string[]> {
  return connectionIds('gsi2', partitionKey([['role', 'admin']]));
}

/** A user's connections by e-mail: how a client's grantees, known by address, are reached. */
export function connectionsOfEmail(email: string): Promise<string[]> {
  return connectionIds('gsi3', partitionKey([['email', email.toLowerCase()]]));
}
