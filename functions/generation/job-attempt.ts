import { $ZodError } from 'zod/v4/core';
import { MAX_RECEIVE_COUNT } from '#contract/queue-timing';
import type { Caller } from '#functions/commons/caller';
import { SafeFetchError } from '#functions/commons/safe-fetch-errors';
import { ProviderError } from '#functions/providers/ports';
import { JobDeadlineError } from './job-deadline';
import type { StoredJob } from './job-store';
import { ToolResultError } from './tool-result-error';

/**
 * What the text engine (run-job.ts) and the media engine (functions/media/media-job.ts) decide alike
 * about one delivery of a job: who it runs for, whether a failure is worth another delivery, and what
 * the user reads when it is not.
 */

/** SQS moves a message to the DLQ after this many receives (the queue's redrive policy). */
export const MAX_ATTEMPTS = MAX_RECEIVE_COUNT;

/**
 * How a delivery ended: done (the message is deleted), or to be tried again later, no sooner than the
 * provider asked (the worker turns that into the message's retry backoff).
 */
export type RunOutcome =
  | { readonly kind: 'done' }
  | { readonly kind: 'retry'; readonly retryAfterMs?: number };

export const DONE: RunOutcome = { kind: 'done' };

/** Settling failed: the message comes back, and its next delivery settles the finished job. */
export const RETRY: RunOutcome = { kind: 'retry' };

export function retryLater(error: unknown): RunOutcome {
  const retryAfterMs = error instanceof ProviderError ? error.retryAfterMs : undefined;
  return retryAfterMs === undefined ? { kind: 'retry' } : { kind: 'retry', retryAfterMs };
}

/** The job's requester, as the request's handler saw them. */
export function callerOf(job: StoredJob): Caller {
  const apiKeyId = job.accounting?.apiKeyId;
  return {
    userId: job.userId,
    email: job.userEmail,
    isAdmin: job.isAdmin,
    authMethod: 'token',
    ...(apiKeyId ? { apiKeyId } : {}),
  };
}

/** The failed job's message: the error's own when it is written for the user, a generic one otherwise. */
export function userMessage(error: unknown): string {
  if (
    error instanceof ProviderError ||
    error instanceof ToolResultError ||
    error instanceof SafeFetchError ||
    error instanceof JobDeadlineError
  ) {
    return error.message;
  }
  if (error instanceof Error && error.name === 'NotFoundError') {
    return 'The selected client no longer exists or you no longer have access to it.';
  }
  return 'Generation failed because of an unexpected error. Please try again.';
}

export function isRetryable(error: unknown): boolean {
  if (error instanceof ProviderError) return error.retryable;
  if (error instanceof ToolResultError || error instanceof SafeFetchError) return false;
  // A request that fails its schema (zod/mini throws the core $ZodError) fails the same way every time.
  if (error instanceof $ZodError) return false;
  if (error instanceof Error && error.name === 'NotFoundError') return false;
  // Anything else (DynamoDB throttling, a network blip) may well pass on the next delivery.
  return true;
}
