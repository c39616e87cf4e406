import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import {
  ACTIVITY_FEED_PARTITION,
  activityActionPartition,
  activitySortKey,
  type Entities,
  entities,
} from '#functions/data/entities';
import { collectUpTo, indexQueryParams, readQueryPage } from '#functions/data/item-commands';
import { sortKeyPrefix } from '#functions/data/item-keys';
import type { Activity, ActivityAction } from '#shared/activity';

// Reading the feed is apart from recording it, so GET /api/activities bundles no WebSocket client.

export interface ActivityPageRequest {
  /** At most this many rows (001 §9: 100). */
  readonly limit: number;
  /** Only rows strictly older than this activity (the previous page's last row). */
  readonly after: string | undefined;
  /** Only these actions; every action when absent. */
  readonly actions?: readonly ActivityAction[] | undefined;
}

type ActivityRow = FormattedItem<Entities['activity']>;

function toActivity(row: ActivityRow): Activity {
  return {
    id: row.activityId,
    user_id: row.user_id,
    user_email: row.user_email,
    action: row.action,
    resource_type: row.resource_type,
    resource_id: row.resource_id ?? null,
    details: (row.details as Record<string, unknown> | undefined) ?? {},
    ip_address: null,
    user_agent: row.user_agent ?? null,
    created_at: row.created_at,
  };
}

/** The feed's partition, newest first: every action. */
function everyAction(count: number, after: string | undefined): Promise<ActivityRow[]> {
  const { table, activity } = entities();
  return collectUpTo(count, (limit, exclusiveStartKey) =>
    readQueryPage(
      activity,
      table
        .build(QueryCommand)
        .entities(activity)
        .query({
          partition: ACTIVITY_FEED_PARTITION,
          range:
            after === undefined
              ? { beginsWith: sortKeyPrefix('activity', 'activityId') }
              : { lt: activitySortKey(after) },
        })
        .options({ reverse: true, limit, ...(exclusiveStartKey ? { exclusiveStartKey } : {}) })
        .params(),
    ),
  );
}

/** One action's partition of the byAction index (entities.ts), newest first. */
function oneAction(action: ActivityAction, count: number, after: string | undefined): Promise<ActivityRow[]> {
  const { activity } = entities();
  return collectUpTo(count, (limit, exclusiveStartKey) =>
    readQueryPage(
      activity,
      indexQueryParams(activity, {
        index: 'gsi1',
        partition: activityActionPartition(action),
        range:
          after === undefined
            ? { beginsWith: sortKeyPrefix('activity', 'activityId') }
            : { lt: activitySortKey(after) },
        reverse: true,
        limit,
        exclusiveStartKey,
      }),
    ),
  );
}

/** Newest first by sort key (the lower-cased id), the order both partitions keep. */
const newestKeyFirst = (a: ActivityRow, b: ActivityRow) => {
  const [left, right] = [activitySortKey(a.activityId), activitySortKey(b.activityId)];
  return left < right ? 1 : left > right ? -1 : 0;
};

/**
 * One page of the feed, newest first (001 §9: 100 rows at a time), and whether an older page exists. Filtered
 * by action, it reads each asked action's partition of the byAction index for just the page (one extra row
 * each tells whether more exist) and merges them: what it reads grows with the page and the number of actions
 * asked for, never with the activities of other actions
 * (docs/decisions.md, "The Activity Tracker reaches every activity": a bulk run's thousand generations no
 * longer hide a budget change).
 */
export async function listActivitiesPage(
  request: ActivityPageRequest,
): Promise<{ activities: Activity[]; more: boolean }> {
  const count = request.limit + 1;
  const rows =
    request.actions === undefined
      ? await everyAction(count, request.after)
      : (await Promise.all(request.actions.map((action) => oneAction(action, count, request.after))))
          .flat()
          .sort(newestKeyFirst);
  return { activities: rows.slice(0, request.limit).map(toActivity), more: rows.length > request.limit };
}
