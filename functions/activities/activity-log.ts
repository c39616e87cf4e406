import { ulid } from 'ulid';
import type { Caller } from '#functions/commons/caller';
import { logger } from '#functions/commons/logger';
import { entities } from '#functions/data/entities';
import { putItem } from '#functions/data/item-commands';
import { isConditionFailure } from '#functions/data/item-keys';
import { notifyAdmins } from '#functions/websocket/notifier';
import {
  ACTIVITY_CREATED_EVENT,
  type Activity,
  type ActivityAction,
  type ActivityCreatedEvent,
} from '#shared/activity';

export interface ActivityInput {
  /** A stable id makes recording idempotent (a retried job records its activity once). */
  id?: string;
  /** One of the listed actions (shared/activity.ts), so the tracker can name it and filter by it. */
  action: ActivityAction;
  resourceType: string;
  resourceId?: string | null;
  details?: Record<string, unknown>;
  userAgent?: string | null;
}

/**
 * Records what a user did, then pushes it to the admins' live feed (001 §4). A failure to record is
 * logged and swallowed (the spec: "activity-tracking failures are only logged"): the user's action
 * itself already succeeded. The push is best effort for the same reason; notifyAdmins never throws.
 */
export async function recordActivity(
  caller: Pick<Caller, 'userId' | 'email'>,
  input: ActivityInput,
): Promise<Activity | null> {
  const activity: Activity = {
    id: input.id ?? ulid(),
    user_id: caller.userId,
    user_email: caller.email,
    action: input.action,
    resource_type: input.resourceType,
    resource_id: input.resourceId ?? null,
    details: input.details ?? {},
    ip_address: null,
    user_agent: input.userAgent ?? null,
    created_at: new Date().toISOString(),
  };
  try {
    await putItem(
      entities().activity,
      {
        activityId: activity.id,
        user_id: activity.user_id,
        user_email: activity.user_email,
        action: activity.action,
        resource_type: activity.resource_type,
        resource_id: activity.resource_id ?? undefined,
        details: activity.details,
        user_agent: activity.user_agent ?? undefined,
        created_at: activity.created_at,
      },
      { attr: 'activityId', exists: false },
    );
  } catch (error) {
    // Same id again: a retried job already recorded this activity.
    if (isConditionFailure(error)) return null;
    logger.error('Failed to record activity', { error, action: input.action });
    return null;
  }
  const event: ActivityCreatedEvent = { type: ACTIVITY_CREATED_EVENT, activity };
  await notifyAdmins(event);
  return activity;
}
