/**
 * How often the channel posts whose time has come are sent (functions/social/scheduled-publisher.ts), by
 * the stack's schedule (infra/rate-schedule.ts) and the local runtime alike: a post goes out within this
 * long after its time. No CDK imports: the local runtime reads it at start.
 */
export const SCHEDULED_PUBLISH_INTERVAL_MINUTES = 1;
/** One run's time: its sends stop with a margin before it (publish-attempt.ts's deadline). */
export const SCHEDULED_PUBLISH_TIMEOUT_SECONDS = 60;
