import { setTimeout as sleep } from 'node:timers/promises';
import { ulid } from 'ulid';
import { recordActivity } from '#functions/activities/activity-log';
import { logger } from '#functions/commons/logger';
import { findContent, patchContent } from '#functions/content/content-store';
import { emitWebhookEvent } from '#functions/webhooks/emit-webhook-event';
import { CHANNEL_MESSAGES, CHANNEL_PLATFORM_INFO } from '#shared/channels';
import { nextStatus, statusOf } from '#shared/content-status';
import { channelApp } from './channel-apps';
import { ChannelError, type ChannelPost, type ConnectedAccount, type PublishedPost } from './channel-port';
import {
  activeAccount,
  type ConnectionRecord,
  findConnection,
  ReconnectNeededError,
  refreshConnection,
} from './connection-store';
import { CHANNEL_ADAPTERS } from './platforms/adapters';
import {
  findPublication,
  nextTimestamp,
  type PublicationKey,
  type PublicationRecord,
  replacePublication,
} from './publication-store';

/**
 * Sending one publication, exactly once (docs/architecture.md, "Publishing channels"):
 *
 * 1. **Claim.** The publication becomes `publishing` with a new attempt id and start time, by a put
 *    conditioned on what was read: of two runs (a retried request, a second scheduled run, a redelivery)
 *    one claims and the other stops. The claim also sets `dueAt` to when the attempt counts as stalled,
 *    so a run that dies (kill -9) is looked at again by the scheduled publisher.
 * 2. **Reconcile.** Taking over a stalled attempt, or retrying after an answer that may have been lost
 *    (a 5xx, a dropped connection), first asks the platform for a post of this account with exactly this
 *    text made since the attempt began; if there is one, that is the post, and nothing is sent again.
 * 3. **Send,** with 429 and 5xx retried after the platform's `retry-after` or a doubling backoff while
 *    the deadline allows; an expired token is refreshed once; a refusal fails the post with the
 *    platform's message. Past the deadline a retryable post goes back to `scheduled` with a later
 *    `dueAt`, until GIVE_UP_MS after its time, when it fails.
 * 4. **Complete,** with the post's id and URL, conditioned on still holding the claim.
 */

/**
 * An attempt this old is presumed dead: longer than any function that claims one may run (29 s for a
 * publish now, 60 s for the scheduled publisher). PUBLISH_STALL_SECONDS shortens it for the test that
 * kills the runtime mid-send.
 */
const stalledAttemptMs = () => {
  const seconds = Number(process.env.PUBLISH_STALL_SECONDS);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 3 * 60 * 1000;
};
/** A post still failing with 429/5xx this long after its time fails for good. */
export const GIVE_UP_MS = 60 * 60 * 1000;
const FIRST_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 30_000;
/** The scheduled publisher looks again this long after a retryable failure past the deadline. */
const LATER_MS = 60_000;
/** Platform clocks and ours differ a little: a found post may be dated slightly before the attempt. */
const CLOCK_SKEW_MS = 60_000;

export interface RunOptions {
  /** Epoch ms by which this run must have stopped sending (the function's deadline, less a margin). */
  readonly deadline: number;
  /** Injected for tests. */
  readonly now?: () => number;
  readonly wait?: (ms: number) => Promise<unknown>;
}

type Outcome =
  | { readonly kind: 'published'; readonly post: PublishedPost }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'later'; readonly message: string };

const activityCaller = (record: PublicationRecord) => ({
  userId: record.createdBy,
  email: record.createdByEmail ?? '',
});

/** Runs the publication if it is due and nobody else is at it; answers its state afterwards. */
export async function runPublication(
  key: PublicationKey,
  options: RunOptions,
): Promise<PublicationRecord | null> {
  const now = options.now ?? Date.now;
  const current = await findPublication(key);
  if (!current) return null;
  if (current.status === 'published' || current.status === 'failed') return current;
  if (current.dueAt && Date.parse(current.dueAt) > now()) return current;
  const stalled = current.status === 'publishing';
  const attemptStartedAt = new Date(now()).toISOString();
  const claimed: PublicationRecord = {
    ...current,
    status: 'publishing',
    attemptId: ulid(),
    attemptStartedAt,
    // Reconciliation looks for posts since the first attempt that may have gone out.
    ...(stalled && current.attemptStartedAt ? { attemptStartedAt: current.attemptStartedAt } : {}),
    attempts: current.attempts + 1,
    dueAt: new Date(now() + stalledAttemptMs()).toISOString(),
    error: undefined,
    updatedAt: nextTimestamp(current.updatedAt, now()),
  };
  if (!(await replacePublication(current, claimed))) return findPublication(key);
  const outcome = await attempt(claimed, stalled, options);
  return settle(claimed, outcome, now);
}

async function attempt(
  claimed: PublicationRecord,
  reconcileFirst: boolean,
  options: RunOptions,
): Promise<Outcome> {
  const now = options.now ?? Date.now;
  const wait = options.wait ?? sleep;
  const platformName = CHANNEL_PLATFORM_INFO[claimed.platform].name;
  const adapter = CHANNEL_ADAPTERS[claimed.platform];
  let connection: ConnectionRecord;
  try {
    connection = await findConnection(claimed.clientId, claimed.connectionId);
  } catch {
    return { kind: 'failed', message: CHANNEL_MESSAGES.connectionGone(claimed.platform) };
  }
  const app = await channelApp(claimed.platform);
  if (!app.credentials) return { kind: 'failed', message: CHANNEL_MESSAGES.notConfigured(claimed.platform) };
  let account: ConnectedAccount;
  try {
    ({ record: connection, account } = await activeAccount(connection, now()));
  } catch (error) {
    if (error instanceof ReconnectNeededError) {
      return { kind: 'failed', message: CHANNEL_MESSAGES.reconnectNeeded(claimed.platform) };
    }
    return { kind: 'later', message: `${platformName}: the connection's token could not be refreshed.` };
  }
  const since = new Date(Date.parse(claimed.attemptStartedAt ?? claimed.updatedAt) - CLOCK_SKEW_MS);
  let post: ChannelPost;
  try {
    post = {
      text: claimed.text,
      ...(claimed.imageUrl
        ? { image: await (await import('./channel-image')).loadImage(claimed.imageUrl) }
        : {}),
      ...(claimed.gbp ? { gbp: claimed.gbp } : {}),
    };
  } catch (error) {
    return {
      kind: 'failed',
      message: `${platformName}: ${error instanceof Error ? error.message : 'the image could not be read'}`,
    };
  }
  let refreshed = false;
  let reconcile = reconcileFirst;
  let backoff = FIRST_BACKOFF_MS;
  for (;;) {
    try {
      if (reconcile) {
        const found = await adapter.findPost(account, claimed.text, since, app.endpoints);
        if (found) return { kind: 'published', post: found };
        reconcile = false;
      }
      return { kind: 'published', post: await adapter.publish(account, post, app.endpoints) };
    } catch (error) {
      if (!(error instanceof ChannelError)) {
        logger.error('Channel publish failed unexpectedly', { platform: claimed.platform, error });
        // The request may have reached the platform: look before sending again.
        reconcile = true;
        if (now() + backoff > options.deadline)
          return { kind: 'later', message: `${platformName}: the post could not be sent.` };
        await wait(backoff);
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
        continue;
      }
      if (error.kind === 'token_expired' && !refreshed) {
        refreshed = true;
        try {
          connection = await refreshConnection(connection);
          ({ account } = await activeAccount(connection, now()));
        } catch (refreshError) {
          if (refreshError instanceof ReconnectNeededError) {
            return { kind: 'failed', message: CHANNEL_MESSAGES.reconnectNeeded(claimed.platform) };
          }
          return {
            kind: 'later',
            message: `${platformName}: the connection's token could not be refreshed.`,
          };
        }
        continue;
      }
      if (error.kind === 'token_expired') {
        return { kind: 'failed', message: CHANNEL_MESSAGES.reconnectNeeded(claimed.platform) };
      }
      if (error.kind === 'rate_limited' || error.kind === 'unavailable') {
        // A 5xx may hide a post that was made; a 429 was refused before anything happened.
        if (error.kind === 'unavailable') reconcile = true;
        const delay = Math.max(error.retryAfterMs ?? backoff, 0);
        const message = `${platformName}: ${error.message}`;
        if (now() + delay > options.deadline) return { kind: 'later', message };
        await wait(delay);
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
        continue;
      }
      return { kind: 'failed', message: `${platformName}: ${error.message}` };
    }
  }
}

async function settle(
  claimed: PublicationRecord,
  outcome: Outcome,
  now: () => number,
): Promise<PublicationRecord | null> {
  const key = {
    clientId: claimed.clientId,
    contentId: claimed.contentId,
    publicationId: claimed.publicationId,
  };
  const current = await findPublication(key);
  // Somebody else took over meanwhile (this run was presumed dead): theirs stands.
  if (!current || current.attemptId !== claimed.attemptId) return current;
  const updatedAt = nextTimestamp(current.updatedAt, now());
  const dueTime = Date.parse(claimed.scheduledAt ?? claimed.createdAt);
  const outcomeNow: Outcome =
    outcome.kind === 'later' && now() - dueTime > GIVE_UP_MS
      ? { kind: 'failed', message: outcome.message }
      : outcome;
  let next: PublicationRecord;
  if (outcomeNow.kind === 'published') {
    next = {
      ...current,
      status: 'published',
      postId: outcomeNow.post.postId,
      postUrl: outcomeNow.post.postUrl,
      publishedAt: new Date(now()).toISOString(),
      dueAt: undefined,
      error: undefined,
      updatedAt,
    };
  } else if (outcomeNow.kind === 'failed') {
    next = { ...current, status: 'failed', error: outcomeNow.message, dueAt: undefined, updatedAt };
  } else {
    next = {
      ...current,
      status: 'scheduled',
      error: outcomeNow.message,
      dueAt: new Date(now() + LATER_MS).toISOString(),
      updatedAt,
    };
  }
  if (!(await replacePublication(current, next))) return findPublication(key);
  if (next.status === 'published') {
    await markItemPublished(next);
    await emitWebhookEvent(next.createdBy, 'content.published', {
      clientId: next.clientId,
      contentId: next.contentId,
      destination: next.platform,
      url: next.postUrl ?? null,
      publishedAt: next.publishedAt ?? updatedAt,
    });
  }
  if (next.status !== 'scheduled') {
    await recordActivity(activityCaller(next), {
      id: `${next.publicationId}-${next.status}`,
      action: next.status === 'published' ? 'channel_post_published' : 'channel_post_failed',
      resourceType: 'client_content',
      resourceId: next.contentId,
      details: publicationDetails(next),
    });
  }
  return next;
}

/** The activity's details of a publication (its channel, its post, what went wrong). */
export function publicationDetails(record: PublicationRecord): Record<string, unknown> {
  return {
    client_id: record.clientId,
    content_id: record.contentId,
    publication_id: record.publicationId,
    platform: record.platform,
    channel: record.channelName,
    ...(record.scheduledAt ? { scheduled_at: record.scheduledAt } : {}),
    ...(record.postUrl ? { post_url: record.postUrl } : {}),
    ...(record.error ? { error: record.error } : {}),
    ...(record.approvalOverridden ? { approval_overridden: true } : {}),
  };
}

async function markItemPublished(record: PublicationRecord): Promise<void> {
  const content = await findContent(record.clientId, record.contentId);
  if (!content) return;
  await patchContent(content, (current) => ({
    status:
      nextStatus(statusOf(current.status), { type: 'channel', postStatus: 'published' }) ??
      statusOf(current.status),
  }));
}
