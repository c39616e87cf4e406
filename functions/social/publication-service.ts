import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { ulid } from 'ulid';
import { recordActivity } from '#functions/activities/activity-log';
import { overrideDetails, passPublishingGate, publishingRulesOf } from '#functions/approvals/publishing-gate';
import type { ClientRecord } from '#functions/clients/client-record';
import type { Caller } from '#functions/commons/caller';
import { BadRequestError, ConflictError } from '#functions/commons/errors';
import type { ContentRecord } from '#functions/content/content-record';
import { patchContent } from '#functions/content/content-store';
import { entities } from '#functions/data/entities';
import {
  CHANNEL_MESSAGES,
  CHANNEL_PLATFORM_INFO,
  type Publication,
  type PublicationRequest,
} from '#shared/channels';
import { nextStatus, statusOf } from '#shared/content-status';
import { htmlToText } from '#shared/text';
import { channelApp } from './channel-apps';
import { attachableImage } from './channel-image-access';
import { ChannelError } from './channel-port';
import { activeAccount, findConnection, ReconnectNeededError } from './connection-store';
import { CHANNEL_ADAPTERS } from './platforms/adapters';
import {
  insertPublication,
  nextTimestamp,
  type PublicationKey,
  type PublicationRecord,
  replacePublication,
  requirePublication,
  toPublication,
} from './publication-store';
import { publicationDetails, runPublication } from './publish-attempt';

/**
 * What the publications routes do (docs/architecture.md, "Publishing channels"): a post is checked
 * against its platform's rules and the client's approval gate before it is stored, then sent at once
 * (within the request, `publishNowDeadline`) or left for the scheduled publisher at its time.
 */

/** A "now" publish sends within the request: API Gateway cuts it at 30 s, the function at 29 s. */
const PUBLISH_NOW_BUDGET_MS = 20_000;
/** A schedule this far in the past is a clock a little behind, not a date in the past. */
const SCHEDULE_SKEW_MS = 60_000;

export interface PublishingCall {
  readonly caller: Caller;
  readonly client: ClientRecord;
  readonly userAgent: string | null;
  /** The remaining time of the function, for a publish now. */
  readonly remainingMs: () => number;
}

function deadlineOf(call: PublishingCall): number {
  return Date.now() + Math.min(PUBLISH_NOW_BUDGET_MS, Math.max(call.remainingMs() - 6_000, 0));
}

function futureDate(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const at = Date.parse(value);
  if (Number.isNaN(at) || at < Date.now() - SCHEDULE_SKEW_MS) {
    throw new BadRequestError(CHANNEL_MESSAGES.scheduledInPast, 'validation_failed');
  }
  return new Date(Math.max(at, Date.now())).toISOString();
}

function defaultText(content: ContentRecord): string {
  const text = (content.content ?? '').trim();
  return text !== '' ? text : htmlToText(content.html_content ?? '').trim();
}

/** 400 naming the platform and each of its rules the post breaks. */
async function checkPlatformRules(record: Pick<PublicationRecord, 'platform' | 'text' | 'imageUrl' | 'gbp'>) {
  // twitter-text (X's weighted count) and the image reader load with the first post made, not with every route.
  const { channelPostProblems } = await import('#shared/channel-rules');
  const image = record.imageUrl ? await (await import('./channel-image')).loadImage(record.imageUrl) : null;
  const problems = channelPostProblems(record.platform, {
    text: record.text,
    image: image ? { width: image.width, height: image.height } : null,
    ...(record.gbp ? { gbp: record.gbp } : {}),
  });
  if (problems.length > 0) throw new BadRequestError(problems.join(' '), 'validation_failed');
}

async function markItemScheduled(content: ContentRecord): Promise<void> {
  await patchContent(content, (current) => ({
    status:
      nextStatus(statusOf(current.status), { type: 'channel', postStatus: 'scheduled' }) ??
      statusOf(current.status),
  }));
}

export async function createPublication(
  call: PublishingCall,
  content: ContentRecord,
  body: PublicationRequest,
): Promise<Publication> {
  const connection = await findConnection(call.client.clientId, body.connectionId);
  if (connection.status === 'reconnect_needed') {
    throw new ConflictError(CHANNEL_MESSAGES.reconnectNeeded(connection.platform), 'reconnect_needed');
  }
  if (!(await channelApp(connection.platform)).credentials) {
    throw new ConflictError(CHANNEL_MESSAGES.notConfigured(connection.platform), 'channel_not_configured');
  }
  if (body.imageUrl) attachableImage(call.caller, content, body.imageUrl);
  const text = body.text ?? defaultText(content);
  const scheduledAt = futureDate(body.scheduledAt);
  const candidate = { platform: connection.platform, text, imageUrl: body.imageUrl, gbp: body.gbp };
  await checkPlatformRules(candidate);
  const override = passPublishingGate(
    call.caller,
    publishingRulesOf(call.client),
    content,
    body.overrideApproval,
  );
  const now = new Date().toISOString();
  const record: PublicationRecord = {
    clientId: call.client.clientId,
    contentId: content.contentId,
    publicationId: ulid(),
    connectionId: connection.connectionId,
    platform: connection.platform,
    channelName: connection.name,
    status: 'scheduled',
    text,
    ...(body.imageUrl ? { imageUrl: body.imageUrl } : {}),
    ...(body.gbp ? { gbp: body.gbp } : {}),
    ...(scheduledAt ? { scheduledAt } : {}),
    dueAt: scheduledAt ?? now,
    attempts: 0,
    ...(override ? { approvalOverridden: true, overriddenSteps: [...override.steps] } : {}),
    createdAt: now,
    createdBy: call.caller.userId,
    createdByEmail: call.caller.email,
    updatedAt: now,
  };
  await insertPublication(record);
  if (scheduledAt) {
    await markItemScheduled(content);
    await recordActivity(call.caller, {
      action: 'channel_post_scheduled',
      resourceType: 'client_content',
      resourceId: content.contentId,
      details: { ...publicationDetails(record), client_name: call.client.name, ...overrideDetails(override) },
      userAgent: call.userAgent,
    });
    return toPublication(record);
  }
  const ran = await runPublication(keyOf(record), { deadline: deadlineOf(call) });
  return toPublication(ran ?? record);
}

const keyOf = (record: PublicationKey): PublicationKey => ({
  clientId: record.clientId,
  contentId: record.contentId,
  publicationId: record.publicationId,
});

/** Retry of a failed post: it is due again now, and sent within the request. */
export async function retryPublication(
  call: PublishingCall,
  content: ContentRecord,
  key: PublicationKey,
): Promise<Publication> {
  const current = await requirePublication(key);
  if (current.status !== 'failed') throw new ConflictError(CHANNEL_MESSAGES.retryNotFailed, 'not_failed');
  if (!current.approvalOverridden) {
    passPublishingGate(call.caller, publishingRulesOf(call.client), content, undefined);
  }
  const due: PublicationRecord = {
    ...current,
    status: 'scheduled',
    dueAt: new Date().toISOString(),
    scheduledAt: undefined,
    error: undefined,
    updatedAt: nextTimestamp(current.updatedAt),
  };
  if (!(await replacePublication(current, due)))
    throw new ConflictError(CHANNEL_MESSAGES.changedMeanwhile, 'conflict');
  const ran = await runPublication(key, { deadline: deadlineOf(call) });
  return toPublication(ran ?? due);
}

/** The calendar's drag of a scheduled post: a new time, the approval gate asked again. */
export async function reschedulePublication(
  call: PublishingCall,
  content: ContentRecord,
  key: PublicationKey,
  input: { readonly scheduledAt: string; readonly overrideApproval?: boolean | undefined },
): Promise<Publication> {
  const current = await requirePublication(key);
  if (current.status !== 'scheduled' || !current.scheduledAt) {
    throw new ConflictError(CHANNEL_MESSAGES.rescheduleNotScheduled, 'not_scheduled');
  }
  const scheduledAt = futureDate(input.scheduledAt) ?? current.scheduledAt;
  const override = current.approvalOverridden
    ? null
    : passPublishingGate(call.caller, publishingRulesOf(call.client), content, input.overrideApproval);
  const next: PublicationRecord = {
    ...current,
    scheduledAt,
    dueAt: scheduledAt,
    ...(override ? { approvalOverridden: true, overriddenSteps: [...override.steps] } : {}),
    updatedAt: nextTimestamp(current.updatedAt),
  };
  if (!(await replacePublication(current, next)))
    throw new ConflictError(CHANNEL_MESSAGES.changedMeanwhile, 'conflict');
  await recordActivity(call.caller, {
    action: 'channel_post_rescheduled',
    resourceType: 'client_content',
    resourceId: content.contentId,
    details: {
      ...publicationDetails(next),
      previous_date: current.scheduledAt,
      client_name: call.client.name,
    },
    userAgent: call.userAgent,
  });
  return toPublication(next);
}

async function removeRecord(record: PublicationRecord): Promise<void> {
  await entities().publication.build(DeleteItemCommand).key(keyOf(record)).send();
}

/**
 * DELETE …/publications/{publicationId}: a scheduled post is cancelled, a published one is removed from
 * the platform where it allows that, a failed one is discarded. A post being sent cannot be touched.
 */
export async function deletePublication(
  call: PublishingCall,
  content: ContentRecord,
  key: PublicationKey,
): Promise<{ deleted: true; publicationId: string }> {
  const current = await requirePublication(key);
  if (current.status === 'publishing') throw new ConflictError(CHANNEL_MESSAGES.beingPublished, 'publishing');
  if (current.status === 'published' && current.postId) {
    const connection = await findConnection(current.clientId, current.connectionId).catch(() => null);
    if (!connection)
      throw new ConflictError(CHANNEL_MESSAGES.connectionGone(current.platform), 'connection_gone');
    const app = await channelApp(current.platform);
    try {
      const { account } = await activeAccount(connection);
      await CHANNEL_ADAPTERS[current.platform].deletePost(account, current.postId, app.endpoints);
    } catch (error) {
      if (error instanceof ReconnectNeededError) {
        throw new ConflictError(CHANNEL_MESSAGES.reconnectNeeded(current.platform), 'reconnect_needed');
      }
      if (error instanceof ChannelError) {
        throw new ConflictError(
          `${CHANNEL_PLATFORM_INFO[current.platform].name}: ${error.message}`,
          error.kind === 'not_supported' ? 'not_supported' : 'platform_refused',
        );
      }
      throw error;
    }
  }
  await removeRecord(current);
  await recordActivity(call.caller, {
    action: current.status === 'scheduled' ? 'channel_post_cancelled' : 'channel_post_deleted',
    resourceType: 'client_content',
    resourceId: content.contentId,
    details: { ...publicationDetails(current), client_name: call.client.name },
    userAgent: call.userAgent,
  });
  return { deleted: true, publicationId: current.publicationId };
}
