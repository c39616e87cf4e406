import { QueryCommand as DocumentQuery } from '@aws-sdk/lib-dynamodb';
import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import type { Caller } from '#functions/commons/caller';
import { type Entities, entities, ttlInSeconds } from '#functions/data/entities';
import { collectUpTo, findItem, putItem, readQueryPage } from '#functions/data/item-commands';
import { isConditionFailure, partitionKey, sortKey, sortKeyPrefix } from '#functions/data/item-keys';
import { type AppNotification, NOTIFICATION_KEEP_DAYS, NOTIFICATION_KINDS } from '#shared/notifications';

/**
 * The notification items of the single table (functions/data/entities.ts): a user's notifications and
 * settings share the user's partition, so a page, the unread count and the settings are one Query each.
 */

export type NotificationRecord = FormattedItem<Entities['notification']>;
export type NotificationSettingsRecord = FormattedItem<Entities['notificationSettings']>;

const DAY_SECONDS = 86_400;

const userPartition = (userId: string) => partitionKey([['notificationUser', userId]], true);
const notificationSortKey = (notificationId: string) =>
  sortKey('notification', [['notificationId', notificationId]]);

export function toNotification(record: NotificationRecord): AppNotification {
  const kind = NOTIFICATION_KINDS.find((known) => known === record.kind) ?? 'commented';
  return {
    id: record.notificationId,
    kind,
    title: record.title,
    ...(record.clientId ? { clientId: record.clientId } : {}),
    ...(record.contentId ? { contentId: record.contentId } : {}),
    createdAt: record.createdAt,
    read: record.read,
  };
}

export async function putNotification(
  record: Omit<NotificationRecord, 'expiresAt'>,
  now = new Date(),
): Promise<void> {
  await putItem(entities().notification, {
    ...record,
    expiresAt: ttlInSeconds(NOTIFICATION_KEEP_DAYS * DAY_SECONDS, now.getTime()),
  });
}

/** One page, newest first, strictly older than `after` (a notification id) when given. */
export async function listNotificationPage(
  userId: string,
  limit: number,
  after: string | undefined,
): Promise<{ items: NotificationRecord[]; more: boolean }> {
  const { table, notification } = entities();
  const rows = await collectUpTo(limit + 1, (count, exclusiveStartKey) =>
    readQueryPage(
      notification,
      table
        .build(QueryCommand)
        .entities(notification)
        .query({
          partition: userPartition(userId),
          range:
            after === undefined
              ? { beginsWith: sortKeyPrefix('notification', 'notificationId') }
              : { lt: notificationSortKey(after) },
        })
        .options({
          reverse: true,
          limit: count,
          consistent: true,
          ...(exclusiveStartKey ? { exclusiveStartKey } : {}),
        })
        .params(),
    ),
  );
  return { items: rows.slice(0, limit), more: rows.length > limit };
}

/** How many of the user's notifications are unread: a COUNT over the user's own partition. */
export async function unreadCount(userId: string): Promise<number> {
  const { table, notification } = entities();
  const base = table
    .build(QueryCommand)
    .entities(notification)
    .query({
      partition: userPartition(userId),
      range: { beginsWith: sortKeyPrefix('notification', 'notificationId') },
    })
    .options({ consistent: true })
    .params();
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const { Count = 0, LastEvaluatedKey } = await table.getDocumentClient().send(
      new DocumentQuery({
        ...base,
        Select: 'COUNT',
        FilterExpression: base.FilterExpression
          ? `(${base.FilterExpression}) AND #unreadFlag = :unreadFalse`
          : '#unreadFlag = :unreadFalse',
        ExpressionAttributeNames: { ...base.ExpressionAttributeNames, '#unreadFlag': 'read' },
        ExpressionAttributeValues: { ...base.ExpressionAttributeValues, ':unreadFalse': false },
        ExclusiveStartKey: start,
      }),
    );
    count += Count;
    start = LastEvaluatedKey;
  } while (start !== undefined);
  return count;
}

/**
 * Marks the user's own notifications read. The key is the caller's partition, so an id of someone else's
 * names nothing here: the condition fails and nothing changes. Returns how many were unread.
 */
export async function markRead(userId: string, ids: readonly string[]): Promise<number> {
  const { notification } = entities();
  const results = await Promise.all(
    [...new Set(ids)].map(async (notificationId) => {
      try {
        await notification
          .build(UpdateItemCommand)
          .item({ userId, notificationId, read: true })
          .options({
            condition: {
              and: [
                { attr: 'notificationId', exists: true },
                { attr: 'read', eq: false },
              ],
            },
          })
          .send();
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    }),
  );
  return results.filter(Boolean).length;
}

export function findNotificationSettings(userId: string): Promise<NotificationSettingsRecord | null> {
  return findItem(entities().notificationSettings, { userId }, { consistent: true });
}

/**
 * The caller's settings, recording the address and role they signed in with when those changed (so mail
 * goes where the user now signs in, and a former admin is not told of clients they no longer see).
 */
export async function settingsOf(caller: Caller, now = new Date()): Promise<NotificationSettingsRecord> {
  const known = await findNotificationSettings(caller.userId);
  if (known && known.email === caller.email && (known.isAdmin ?? false) === caller.isAdmin) return known;
  const record: NotificationSettingsRecord = {
    userId: caller.userId,
    email: caller.email,
    isAdmin: caller.isAdmin,
    emailNotifications: known?.emailNotifications ?? true,
    updatedAt: now.toISOString(),
  };
  await putItem(entities().notificationSettings, record);
  return record;
}

export async function saveNotificationSettings(
  caller: Caller,
  emailNotifications: boolean,
  now = new Date(),
): Promise<NotificationSettingsRecord> {
  const record: NotificationSettingsRecord = {
    userId: caller.userId,
    email: caller.email,
    isAdmin: caller.isAdmin,
    emailNotifications,
    updatedAt: now.toISOString(),
  };
  await putItem(entities().notificationSettings, record);
  return record;
}

/** Claims a once-only mail; false when it was claimed before (already sent, or being sent). */
export async function claimMailOnce(mailKey: string, keepUntil: Date, now = new Date()): Promise<boolean> {
  try {
    await putItem(
      entities().mailOnce,
      { mailKey, sentAt: now.toISOString(), expiresAt: Math.floor(keepUntil.getTime() / 1000) },
      { attr: 'mailKey', exists: false },
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
