import { BadRequestError } from '#functions/commons/errors';
import { httpHandler } from '#functions/commons/http-handler';
import { decodeCursor, encodeCursor } from '#functions/commons/paging';
import { parseQuery } from '#functions/usage/query-params';
import type { ActivityAction } from '#shared/activity';
import {
  ACTION_FILTER_EMPTY,
  type ActivityPage,
  listActivitiesQuerySchema,
  parseActionFilter,
  unknownActionMessage,
} from '#shared/activity-query';
import { listActivitiesPage } from './activity-feed';

/** `?action=` as the actions to read; a name the app does not record is a 400 that names it. */
function actionsOf(value: string | undefined): ActivityAction[] | undefined {
  if (value === undefined) return undefined;
  const { actions, unknown } = parseActionFilter(value);
  if (unknown.length > 0) throw new BadRequestError(unknownActionMessage(unknown), 'validation_failed');
  if (actions.length === 0) throw new BadRequestError(ACTION_FILTER_EMPTY, 'validation_failed');
  return actions;
}

/**
 * GET /api/activities?action=&limit=&cursor=: admin only (the route table says so; the HTTP wrapper
 * enforces it). Newest first, 100 a page (001 §9), optionally only some actions; `next_cursor` (opaque,
 * commons/paging.ts, as the clients list and the library) reads the next older page, and is null on the
 * page that holds the oldest row.
 */
export const handler = httpHandler({
  handle: async ({ query }): Promise<ActivityPage> => {
    const parsed = parseQuery(listActivitiesQuerySchema, query);
    const actions = actionsOf(parsed.action);
    const after = parsed.cursor === undefined ? undefined : decodeCursor(parsed.cursor);
    const { activities, more } = await listActivitiesPage({ limit: parsed.limit, after, actions });
    const last = activities.at(-1);
    return { activities, next_cursor: more && last ? encodeCursor(last.id) : null };
  },
});
