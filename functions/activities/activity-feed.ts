import { entities } from '#functions/data/entities';
import { ACTIVITY_FEED_LIMIT, type Activity } from '#shared/activity';

// Reading the feed is apart from recording it, so GET /api/activities bundles no WebSocket client.

/** Newest first, at most 100 (001 §9). */
export async function listActivities(limit = ACTIVITY_FEED_LIMIT): Promise<Activity[]> {
  const { data } = await entities()
    .activity.query.byFeed({ feed: 'all' })
    .go({ order: 'desc', limit: Math.min(limit, ACTIVITY_FEED_LIMIT) });
  return data.map((row) => ({
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
