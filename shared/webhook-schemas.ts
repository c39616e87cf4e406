import * as z from './validation/zod';
import {
  MAX_WEBHOOK_URL_LENGTH,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  WEBHOOK_MESSAGES,
} from './webhooks';

/** The bodies and replies of the webhook routes (shared/webhooks.ts describes the events). */

/** Body of POST /api/webhooks. */
export const createWebhookRequestSchema = z.object({
  url: z
    .string({ error: WEBHOOK_MESSAGES.urlRequired })
    .check(
      z.trim(),
      z.minLength(1, WEBHOOK_MESSAGES.urlRequired),
      z.maxLength(MAX_WEBHOOK_URL_LENGTH, WEBHOOK_MESSAGES.urlTooLong),
    ),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: `must be one of ${WEBHOOK_EVENTS.join(', ')}` }), {
      error: WEBHOOK_MESSAGES.eventsRequired,
    })
    .check(
      z.minLength(1, WEBHOOK_MESSAGES.eventsRequired),
      z.refine((events) => new Set(events).size === events.length, 'An event is listed twice'),
    ),
});
export type CreateWebhookRequest = z.output<typeof createWebhookRequestSchema>;

export const webhookSchema = z.object({
  webhookId: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  createdAt: z.string(),
  /** The last delivery's outcome, null before the first. */
  lastDelivery: z.nullable(
    z.object({
      status: z.enum(WEBHOOK_DELIVERY_STATUSES),
      at: z.string(),
      responseStatus: z.nullable(z.number()),
    }),
  ),
});
export type Webhook = z.output<typeof webhookSchema>;

export const webhookCreatedSchema = z.extend(webhookSchema, {
  secret: z.string().check(
    z.meta({
      description:
        'The signing secret, `whsec_` and base64: shown only in this reply. Verify each delivery with it (the Standard Webhooks libraries take it as it is).',
    }),
  ),
});
export type CreatedWebhook = z.output<typeof webhookCreatedSchema>;

export const webhookListSchema = z.object({ webhooks: z.array(webhookSchema) });

export const webhookDeliverySchema = z.object({
  deliveryId: z
    .string()
    .check(z.meta({ description: 'Also the `webhook-id` header: the same on every attempt.' })),
  webhookId: z.string(),
  type: z.string().check(z.meta({ description: 'The event, or `webhook.test` for a test event.' })),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  responseStatus: z
    .nullable(z.number())
    .check(z.meta({ description: 'The receiver’s HTTP status on the last attempt; null if none came.' })),
  error: z.nullable(z.string()),
  createdAt: z.string(),
  lastAttemptAt: z.nullable(z.string()),
  nextAttemptAt: z
    .nullable(z.string())
    .check(z.meta({ description: 'When the next attempt is due while `status` is `pending`.' })),
});
export type WebhookDelivery = z.output<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
