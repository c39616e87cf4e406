import { describe, expect, it } from 'vitest';
import { retryAfterFromHeaders, retryDelayFromGoogleError } from './retry-after';

const headers = (values: Record<string, string>) => new Headers(values);

describe('retryAfterFromHeaders', () => {
  const now = Date.parse('2026-11-21T10:00:00Z');

  it('reads seconds, fractional seconds and retry-after-ms (which wins)', () => {
    expect(retryAfterFromHeaders(headers({ 'retry-after': '3' }), now)).toBe(3000);
    expect(retryAfterFromHeaders(headers({ 'retry-after': '0.5' }), now)).toBe(500);
    expect(retryAfterFromHeaders(headers({ 'retry-after': '3', 'retry-after-ms': '120' }), now)).toBe(120);
  });

  it('reads an HTTP date as the time left until then, never negative', () => {
    expect(retryAfterFromHeaders(headers({ 'retry-after': 'Sat, 21 Nov 2026 10:00:05 GMT' }), now)).toBe(
      5000,
    );
    expect(retryAfterFromHeaders(headers({ 'retry-after': 'Sat, 21 Nov 2026 09:00:00 GMT' }), now)).toBe(0);
  });

  it('ignores absent and unreadable values', () => {
    expect(retryAfterFromHeaders(undefined, now)).toBeUndefined();
    expect(retryAfterFromHeaders(headers({}), now)).toBeUndefined();
    expect(retryAfterFromHeaders(headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(retryAfterFromHeaders(headers({ 'retry-after': '-1' }), now)).toBeUndefined();
  });
});

describe('retryDelayFromGoogleError', () => {
  it('reads the RetryInfo retryDelay of a Google error body', () => {
    const body = {
      error: {
        code: 429,
        details: [
          { '@type': 'type.googleapis.com/google.rpc.QuotaFailure' },
          { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '12.5s' },
        ],
      },
    };
    expect(retryDelayFromGoogleError(body)).toBe(12_500);
    expect(retryDelayFromGoogleError({ error: { details: [{ retryDelay: 'soon' }] } })).toBeUndefined();
    expect(retryDelayFromGoogleError('not json')).toBeUndefined();
  });
});
