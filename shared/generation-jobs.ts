import { TOOL_IDS, type ToolId } from './tools/catalog';

/**
 * What the browser and the server agree on about generation jobs (browser-safe): the per-user cap on
 * unfinished jobs and the `Idempotency-Key` header that lets a page resume a job whose POST reply it
 * never saw (docs/decisions.md, "Generation").
 */

/**
 * How long a job and its result are kept after it was created: long enough to reopen a closed tab, short
 * enough to stay tidy. A bulk row without a client has only its job's result (the bulk page says so).
 */
export const JOB_KEPT_DAYS = 7;

/** Most jobs one user may have queued or running at once; one more answers 429. */
export const MAX_UNFINISHED_JOBS_PER_USER = 20;

/**
 * A bulk run's rows hold at most this many of those slots: its rows wait for them instead of
 * being refused, and the user keeps the rest for the tools while it runs.
 */
export const BATCH_JOB_SLOTS = MAX_UNFINISHED_JOBS_PER_USER - 5;

export const TOO_MANY_JOBS_MESSAGE = `You already have ${MAX_UNFINISHED_JOBS_PER_USER} generations queued or running, the most one person may have at once. Wait for one to finish, then try again.`;

/**
 * The 503 of a generation POST whose job could not be put on the queue: nothing runs
 * and nothing is counted against the user, and the same Idempotency-Key sends that job again.
 */
export const JOB_NOT_QUEUED_MESSAGE = `The generation could not be queued, so it has not started. Try again in a moment (with the same ${'Idempotency-Key'} to send this job again).`;

/** Optional on every generation POST; the same key from the same user gets the same job back. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** A key is remembered this long; after it, the same key starts a new job. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

export const INVALID_IDEMPOTENCY_KEY_MESSAGE = `The ${IDEMPOTENCY_KEY_HEADER} header must be 8 to 64 characters of letters, digits, '-' and '_'.`;

export function isIdempotencyKey(value: string): boolean {
  return IDEMPOTENCY_KEY_PATTERN.test(value);
}

/**
 * Every kind of generation job (a job's `tool`): the text worker's tools and the media worker's, from
 * the tool catalog (shared/tools/catalog.ts), whose order the OpenAPI document lists them in.
 */
export const JOB_TOOLS: readonly ToolId[] = TOOL_IDS;
export type JobTool = ToolId;
