import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { FetchFailedError } from '#functions/commons/safe-fetch-errors';
import { ProviderError } from '#functions/providers/ports';
import { isRetryable, retryLater, userMessage } from './job-attempt';
import { JobDeadlineError } from './job-deadline';
import { ToolResultError } from './tool-result-error';

const schemaError = (() => {
  try {
    z.object({ topic: z.string() }).parse({});
  } catch (error) {
    return error;
  }
  throw new Error('the schema accepted an empty request');
})();

const notFound = Object.assign(new Error('Client not found'), { name: 'NotFoundError' });

describe('one delivery of a job, as both engines judge it', () => {
  it('retries what may pass later and fails for good what fails the same way every time', () => {
    expect(isRetryable(new ProviderError('openai', 'rate_limited', 'Slow down'))).toBe(true);
    expect(isRetryable(new ProviderError('openai', 'auth', 'Bad key'))).toBe(false);
    expect(isRetryable(new ToolResultError('invalid_response', 'Invalid response format'))).toBe(false);
    expect(isRetryable(new FetchFailedError('timeout', 'The page took too long'))).toBe(false);
    expect(isRetryable(schemaError)).toBe(false);
    expect(isRetryable(notFound)).toBe(false);
    expect(isRetryable(new Error('ProvisionedThroughputExceededException'))).toBe(true);
  });

  it("shows the user an error's own message only when it is written for them", () => {
    expect(userMessage(new ToolResultError('no_content', 'No content generated'))).toBe(
      'No content generated',
    );
    expect(userMessage(new JobDeadlineError(300))).toContain("the worker's time limit of 300 s");
    expect(userMessage(notFound)).toBe(
      'The selected client no longer exists or you no longer have access to it.',
    );
    expect(userMessage(new Error('socket hang up'))).toBe(
      'Generation failed because of an unexpected error. Please try again.',
    );
  });

  it('waits as long as the provider asked before the next delivery', () => {
    const limited = new ProviderError('anthropic', 'rate_limited', 'Slow down', 429, { retryAfterMs: 7000 });
    expect(retryLater(limited)).toEqual({ kind: 'retry', retryAfterMs: 7000 });
    expect(retryLater(new Error('blip'))).toEqual({ kind: 'retry' });
  });
});
