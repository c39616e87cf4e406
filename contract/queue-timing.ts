/**
 * The workers' time limits and their queues' visibility timeouts, shared by the CDK stack and the local
 * runtime (which must not import CDK), so a job meets the same deadline and the same redelivery timing
 * in both places.
 */

/** The text worker's Lambda timeout: room for a long article from a reasoning model. */
export const WORKER_TIMEOUT_SECONDS = 300;

/** The media worker's: a 5,000-word podcast takes a few minutes to speak and encode. */
export const MEDIA_WORKER_TIMEOUT_SECONDS = 600;

/**
 * AWS's rule for queues feeding Lambda: the visibility timeout is at least six times the function
 * timeout, so a message is not redelivered while a retried invocation may still be working on it.
 */
export const VISIBILITY_TIMEOUT_FACTOR = 6;

export function queueVisibilitySeconds(workerTimeoutSeconds: number): number {
  return workerTimeoutSeconds * VISIBILITY_TIMEOUT_FACTOR;
}

/** A message is received this many times before SQS parks it in the dead-letter queue. */
export const MAX_RECEIVE_COUNT = 3;
