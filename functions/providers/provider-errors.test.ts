import { describe, expect, it } from 'vitest';
import { connectOpenAi } from './openai-client';
import {
  badResponseError,
  errorFromHttpFailure,
  isMalformedJson,
  networkError,
  networkFailureReason,
  providerDetail,
  refusedError,
  timeoutError,
  truncatedReplyError,
  truncatedStreamError,
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
    expect(providerDetail('x'.repeat(500))).toBe(`${'x'.repeat(300)}...`);
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

describe('wording for every provider label', () => {
  const compatible = connectOpenAi({
    provider: 'openai',
    apiKey: 'k',
    baseUrl: 'http://127.0.0.1:11434/v1',
  }).context;
  const labels = [
    connectOpenAi({ provider: 'openai', apiKey: 'k' }).context,
    connectOpenAi({ provider: 'xai', apiKey: 'k' }).context,
    compatible,
    { provider: 'anthropic', label: 'Anthropic' } as const,
    { provider: 'google', label: 'Google' } as const,
  ];

  it('writes every message as a sentence: capitalised (brands keep their case), no doubled word ("check the the")', () => {
    for (const labelled of labels) {
      const messages = [
        ...[302, 400, 401, 403, 404, 408, 429, 500, 529].map(
          (status) => errorFromHttpFailure(labelled, { status, message: 'detail' }).message,
        ),
        errorFromHttpFailure(labelled, { status: 429, code: 'insufficient_quota' }).message,
        errorFromHttpFailure(labelled, { status: 400, code: 'content_policy_violation' }).message,
        timeoutError(labelled, 5000).message,
        badResponseError(labelled, 'malformed JSON').message,
        refusedError(labelled, 'safety').message,
        truncatedStreamError(labelled).message,
        truncatedReplyError(labelled).message,
        networkError(labelled, 'connection refused').message,
      ];
      for (const message of messages) {
        expect(message, message).toMatch(/^(xAI|[A-Z])/);
        expect(message, message).not.toMatch(/\b(\w+) \1\b/i);
      }
    }
  });

  it('asks for the key of the server that refused it', () => {
    const message = errorFromHttpFailure(compatible, { status: 401 }).message;
    expect(message).toBe(
      'The OpenAI-compatible server at 127.0.0.1:11434 rejected the API key (HTTP 401). Ask an administrator to check the API key for the OpenAI-compatible server at 127.0.0.1:11434.',
    );
  });
});
