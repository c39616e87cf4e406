import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { NotFoundError } from '#functions/commons/errors';
import { entities, PUBLICATION_DUE_PARTITION } from '#functions/data/entities';
import { findItem, indexQueryParams, putItem, queryAll, readQueryPage } from '#functions/data/item-commands';
import { isConditionFailure, partitionKey, sortKey, sortKeyPrefix } from '#functions/data/item-keys';
import {
  CHANNEL_MESSAGES,
  CHANNEL_PLATFORMS,
  type ChannelPlatform,
  type GbpPostFields,
  PUBLICATION_STATUSES,
  type Publication,
  type PublicationStatus,
} from '#shared/channels';
import { isResourceId } from '#shared/validation/resource-id';

/**
 * Publications: one post of a library item to one channel (docs/architecture.md, "Publishing channels").
 * Every change is a put conditioned on the `updatedAt` that was read, so two writers (a retried request, a
 * second scheduled run, a user's cancel) never both win: the loser reads again and finds the state the
 * winner left.
 */

export interface PublicationRecord {
  readonly clientId: string;
  readonly contentId: string;
  readonly publicationId: string;
  readonly connectionId: string;
  readonly platform: ChannelPlatform;
  readonly channelName: string;
  readonly status: PublicationStatus;
  readonly text: string;
  readonly imageUrl?: string | undefined;
  readonly gbp?: GbpPostFields | undefined;
  readonly scheduledAt?: string | undefined;
  readonly dueAt?: string | undefined;
  readonly attemptId?: string | undefined;
  readonly attemptStartedAt?: string | undefined;
  readonly attempts: number;
  readonly publishedAt?: string | undefined;
  readonly postId?: string | undefined;
  readonly postUrl?: string | undefined;
  readonly error?: string | undefined;
  readonly approvalOverridden?: boolean | undefined;
  readonly overriddenSteps?: readonly string[] | undefined;
  readonly createdAt: string;
  readonly createdBy: string;
  readonly createdByEmail?: string | undefined;
  readonly updatedAt: string;
}

export interface PublicationKey {
  readonly clientId: string;
  readonly contentId: string;
  readonly publicationId: string;
}

const isPlatform = (value: unknown): value is ChannelPlatform =>
  typeof value === 'string' && (CHANNEL_PLATFORMS as readonly string[]).includes(value);
const isStatus = (value: unknown): value is PublicationStatus =>
  typeof value === 'string' && (PUBLICATION_STATUSES as readonly string[]).includes(value);

function recordOf(item: Record<string, unknown>): PublicationRecord | null {
  if (!isPlatform(item.platform) || !isStatus(item.status)) return null;
  return { ...(item as unknown as PublicationRecord), attempts: Number(item.attempts ?? 0) };
}

export function toPublication(record: PublicationRecord): Publication {
  return {
    publicationId: record.publicationId,
    clientId: record.clientId,
    contentId: record.contentId,
    connectionId: record.connectionId,
    platform: record.platform,
    channelName: record.channelName,
    status: record.status,
    text: record.text,
    ...(record.imageUrl ? { imageUrl: record.imageUrl } : {}),
    ...(record.gbp ? { gbp: record.gbp } : {}),
    ...(record.scheduledAt ? { scheduledAt: record.scheduledAt } : {}),
    ...(record.publishedAt ? { publishedAt: record.publishedAt } : {}),
    ...(record.postId ? { postId: record.postId } : {}),
    ...(record.postUrl ? { postUrl: record.postUrl } : {}),
    ...(record.error ? { error: record.error } : {}),
    ...(record.approvalOverridden ? { approval_overridden: true } : {}),
    createdAt: record.createdAt,
    createdBy: record.createdBy,
    updatedAt: record.updatedAt,
  };
}

export async function findPublication(key: PublicationKey): Promise<PublicationRecord | null> {
  if (!isResourceId(key.publicationId)) return null;
  const item = await findItem(entities().publication, key, { consistent: true });
  return item ? recordOf(item) : null;
}

export async function requirePublication(key: PublicationKey): Promise<PublicationRecord> {
  const record = await findPublication(key);
  if (!record) throw new NotFoundError(CHANNEL_MESSAGES.publicationNotFound);
  return record;
}

/** An item's publications, oldest first. */
export async function listPublications(clientId: string, contentId: string): Promise<PublicationRecord[]> {
  const { table, publication } = entities();
  const items = await queryAll(
    publication,
    table
      .build(QueryCommand)
      .entities(publication)
      .query({
        partition: partitionKey([['clientId', clientId]]),
        range: { beginsWith: `${sortKey('publication', [['contentId', contentId]])}#publicationid_` },
      })
      .params(),
  );
  return items.flatMap((item) => recordOf(item) ?? []);
}

/** Writes a new publication; a second write of the same id (a retried request) changes nothing. */
export async function insertPublication(record: PublicationRecord): Promise<PublicationRecord> {
  await putItem(entities().publication, stored(record), { attr: 'publicationId', exists: false });
  return record;
}

function stored(record: PublicationRecord) {
  const { overriddenSteps, gbp, ...rest } = record;
  return {
    ...rest,
    ...(gbp ? { gbp } : {}),
    ...(overriddenSteps ? { overriddenSteps: [...overriddenSteps] } : {}),
  };
}

/**
 * Replaces `current` with `next` if nobody changed it since it was read; false when somebody did (the
 * caller reads again). Fields `next` leaves undefined are removed.
 */
export async function replacePublication(
  current: PublicationRecord,
  next: PublicationRecord,
): Promise<boolean> {
  try {
    await putItem(entities().publication, stored(next), { attr: 'updatedAt', eq: current.updatedAt });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** A timestamp after `previous`, so a change within the same millisecond still moves `updatedAt`. */
export function nextTimestamp(previous: string, now = Date.now()): string {
  const at = Math.max(now, Date.parse(previous) + 1);
  return new Date(at).toISOString();
}

/** The publications whose `dueAt` has come, oldest first, at most `limit`. */
export async function duePublications(now: Date, limit: number): Promise<PublicationRecord[]> {
  const { publication } = entities();
  const page = await readQueryPage(
    publication,
    indexQueryParams(publication, {
      index: 'gsi1',
      partition: PUBLICATION_DUE_PARTITION,
      range: { lt: sortKey('publication', [['dueAt', now.toISOString()]]).concat('~') },
      limit,
    }),
  );
  return page.Items.flatMap((item) => recordOf(item) ?? []);
}

/** Publications on the calendar in one month (`YYYY-MM`), by their date. */
export async function publicationsOfMonth(month: string): Promise<PublicationRecord[]> {
  const { publication } = entities();
  const items = await queryAll(
    publication,
    indexQueryParams(publication, {
      index: 'gsi2',
      partition: partitionKey([['publicationMonth', month]]),
      range: { beginsWith: sortKeyPrefix('publication', 'date') },
    }),
  );
  return items.flatMap((item) => recordOf(item) ?? []);
}
