import * as z from './validation/zod';

/**
 * The activity feed (spec 000 §3 user_activities, 001 §2 'Activity Tracker', §4, §9): what the server
 * records, what GET /api/activities returns and what the admins' WebSocket receives live.
 */

/** 001 §9 'Activity feed: limit 100 rows': the first load and the live list both stop here. */
export const ACTIVITY_FEED_LIMIT = 100;

/** The WebSocket event pushed to admins after each recorded activity (001 §4 'receives new inserts live'). */
export const ACTIVITY_CREATED_EVENT = 'activity.created';

/** A row of user_activities; `ip_address` is always null, as the spec records. */
export const activitySchema = z.object({
  id: z.string(),
  user_id: z.string(),
  user_email: z.string(),
  action: z.string(),
  resource_type: z.string(),
  resource_id: z.nullable(z.string()),
  details: z.record(z.string(), z.unknown()),
  ip_address: z.null(),
  user_agent: z.nullable(z.string()),
  created_at: z.string(),
});

export type Activity = z.infer<typeof activitySchema>;

export const activityFeedSchema = z.object({ activities: z.array(activitySchema) });

export const activityCreatedEventSchema = z.object({
  type: z.literal(ACTIVITY_CREATED_EVENT),
  activity: activitySchema,
});

export type ActivityCreatedEvent = z.infer<typeof activityCreatedEventSchema>;

/** A badge colour of the Activity Tracker. */
export type ActivityTone = 'blue' | 'green' | 'purple' | 'orange' | 'secondary';

/**
 * Actions the Activity Tracker names and colours as listed here; every other action reads as its own
 * name (`client_updated` → 'Client Updated') in the colour its kind gets (activity-feed.ts). Issue 33:
 * the review loop's four actions and the calendar's reschedule.
 */
export const ACTIVITY_ACTIONS: Readonly<Partial<Record<string, { label: string; tone: ActivityTone }>>> = {
  review_requested: { label: 'Review Requested', tone: 'blue' },
  review_commented: { label: 'Review Comment', tone: 'secondary' },
  review_approved: { label: 'Review Approved', tone: 'green' },
  review_changes_requested: { label: 'Changes Requested', tone: 'orange' },
  wordpress_post_rescheduled: { label: 'WordPress Post Rescheduled', tone: 'purple' },
};
