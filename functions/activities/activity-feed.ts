import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { entities } from '#functions/data/entities';
import { readQueryPage } from '#functions/data/item-commands';
import { partitionKey, sortKeyPrefix } from '#functions/data/item-keys';
import { ACTIVITY_FEED_LIMIT, type Activity } from '#shared/activity';

// Reading the feed is apart from recording it, so GET /api/activities bundles no WebSocket client.

/** Newest first, at most 100 (001 §9). */
export async function listActivities(limit = ACTIVITY_FEED_LIMIT): Promise<Activity[]> {
  const { table, activity } = entities();
  const { Items } = await readQueryPage(
    activity,
    table
      .build(QueryCommand)
      .entities(activity)
      .query({
        partition: partitionKey([['feed', 'all']]),
        range: { beginsWith: sortKeyPrefix('activity', 'activityId') },
      })
      .options({ reverse: true, limit: Math.min(limit, ACTIVITY_FEED_LIMIT) })
      .params(),
  );
  return Items.map((row) => ({
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
  }));
}
