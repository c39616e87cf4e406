import * as z from './validation/zod';

/**
 * The activity feed (spec 000 §3 user_activities, 001 §2 'Activity Tracker', §4, §9): what the server
 * records, what GET /api/activities returns and what the admins' WebSocket receives live.
 */

/**
 * 001 §9 'Activity feed: limit 100 rows': the first load is the newest 100, and so is every page after
 * it ('Load more' reads the next 100 older ones; the spec is silent on older rows:
 * docs/decisions.md, "The Activity Tracker reaches every activity").
 */
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

export const activityCreatedEventSchema = z.object({
  type: z.literal(ACTIVITY_CREATED_EVENT),
  activity: activitySchema,
});

export type ActivityCreatedEvent = z.infer<typeof activityCreatedEventSchema>;

/** A badge colour of the Activity Tracker. */
export type ActivityTone = 'blue' | 'green' | 'purple' | 'orange' | 'secondary';

/**
 * Every action the app records, the one list: the spec's names (001 §3 user_activities) and the app's
 * own. `recordActivity` takes only these (its `action` is an ActivityAction), so a recorder of a new
 * action does not compile until it is listed here, and GET /api/activities?action= accepts exactly
 * these. An entry may name and colour its action; one left empty reads as its own name
 * (`client_updated` → 'Client Updated') in the colour its kind gets (activity-feed.ts). The
 * review loop's four actions and the calendar's reschedule.
 */
export const ACTIVITY_ACTIONS = {
  // 001 §3 'Action names seen'
  press_release_generation: {},
  blog_rewrite: {},
  faq_generation: {},
  client_content_save: {},
  image_generation: {},
  image_analysis: {},
  podcast_generation: {},
  content_import: {},
  gbp_post_generation: {},
  gbp_image_generation: {},
  social_content_generation: {},
  social_image_generation: {},
  // The app's own tools
  newsletter_generation: {},
  client_content_generation: {},
  multi_platform_generation: {},
  // Clients, access and budgets
  client_updated: {},
  client_deleted: {},
  client_restored: {},
  access_granted: {},
  access_removed: {},
  budget_set: {},
  budget_raised: {},
  budget_extra_job_allowed: {},
  // Agency settings (the Settings page)
  update_settings: { label: 'Settings Updated' },
  // Client statements: the markup, and the statement's links
  markup_set: {},
  statement_link_created: {},
  statement_link_revoked: {},
  // WordPress
  wordpress_post_published: {},
  wordpress_post_scheduled: { label: 'WordPress Post Scheduled', tone: 'purple' },
  wordpress_post_updated: {},
  wordpress_post_rescheduled: { label: 'WordPress Post Rescheduled', tone: 'purple' },
  wordpress_post_deleted: {},
  wordpress_media_uploaded: {},
  // Publishing channels (GBP, Facebook, Instagram, LinkedIn, X)
  channel_connected: { label: 'Channel Connected', tone: 'blue' },
  channel_disconnected: { label: 'Channel Disconnected', tone: 'secondary' },
  channel_post_scheduled: { label: 'Channel Post Scheduled', tone: 'purple' },
  channel_post_rescheduled: { label: 'Channel Post Rescheduled', tone: 'purple' },
  channel_post_cancelled: { label: 'Channel Post Cancelled', tone: 'secondary' },
  channel_post_published: { label: 'Channel Post Published', tone: 'green' },
  channel_post_failed: { label: 'Channel Post Failed', tone: 'orange' },
  channel_post_deleted: { label: 'Channel Post Deleted', tone: 'secondary' },
  // The review loop
  review_requested: { label: 'Review Requested', tone: 'blue' },
  review_commented: { label: 'Review Comment', tone: 'secondary' },
  review_approved: { label: 'Review Approved', tone: 'green' },
  review_changes_requested: { label: 'Changes Requested', tone: 'orange' },
  // Who approves (docs/decisions.md 'Approval steps'): an administrator completed a client's approval step in its place.
  approval_overridden: { label: 'Approval Overridden', tone: 'orange' },
} as const satisfies Record<string, ActionLook>;

/** How the tracker shows an action: its badge text and colour, when the name and kind do not say it. */
export interface ActionLook {
  readonly label?: string;
  readonly tone?: ActivityTone;
}

export type ActivityAction = keyof typeof ACTIVITY_ACTIONS;

const LOOKS: Readonly<Record<string, ActionLook | undefined>> = ACTIVITY_ACTIONS;

/** The listed look of an action; undefined for an action not in the list (one an older version wrote). */
export function actionLook(action: string): ActionLook | undefined {
  return isActivityAction(action) ? LOOKS[action] : undefined;
}

export function isActivityAction(value: string): value is ActivityAction {
  return Object.hasOwn(ACTIVITY_ACTIONS, value);
}
