/**
 * A webhook attempt's message on the jobs queue (docs/architecture.md, "Webhooks"): the worker that runs
 * the jobs also makes the attempts, so webhooks add no queue and no function to the stack. Apart from
 * webhook-queue.ts so that the worker reads messages without the sender's code.
 */
export interface WebhookMessage {
  readonly kind: 'webhook';
  readonly webhookId: string;
  readonly deliveryId: string;
  /** The delivery's round (a redelivery starts a new one; an older round's message stands down). */
  readonly round: number;
  /** The attempt of the round this message makes, from 0: its place in the retry schedule. */
  readonly attempt: number;
  /** When the attempt is due (ISO): SQS delays a message 15 minutes at most, so it may come early. */
  readonly dueAt: string;
}

export function parseWebhookMessage(body: string): WebhookMessage | null {
  try {
    const parsed = JSON.parse(body) as Partial<WebhookMessage>;
    if (parsed.kind !== 'webhook') return null;
    const { webhookId, deliveryId, round, attempt, dueAt } = parsed;
    if (typeof webhookId !== 'string' || typeof deliveryId !== 'string' || typeof dueAt !== 'string') {
      return null;
    }
    if (!Number.isInteger(round) || !Number.isInteger(attempt)) return null;
    return { kind: 'webhook', webhookId, deliveryId, round: round ?? 0, attempt: attempt ?? 0, dueAt };
  } catch {
    return null;
  }
}
