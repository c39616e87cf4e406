import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { faqRequestSchema } from '#shared/tools/faq';
import { multiPlatformRequestSchema } from '#shared/tools/multi-platform';
import * as z from '#shared/validation/zod';
import { describeValidationError, type HttpEvent, wrap } from './http-wrap';
import { logger } from './logger';

const event = { routeKey: 'GET /api/health', headers: {} } as unknown as HttpEvent;

/** A Lambda context whose countdown starts at `remainingMs` when the test starts. */
function contextWith(remainingMs: number): Context {
  const deadline = Date.now() + remainingMs;
  return { getRemainingTimeInMillis: () => deadline - Date.now() } as Partial<Context> as Context;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('wrap', () => {
  it('gives up on a handler that hangs 5 ms before Lambda would end the invocation', async () => {
    vi.useFakeTimers();
    const hanging = wrap(() => new Promise<never>(() => undefined));
    const outcome = hanging(event, contextWith(1_000)).then(
      () => 'replied',
      (error: Error) => error.name,
    );
    await vi.advanceTimersByTimeAsync(994);
    await expect(Promise.race([outcome, Promise.resolve('waiting')])).resolves.toBe('waiting');
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toBe('TimeoutError');
  });

  it('replies in time and leaves no timer behind; an error is the error reply', async () => {
    vi.useFakeTimers();
    const ok = await wrap(async () => ({ status: 'ok' }))(event, contextWith(1_000));
    expect(ok).toEqual({
      statusCode: 200,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
      body: '{"status":"ok"}',
    });
    expect(vi.getTimerCount()).toBe(0);
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const failed = await wrap(async () => {
      throw new Error('boom');
    })(event, contextWith(1_000));
    expect(failed.statusCode).toBe(500);
    expect(logged).toHaveBeenCalledOnce();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('describeValidationError', () => {
  const messageOf = (schema: z.ZodMiniType, value: unknown) => {
    const result = z.safeParse(schema, value);
    if (result.success) throw new Error('expected a refusal');
    return describeValidationError(result.error);
  };

  it('answers a message the schema wrote as written, the spec’s wording unprefixed', () => {
    expect(messageOf(multiPlatformRequestSchema, { types: [], prompt: 'Taps' })).toBe(
      'No Content Types Selected',
    );
    expect(messageOf(faqRequestSchema, { topic: 'Taps', model: 'gpt-4o-mini', questionCount: 11 })).toBe(
      'The number of questions or steps must be a whole number from 7 to 10',
    );
  });

  it('prefixes zod’s generic messages and a schema’s lower-case fragments with the field', () => {
    expect(messageOf(z.object({ topic: z.string().check(z.maxLength(3)) }), { topic: 'long' })).toBe(
      'topic: Too big: expected string to have <=3 characters',
    );
    expect(
      messageOf(z.object({ url: z.string().check(z.minLength(5, 'must be a web address')) }), { url: 'x' }),
    ).toBe('url: must be a web address');
  });
});
