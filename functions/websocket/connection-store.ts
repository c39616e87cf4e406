import type { Caller } from '#functions/commons/caller';
import { entities, ttlInSeconds } from '#functions/data/entities';

/** API Gateway closes WebSocket connections after two hours; keep the row a little longer than that. */
const CONNECTION_TTL_SECONDS = 3 * 60 * 60;

export async function saveConnection(connectionId: string, caller: Caller): Promise<void> {
  await entities()
    .connection.put({
      connectionId,
      userId: caller.userId,
      email: caller.email,
      role: caller.isAdmin ? 'admin' : 'user',
      connectedAt: new Date().toISOString(),
      expiresAt: ttlInSeconds(CONNECTION_TTL_SECONDS),
    })
    .go();
}

export async function deleteConnection(connectionId: string): Promise<void> {
  await entities().connection.delete({ connectionId }).go();
}

export async function connectionsOfUser(userId: string): Promise<string[]> {
  const { data } = await entities().connection.query.byUser({ userId }).go({ pages: 'all' });
  return data.map((row) => row.connectionId);
}

export async function adminConnections(): Promise<string[]> {
  const { data } = await entities().connection.query.byRole({ role: 'admin' }).go({ pages: 'all' });
  return data.map((row) => row.connectionId);
}
