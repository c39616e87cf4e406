/**
 * How often the review links' expiry reminders are looked for (functions/notifications/scheduled-reminders.ts),
 * by the stack's schedule (infra/rate-schedule.ts) and the local runtime alike, and how long
 * before a link expires its reviewer is reminded. No CDK imports: the local runtime and the function read it.
 */
export const REVIEW_REMINDER_INTERVAL_MINUTES = 15;
export const REVIEW_REMINDER_LEAD_HOURS = 24;
/** A run reads one or two months of the expiry index and sends a few e-mails. */
export const REVIEW_REMINDERS_TIMEOUT_SECONDS = 60;
