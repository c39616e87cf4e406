import type { ActivityAction } from '#shared/activity';
import { ACTION_SEPARATOR, type ActivityPage, activityPageSchema } from '#shared/activity-query';
import { api } from '@/lib/api-client';

/**
 * GET /api/activities: one page, newest first (admins only; the server answers 403 otherwise). Without a
 * cursor the newest rows; with the previous page's `next_cursor` the next older ones. `actions` keeps
 * only those actions (all when empty).
 */
export async function fetchActivityPage(
  request: { readonly actions: readonly ActivityAction[]; readonly cursor?: string | undefined },
  signal?: AbortSignal,
): Promise<ActivityPage> {
  const query = new URLSearchParams();
  if (request.actions.length > 0) query.set('action', request.actions.join(ACTION_SEPARATOR));
  if (request.cursor !== undefined) query.set('cursor', request.cursor);
  const search = query.size > 0 ? `?${query}` : '';
  return api.get(`/api/activities${search}`, { schema: activityPageSchema, ...(signal ? { signal } : {}) });
}
