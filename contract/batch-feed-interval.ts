/**
 * How often the batches that wait for job slots are fed again (functions/batches/scheduled-feed.ts), by
 * the stack's schedule (infra/rate-schedule.ts) and the local runtime alike. No CDK imports: the
 * local runtime reads it at start.
 */
export const BATCH_FEED_INTERVAL_MINUTES = 1;
/** A run feeds every waiting batch within the interval; one that overlaps the next is harmless (idempotent). */
export const BATCH_FEEDER_TIMEOUT_SECONDS = 60 * BATCH_FEED_INTERVAL_MINUTES;
