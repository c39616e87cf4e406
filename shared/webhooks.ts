/**
 * Webhooks (docs/decisions.md, "Webhooks"): HTTPS endpoints a user or an API key registers for events,
 * delivered as the Standard Webhooks specification says (https://www.standardwebhooks.com): a JSON body
 * `{type, timestamp, data}` with the `webhook-id`, `webhook-timestamp` and `webhook-signature` headers,
 * signed with the endpoint's own secret. The events, their labels and the retry schedule are described
 * here once; the server, the API Keys page and the OpenAPI document read them (the schemas are in
 * webhook-schemas.ts, so a screen that only labels events builds no zod).
 */

export const WEBHOOK_EVENTS = [
  'job.succeeded',
  'job.failed',
  'batch.finished',
  'review.commented',
  'review.decided',
  'content.published',
  'budget.warning',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Sent by 'Send test event' only; an endpoint need not subscribe to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type WebhookDeliveryType = WebhookEvent | typeof WEBHOOK_TEST_EVENT;

/** What each event means, for the API Keys page and the document. */
export const WEBHOOK_EVENT_DESCRIPTIONS: Readonly<Record<WebhookEvent, string>> = {
  'job.succeeded': 'A generation job of yours finished with its result.',
  'job.failed': 'A generation job of yours failed.',
  'batch.finished': 'A batch of yours has no row left to run.',
  'review.commented': 'A client commented, through a review link, on a library item you own or follow.',
  'review.decided':
    'A client approved or requested changes, through a review link, on a library item you own or follow.',
  'content.published': 'An item was published to WordPress or to a channel by you.',
  'budget.warning': 'A job of yours took its client past 80 % of its monthly budget.',
};

/** A user's endpoints at most. */
export const MAX_WEBHOOKS_PER_USER = 10;
export const MAX_WEBHOOK_URL_LENGTH = 2048;
/** Deliveries are kept this long, then expire (TTL). */
export const WEBHOOK_DELIVERY_RETENTION_DAYS = 30;
/** A receiver has this long to answer an attempt (Standard Webhooks: answer fast, work later). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * When each attempt is made, in seconds after the one before: the schedule the Standard Webhooks
 * specification suggests (at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), about 27.6 hours in all,
 * so a receiver that is down for a day still gets the event.
 */
export const WEBHOOK_RETRY_SCHEDULE_SECONDS = [0, 5, 300, 1800, 7200, 18_000, 36_000, 36_000] as const;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_MESSAGES = {
  urlRequired: 'URL is required',
  urlTooLong: `The URL may be at most ${MAX_WEBHOOK_URL_LENGTH} characters`,
  httpsRequired: 'The URL must start with https://',
  eventsRequired: 'Choose at least one event',
  tooMany: `You can have at most ${MAX_WEBHOOKS_PER_USER} webhook endpoints`,
  created: 'Webhook endpoint added',
  deleted: 'Webhook endpoint deleted',
  testSent: 'Test event sent',
  redelivered: 'Delivery sent again',
  fetchFailed: 'Failed to load webhook endpoints',
  createFailed: 'Failed to add the webhook endpoint',
  deleteFailed: 'Failed to delete the webhook endpoint',
  testFailed: 'Failed to send a test event',
  deliveriesFailed: 'Failed to load the deliveries',
  redeliverFailed: 'Failed to send the delivery again',
  secretCopied: 'Signing secret copied to clipboard',
  copyFailed: 'Could not copy the secret: select it and copy it by hand',
} as const;

/** What each event's `data` holds (the document shows an example of each). */
export interface WebhookEventData {
  readonly 'job.succeeded': {
    readonly jobId: string;
    readonly tool: string;
    readonly clientId: string | null;
    /** The library item it was saved as, if it was. */
    readonly contentId: string | null;
    readonly batchId: string | null;
    /** GET it with the same key for the result. */
    readonly statusUrl: string;
  };
  readonly 'job.failed': WebhookEventData['job.succeeded'] & { readonly error: string };
  readonly 'batch.finished': {
    readonly batchId: string;
    readonly status: 'finished' | 'cancelled';
    readonly succeeded: number;
    readonly failed: number;
    readonly cancelled: number;
  };
  readonly 'review.commented': {
    readonly clientId: string;
    readonly contentId: string;
    readonly title: string;
    readonly author: string;
    readonly comment: string;
  };
  readonly 'review.decided': {
    readonly clientId: string;
    readonly contentId: string;
    readonly title: string;
    readonly reviewer: string;
    readonly decision: 'approved' | 'changes_requested';
    readonly comment: string;
  };
  readonly 'content.published': {
    readonly clientId: string;
    readonly contentId: string;
    /** `wordpress`, or the channel's platform (`gbp`, `facebook`, `instagram`, `linkedin`, `x`). */
    readonly destination: string;
    readonly url: string | null;
    readonly publishedAt: string;
  };
  readonly 'budget.warning': {
    readonly clientId: string;
    readonly month: string;
    readonly percent: number;
    readonly budgetUsd: number;
    readonly monthToDateUsd: number;
  };
}

/** The body of every delivery. */
export interface WebhookPayload<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly timestamp: string;
  readonly data: Data;
}
