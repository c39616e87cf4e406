/**
 * How the jobs queue feeds the worker, shared by the CDK event source (infra/stack.ts) and the local
 * SQS poller (local/sqs-poller.ts), so both run jobs the same way. No CDK import: the local runtime
 * reads it at start.
 */

/**
 * At most this many jobs run at once: a burst of requests queues up instead of meeting the providers'
 * rate limits all at once and burning the three receives of every message on 429s.
 */
export const WORKER_MAX_CONCURRENCY = 10;

/** One job per invocation: a failed job is retried alone. */
export const WORKER_BATCH_SIZE = 1;
