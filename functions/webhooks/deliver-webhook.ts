import { Webhook } from 'standardwebhooks';
import { decryptSecret } from '#functions/clients/password-cipher';
import { safeRequest } from '#functions/commons/safe-fetch';
import { FetchFailedError, UnsafeUrlError } from '#functions/commons/safe-fetch-errors';
import { WEBHOOK_RETRY_SCHEDULE_SECONDS, WEBHOOK_TIMEOUT_MS } from '#shared/webhooks';
import type { WebhookMessage } from './webhook-message';
import { enqueueAttempt } from './webhook-queue';
import { type DeliveryRecord, findDelivery, findWebhook, recordAttempt } from './webhook-store';

/**
 * One attempt of a delivery (docs/architecture.md, "Webhooks"), run by the jobs worker. The body is the
 * delivery's stored payload, signed as the Standard Webhooks specification says with the endpoint's
 * secret (the `standardwebhooks` package's own signer); the address goes through the safe fetcher, so
 * it never reaches a private one, and redirects are not followed. A 2xx is a success; anything else is
 * tried again on WEBHOOK_RETRY_SCHEDULE_SECONDS until the schedule ends (about a day), except an
 * address that may never be reached, which fails at once.
 */

/** What a receiver's reply may hold; only its status is kept. */
const MAX_REPLY_BYTES = 64 * 1024;
export const USER_AGENT = 'LBM-Studio-Webhooks/1.0';

/** When the attempt after `attempt` (0-based) is due, or null when the schedule is over. */
export function nextAttemptTime(attempt: number, now: Date): Date | null {
  const wait = WEBHOOK_RETRY_SCHEDULE_SECONDS[attempt + 1];
  return wait === undefined ? null : new Date(now.getTime() + wait * 1000);
}

/** The headers of one attempt: the three of Standard Webhooks, signed over id, timestamp and body. */
export function signedHeaders(
  secret: string,
  deliveryId: string,
  payload: string,
  at: Date,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'webhook-id': deliveryId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(deliveryId, at, payload),
  };
}

interface AttemptResult {
  readonly ok: boolean;
  readonly responseStatus: number | null;
  readonly error: string | null;
  /** An address that may never be reached: no retry helps. */
  readonly final: boolean;
}

async function send(url: string, headers: Record<string, string>, body: string): Promise<AttemptResult> {
  try {
    const reply = await safeRequest(url, {
      method: 'POST',
      headers,
      body,
      timeoutMs: WEBHOOK_TIMEOUT_MS,
      maxRedirects: 0,
      maxBytes: MAX_REPLY_BYTES,
      crossOriginRedirects: 'refuse',
    });
    const ok = reply.status >= 200 && reply.status < 300;
    return {
      ok,
      responseStatus: reply.status,
      error: ok ? null : `The endpoint answered HTTP ${reply.status}`,
      final: false,
    };
  } catch (error) {
    if (error instanceof UnsafeUrlError) {
      return { ok: false, responseStatus: null, error: error.message, final: true };
    }
    const message =
      error instanceof FetchFailedError && error.code === 'timeout'
        ? `The endpoint did not answer within ${WEBHOOK_TIMEOUT_MS / 1000} seconds`
        : error instanceof FetchFailedError
          ? error.message
          : 'The endpoint could not be reached';
    return {
      ok: false,
      responseStatus: error instanceof FetchFailedError ? (error.status ?? null) : null,
      error: message,
      final: false,
    };
  }
}

async function attempt(delivery: DeliveryRecord, message: WebhookMessage, now: Date): Promise<void> {
  const webhook = await findWebhook(delivery.userId, delivery.webhookId);
  if (!webhook) {
    // Deleted since: its deliveries stop (they expire with their retention).
    await recordAttempt(delivery, {
      status: 'failed',
      responseStatus: null,
      error: 'The endpoint was deleted',
      at: now,
      nextAttemptAt: null,
    });
    return;
  }
  const secret = await decryptSecret(webhook.secretCipher, 'webhook_secret');
  const result = await send(
    webhook.url,
    signedHeaders(secret, delivery.deliveryId, delivery.payload, now),
    delivery.payload,
  );
  const next = result.ok || result.final ? null : nextAttemptTime(message.attempt, now);
  await recordAttempt(delivery, {
    status: result.ok ? 'succeeded' : next ? 'pending' : 'failed',
    responseStatus: result.responseStatus,
    error: result.error,
    at: now,
    nextAttemptAt: next,
  });
  if (next) {
    await enqueueAttempt({ ...message, attempt: message.attempt + 1, dueAt: next.toISOString() }, now);
  }
}

/**
 * Runs the message's attempt. Throws only when the table, the key or the queue failed: the worker then
 * hands the message back to SQS, so the attempt is made again rather than lost (a receiver may then see
 * a delivery twice, with the same `webhook-id`, as Standard Webhooks allows).
 */
export async function deliverWebhook(message: WebhookMessage, now = new Date()): Promise<void> {
  // Longer waits than SQS's 15 minutes arrive early: wait again (a second's skew is not worth a hop).
  if (Date.parse(message.dueAt) - now.getTime() > 1000) {
    await enqueueAttempt(message, now);
    return;
  }
  const delivery = await findDelivery(message.webhookId, message.deliveryId);
  // Gone (expired), done, or owned by a later round (a redelivery): nothing to do.
  if (delivery?.status !== 'pending' || delivery.round !== message.round) return;
  await attempt(delivery, message, now);
}
