import { getClientsByIds } from '#functions/clients/client-access';
import type { Caller } from '#functions/commons/caller';
import type { ContentRecord } from '#functions/content/content-record';
import { type Entities, entities } from '#functions/data/entities';
import { batchGetItems, indexQueryParams, queryAll } from '#functions/data/item-commands';
import { partitionKey, sortKeyPrefix } from '#functions/data/item-keys';
import type { ReviewRecord } from '#functions/reviews/review-store';
import { type PublicationRecord, publicationsOfMonth } from '#functions/social/publication-store';
import { type CalendarEntry, type CalendarQuery, monthsOf } from '#shared/calendar';
import { type ContentStatus, statusOf } from '#shared/content-status';
import { wordpressLinkOf } from '#shared/wordpress';

/**
 * The calendar's entries (docs/decisions.md, "Versions, review and approval, and the content calendar") from
 * three month-partitioned indexes: posts by their WordPress date, items by their due date, review links by
 * their expiry. Each month is one Query per index, whatever the number of clients; entries of clients the
 * caller cannot see are dropped. Dates are matched a day wider on each side: the browser places each entry on
 * the day it falls on in the viewer's time zone, which may be the day before or after in UTC.
 */

const DAY_MS = 86_400_000;

function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

const CONTENT_ATTRIBUTES = [
  'clientId',
  'contentId',
  'title',
  'content_type',
  'status',
  'dueDate',
  'publishDate',
  'metadata',
] as const;

const REVIEW_ATTRIBUTES = ['clientId', 'contentId', 'reviewId', 'validUntil', 'revokedAt'] as const;

async function monthItems<ENTITY extends Entities['content'] | Entities['review']>(
  entity: ENTITY,
  index: 'gsi1' | 'gsi2' | 'gsi3',
  partition: string,
  prefix: string,
  attributes: readonly string[],
) {
  return queryAll(
    entity,
    indexQueryParams(entity, { index, partition, range: { beginsWith: prefix }, attributes }),
  );
}

/** The ids of the clients a non-admin may see: created ones and granted ones. */
async function visibleClientIds(caller: Caller): Promise<Set<string>> {
  const { client, access } = entities();
  const [created, grants] = await Promise.all([
    queryAll(
      client,
      indexQueryParams(client, {
        index: 'gsi1',
        partition: partitionKey([['createdBy', caller.userId]]),
        range: { beginsWith: sortKeyPrefix('client', 'clientId') },
        attributes: ['clientId'],
      }),
    ),
    queryAll(
      access,
      indexQueryParams(access, {
        index: 'gsi1',
        partition: partitionKey([['userEmail', caller.email.toLowerCase()]]),
        range: { beginsWith: sortKeyPrefix('access', 'clientId') },
        attributes: ['clientId'],
      }),
    ),
  ]);
  return new Set([...created, ...grants].map((item) => item.clientId));
}

function within(date: string, from: string, to: string): boolean {
  const day = date.slice(0, 10);
  return day >= from && day <= to;
}

export async function calendarEntries(
  caller: Caller,
  query: CalendarQuery,
  onlyClientId: string | null,
): Promise<CalendarEntry[]> {
  const from = shiftDate(query.from, -1);
  const to = shiftDate(query.to, 1);
  const months = monthsOf(from, to);
  const { content, review } = entities();
  const [posts, due, reviews, publications, visible] = await Promise.all([
    Promise.all(
      months.map((month) =>
        monthItems(
          content,
          'gsi2',
          partitionKey([['publishMonth', month]]),
          sortKeyPrefix('content', 'publishDate'),
          CONTENT_ATTRIBUTES,
        ),
      ),
    ),
    Promise.all(
      months.map((month) =>
        monthItems(
          content,
          'gsi3',
          partitionKey([['dueMonth', month]]),
          sortKeyPrefix('content', 'dueDate'),
          CONTENT_ATTRIBUTES,
        ),
      ),
    ),
    Promise.all(
      months.map((month) =>
        monthItems(
          review,
          'gsi1',
          partitionKey([['reviewMonth', month]]),
          sortKeyPrefix('review', 'validUntil'),
          REVIEW_ATTRIBUTES,
        ),
      ),
    ),
    Promise.all(months.map((month) => publicationsOfMonth(month))),
    onlyClientId !== null || caller.isAdmin ? Promise.resolve(null) : visibleClientIds(caller),
  ]);
  const mayShow = (clientId: string) =>
    onlyClientId !== null ? clientId === onlyClientId : visible === null || visible.has(clientId);

  const postItems = (posts.flat() as ContentRecord[]).filter(
    (item) => item.publishDate && within(item.publishDate, from, to) && mayShow(item.clientId),
  );
  const dueItems = (due.flat() as ContentRecord[]).filter(
    (item) => item.dueDate && within(item.dueDate, from, to) && mayShow(item.clientId),
  );
  const reviewItems = (reviews.flat() as ReviewRecord[]).filter(
    (item) => !item.revokedAt && within(item.validUntil, from, to) && mayShow(item.clientId),
  );

  const channelPosts = (publications.flat() as PublicationRecord[]).filter((item) => {
    const date = item.publishedAt ?? item.scheduledAt;
    return date !== undefined && within(date, from, to) && mayShow(item.clientId);
  });

  // A review link's and a channel post's entry show the item's title and status: read those items, once each.
  const known = new Map<string, ContentRecord>();
  for (const item of [...postItems, ...dueItems]) known.set(`${item.clientId}#${item.contentId}`, item);
  const missing = [
    ...new Map(
      [...reviewItems, ...channelPosts]
        .filter((item) => !known.has(`${item.clientId}#${item.contentId}`))
        .map((item) => [
          `${item.clientId}#${item.contentId}`,
          { clientId: item.clientId, contentId: item.contentId },
        ]),
    ).values(),
  ];
  if (missing.length > 0) {
    const { data } = await batchGetItems(content, missing, { attributes: CONTENT_ATTRIBUTES });
    for (const item of data) known.set(`${item.clientId}#${item.contentId}`, item);
  }

  const clientIds = [
    ...new Set([...postItems, ...dueItems, ...reviewItems, ...channelPosts].map((item) => item.clientId)),
  ];
  const clients = new Map(
    (await getClientsByIds(clientIds, ['clientId', 'name'])).map((record) => [record.clientId, record.name]),
  );

  const entries: CalendarEntry[] = [];
  const base = (item: ContentRecord) => {
    const clientName = clients.get(item.clientId);
    if (clientName === undefined) return null;
    return {
      clientId: item.clientId,
      clientName,
      contentId: item.contentId,
      title: item.title,
      contentType: item.content_type,
      status: statusOf(item.status),
    };
  };
  for (const item of postItems) {
    const common = base(item);
    const status = statusOf(item.status);
    if (!common || (status !== 'scheduled' && status !== 'published') || !item.publishDate) continue;
    const link = wordpressLinkOf(item.metadata as Record<string, unknown>);
    entries.push({
      id: `${status}#${item.contentId}`,
      kind: status,
      date: item.publishDate,
      ...common,
      ...(link ? { wordpressPostId: link.id } : {}),
    });
  }
  for (const item of dueItems) {
    const common = base(item);
    if (!common || !item.dueDate) continue;
    entries.push({ id: `due#${item.contentId}`, kind: 'due', date: item.dueDate, ...common });
  }
  for (const link of reviewItems) {
    const item = known.get(`${link.clientId}#${link.contentId}`);
    const common = item ? base(item) : null;
    if (!common) continue;
    entries.push({
      id: `review_expiry#${link.reviewId}`,
      kind: 'review_expiry',
      date: link.validUntil,
      ...common,
      reviewId: link.reviewId,
    });
  }
  for (const post of channelPosts) {
    const item = known.get(`${post.clientId}#${post.contentId}`);
    const common = item ? base(item) : null;
    const date = post.publishedAt ?? post.scheduledAt;
    if (!common || !date) continue;
    // A post being sent shows where it was scheduled; one put off by a 429 is still scheduled.
    const kind =
      post.status === 'published' ? 'published' : post.status === 'failed' ? 'failed' : 'scheduled';
    entries.push({
      id: `channel#${post.publicationId}`,
      kind,
      date,
      ...common,
      channel: {
        platform: post.platform,
        channelName: post.channelName,
        publicationId: post.publicationId,
        ...(post.postUrl ? { postUrl: post.postUrl } : {}),
        ...(post.error ? { error: post.error } : {}),
      },
    });
  }
  const statuses: ReadonlySet<ContentStatus> | null =
    query.status && query.status.length > 0 ? new Set(query.status as ContentStatus[]) : null;
  return entries
    .filter((entry) => statuses === null || statuses.has(entry.status))
    .sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));
}
