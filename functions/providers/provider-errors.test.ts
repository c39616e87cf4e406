import { describe, expect, it } from 'vitest';
import {
  errorFromHttpFailure,
  isMalformedJson,
  networkFailureReason,
  providerDetail,
  timeoutError,
} from './provider-errors';

const context = { provider: 'openai', label: 'OpenAI', apiModelId: 'gpt-4o' } as const;
const kindOf = (status: number, code?: string, message?: string) =>
  errorFromHttpFailure(context, { status, code, message }).kind;

describe('errorFromHttpFailure', () => {
  it('classifies statuses and provider codes', () => {
    expect(kindOf(401)).toBe('auth');
    expect(kindOf(403)).toBe('auth');
    expect(kindOf(400, 'INVALID_ARGUMENT API_KEY_INVALID')).toBe('auth');
    expect(kindOf(404)).toBe('unknown_model');
    expect(kindOf(400, 'model_not_found')).toBe('unknown_model');
    expect(kindOf(400, 'content_policy_violation')).toBe('refused');
    expect(kindOf(400, 'moderation_blocked')).toBe('refused');
    expect(kindOf(429)).toBe('rate_limited');
    expect(kindOf(500)).toBe('server');
    expect(kindOf(529, 'overloaded_error')).toBe('server');
    expect(kindOf(408)).toBe('timeout');
    expect(kindOf(400, 'invalid_request_error', 'max_tokens is too large')).toBe('invalid_request');
    expect(kindOf(302)).toBe('bad_response');
  });

  it('names the provider and keeps its explanation, except for key problems', () => {
    const invalid = errorFromHttpFailure(context, {
      status: 400,
      message: 'max_tokens is too large:\n 999999',
    });
    expect(invalid.message).toBe('OpenAI rejected the request (HTTP 400): max_tokens is too large: 999999');
    const auth = errorFromHttpFailure(context, {
      status: 401,
      message: 'Incorrect API key provided: sk-abc...xyz',
    });
    expect(auth.message).not.toContain('sk-abc');
    expect(auth.status).toBe(401);
  });

  it('carries retry-after, and marks an exhausted quota as not worth retrying', () => {
    const limited = errorFromHttpFailure(context, { status: 429, retryAfterMs: 2000 });
    expect(limited.retryAfterMs).toBe(2000);
    expect(limited.retryable).toBe(true);
    expect(errorFromHttpFailure(context, { status: 429, code: 'insufficient_quota' }).retryable).toBe(false);
  });
});

describe('helpers', () => {
  it('shortens long provider details', () => {
    expect(providerDetail('x'.repeat(500))).toHaveLength(300);
    expect(providerDetail(undefined)).toBe('');
  });

  it('finds network failures and JSON syntax errors down the cause chain', () => {
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
    });
    expect(networkFailureReason(new Error('wrapped', { cause: refused }))).toBe('connection refused');
    expect(networkFailureReason(new Error('plain'))).toBeUndefined();
    expect(isMalformedJson(new Error('wrapped', { cause: new SyntaxError('Unexpected token') }))).toBe(true);
    expect(isMalformedJson(new Error('nope'))).toBe(false);
  });

  it('words a timeout in seconds', () => {
    expect(timeoutError(context, 120_000).message).toBe(
      'OpenAI did not answer within 120 s. Try again, or choose another model.',
    );
  });
});
