import {
  ACTIVITY_ACTIONS,
  ACTIVITY_FEED_LIMIT,
  type ActivityAction,
  activitySchema,
  isActivityAction,
} from './activity';
import { pageCursorSchema, pageLimitSchema } from './validation/page-query';
import * as z from './validation/zod';

/**
 * GET /api/activities's query and reply (docs/decisions.md, "The Activity Tracker reaches every activity"):
 * the filter by action and the pages. Apart from activity.ts, which every function that records an activity
 * bundles, so those carry none of this.
 */

/** The listed actions in the catalogue's order (the Activity Tracker's filter lists them so). */
export const ACTIVITY_ACTION_NAMES: readonly ActivityAction[] =
  Object.keys(ACTIVITY_ACTIONS).filter(isActivityAction);

/** What GET /api/activities?action= answers for a name that is not in the list above. */
export const unknownActionMessage = (names: readonly string[]) =>
  `action: unknown action ${names.map((name) => `'${name}'`).join(', ')}; allowed: ${ACTIVITY_ACTION_NAMES.join(', ')}`;

/** `?action=,`: separators only. */
export const ACTION_FILTER_EMPTY = 'action: name at least one action, or leave it out for every action';

/** `?action=` holds one action or several, comma-separated (API Gateway joins repeated parameters so). */
export const ACTION_SEPARATOR = ',';

/** GET /api/activities: one page, newest first; `next_cursor` is null on the page with the oldest row. */
export const activityPageSchema = z.object({
  activities: z.array(activitySchema),
  next_cursor: z.nullable(z.string()),
});

export type ActivityPage = z.infer<typeof activityPageSchema>;

/** `?action=` stops here: every listed action, comma-separated, fits in it with room to spare. */
export const ACTION_QUERY_MAX = 2000;

/**
 * The query of GET /api/activities: `action` (one listed action or several, comma-separated; the
 * handler names any it does not know), and the paging every list takes (shared/validation/page-query.ts).
 */
export const listActivitiesQuerySchema = z.object({
  action: z.optional(
    z.string().check(z.maxLength(ACTION_QUERY_MAX, `must be at most ${ACTION_QUERY_MAX} characters`)),
  ),
  limit: pageLimitSchema(ACTIVITY_FEED_LIMIT, ACTIVITY_FEED_LIMIT),
  cursor: pageCursorSchema(),
});

/**
 * The actions an `?action=` value names, each once, in the order given; the names it holds that are not
 * listed go to `unknown`. Blank entries (`a,,b`) are left out.
 */
export function parseActionFilter(value: string): { actions: ActivityAction[]; unknown: string[] } {
  const names = [
    ...new Set(
      value
        .split(ACTION_SEPARATOR)
        .map((name) => name.trim())
        .filter((name) => name !== ''),
    ),
  ];
  return {
    actions: names.filter(isActivityAction),
    unknown: names.filter((name) => !isActivityAction(name)),
  };
}
