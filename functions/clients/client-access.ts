import type { Caller } from '#functions/commons/caller';
import { ForbiddenError, NotFoundError } from '#functions/commons/errors';
import { entities } from '#functions/data/entities';
import {
  batchGetItems,
  collectUpTo,
  findItem,
  indexQueryParams,
  queryAll,
  readQueryPage,
} from '#functions/data/item-commands';
import { partitionKey, sortKey, sortKeyPrefix } from '#functions/data/item-keys';
import type { Client } from '#shared/client';
import { type ClientRecord, toClient } from './client-record';
import { isResourceId } from './resource-id';

/**
 * The client access policy (docs/architecture.md, "Security"), the one place that decides who sees a client. A caller sees
 * and changes a client as its creator, through a grant to their e-mail, or as an admin; content and
 * grants inherit that. A missing client and a forbidden one raise the same NotFoundError, so ids cannot
 * be probed.
 */

export type ClientRole = 'creator' | 'admin' | 'granted';

export interface AuthorizedClient {
  readonly record: ClientRecord;
  readonly role: ClientRole;
}

export const CLIENT_NOT_FOUND = 'Client not found';
export const ACCESS_MANAGERS_ONLY =
  "Only the client's owner or an administrator can manage access to this client.";

/** Which role a caller holds on a client, given whether a grant to their e-mail exists. */
export function roleOf(caller: Caller, record: ClientRecord, hasGrant: boolean): ClientRole | null {
  if (record.createdBy === caller.userId) return 'creator';
  if (caller.isAdmin) return 'admin';
  return hasGrant ? 'granted' : null;
}

/** Grants are managed by the creator or an admin only (the dialog's "only the client owner" text). */
export function canManageAccess(caller: Caller, record: ClientRecord): boolean {
  return record.createdBy === caller.userId || caller.isAdmin;
}

export async function findClientRecord(clientId: string): Promise<ClientRecord | null> {
  if (!isResourceId(clientId)) return null;
  return findItem(entities().client, { clientId });
}

/** Loads the client and the caller's role on it, or throws NotFoundError. */
export async function authorizeClient(caller: Caller, clientId: string): Promise<AuthorizedClient> {
  if (!isResourceId(clientId)) throw new NotFoundError(CLIENT_NOT_FOUND);
  // Both reads at once: the grant lookup costs one GetItem and saves a round trip for granted users.
  const { client, access } = entities();
  const [record, grant] = await Promise.all([
    findItem(client, { clientId }),
    findItem(access, { clientId, userEmail: caller.email.toLowerCase() }),
  ]);
  if (!record) throw new NotFoundError(CLIENT_NOT_FOUND);
  const role = roleOf(caller, record, grant !== null);
  if (!role) throw new NotFoundError(CLIENT_NOT_FOUND);
  return { record, role };
}

/** For routes that manage grants: 404 without access, 403 for a granted user (they can see the client). */
export async function authorizeAccessManager(caller: Caller, clientId: string): Promise<AuthorizedClient> {
  const authorized = await authorizeClient(caller, clientId);
  if (!canManageAccess(caller, authorized.record)) throw new ForbiddenError(ACCESS_MANAGERS_ONLY);
  return authorized;
}

/** The client in its API shape, if the caller may see it; NotFoundError when missing or forbidden. */
export async function requireClientAccess(caller: Caller, clientId: string): Promise<Client> {
  const { record } = await authorizeClient(caller, clientId);
  return toClient(record);
}

const BATCH_GET_ATTEMPTS = 5;

/** A stored attribute of the client item, by its name in the entity. */
export type ClientAttribute = keyof ClientRecord & string;

/** The client items with these ids (those that exist), whole or only `attributes`. */
export async function getClientsByIds(
  clientIds: readonly string[],
  attributes?: readonly ClientAttribute[],
): Promise<ClientRecord[]> {
  const found: ClientRecord[] = [];
  let pending = clientIds.map((clientId) => ({ clientId }));
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt === BATCH_GET_ATTEMPTS) throw new Error('DynamoDB kept clients unprocessed in BatchGetItem');
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
    const { data, unprocessed } = await batchGetItems(entities().client, pending, { attributes });
    found.push(...data);
    pending = unprocessed;
  }
  return found;
}

/** Newest first: client ids are ULIDs, so their order is the order of creation (createClient). */
const newestIdFirst = (a: ClientRecord, b: ClientRecord) =>
  a.clientId < b.clientId ? 1 : a.clientId > b.clientId ? -1 : 0;

/**
 * Up to `count` of the clients the caller may see, newest first, strictly older than the client `after`
 * (a keyset page: a client created or deleted meanwhile never shifts the ones still to come). Admins
 * read the all-clients index; everyone else their created clients plus, from their grants (one query),
 * the granted clients of this stretch with one BatchGet, so the cost grows with the page, not with a
 * query per client. Counters come from the client items.
 */
export async function listVisibleClientRecords(
  caller: Caller,
  page: {
    readonly after: string | undefined;
    readonly count: number;
    /** Read only these attributes of each client (a ProjectionExpression); every one when absent. */
    readonly attributes?: readonly ClientAttribute[];
  },
): Promise<ClientRecord[]> {
  const { client, access } = entities();
  // Each query asks DynamoDB (Limit) for just what the page still needs, so the emulator or table reads
  // only this page. Keys as ElectroDB wrote them (item-keys.ts): strictly below the cursor's key, or
  // every client key of the partition.
  const range = page.after
    ? { lt: sortKey('client', [['clientId', page.after]]) }
    : { beginsWith: sortKeyPrefix('client', 'clientId') };
  const clientsOf = (index: 'gsi1' | 'gsi2', partition: string) =>
    collectUpTo(page.count, (limit, exclusiveStartKey) =>
      readQueryPage(
        client,
        indexQueryParams(client, {
          index,
          partition,
          range,
          reverse: true,
          limit,
          exclusiveStartKey,
          attributes: page.attributes,
        }),
      ),
    );
  if (caller.isAdmin) return clientsOf('gsi2', partitionKey([['allClients', 'all']]));
  const [created, grants] = await Promise.all([
    clientsOf('gsi1', partitionKey([['createdBy', caller.userId]])),
    queryAll(
      access,
      indexQueryParams(access, {
        index: 'gsi1',
        partition: partitionKey([['userEmail', caller.email.toLowerCase()]]),
        range: { beginsWith: sortKeyPrefix('access', 'clientId') },
      }),
    ),
  ]);
  const createdIds = new Set(created.map((record) => record.clientId));
  const grantedIds = [...new Set(grants.map((grant) => grant.clientId))]
    .filter((id) => !createdIds.has(id) && (page.after === undefined || id < page.after))
    .sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
  // Only the newest `count` granted clients of this stretch can make it onto the page; a grant whose
  // client is gone (a delete in progress) is made up for by the next ones, so none is skipped.
  const granted: ClientRecord[] = [];
  for (let next = 0; granted.length < page.count && next < grantedIds.length; ) {
    const batch = grantedIds.slice(next, next + page.count - granted.length);
    next += batch.length;
    granted.push(...(await getClientsByIds(batch, page.attributes)));
  }
  return [...created, ...granted].sort(newestIdFirst).slice(0, page.count);
}
