import { type Activity, activityFeedSchema } from '#shared/activity';
import { api } from '@/lib/api-client';

/** GET /api/activities: the newest rows, newest first (admins only; the server answers 403 otherwise). */
export async function fetchActivities(signal?: AbortSignal): Promise<Activity[]> {
  const { activities } = await api.get('/api/activities', {
    schema: activityFeedSchema,
    ...(signal ? { signal } : {}),
  });
  return activities;
}
