import type { APIGatewayRequestAuthorizerEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envNames } from '#contract/routes';
import { httpApiEvent, requestAuthorizerEvent } from '#local/http-api-event';
import { ORIGIN_VERIFY_HEADER } from '#shared/origin-verify';
import { handler } from './http-authorizer';

const ORIGIN_VALUE = 'unit-test-origin-value';

/** The authorizer's event for a request to `routeKey` (`$default`: one no route matches) with `headers`. */
function event(routeKey: string, headers: Record<string, string>): APIGatewayRequestAuthorizerEventV2 {
  const [method = 'GET', rawPath = '/unmatched'] = routeKey === '$default' ? [] : routeKey.split(' ');
  return requestAuthorizerEvent(httpApiEvent({ routeKey, method, rawPath, headers }), Object.values(headers));
}

describe('HTTP authorizer: the CloudFront origin header', () => {
  const previous = process.env[envNames.originSecret];
  beforeAll(() => {
    process.env[envNames.originSecret] = ORIGIN_VALUE;
  });
  afterAll(() => {
    if (previous === undefined) delete process.env[envNames.originSecret];
    else process.env[envNames.originSecret] = previous;
  });

  it('refuses (403) a request without the header or with another value, before looking at the token', async () => {
    expect(await handler(event('GET /api/me', { authorization: 'Bearer lbm_whatever' }))).toEqual({
      isAuthorized: false,
    });
    expect(
      await handler(event('GET /api/health', { [ORIGIN_VERIFY_HEADER]: 'guessed', authorization: 'x' })),
    ).toEqual({ isAuthorized: false });
  });

  it('lets a public route through on the header alone', async () => {
    expect(await handler(event('GET /api/health', { [ORIGIN_VERIFY_HEADER]: ORIGIN_VALUE }))).toEqual({
      isAuthorized: true,
    });
    expect(await handler(event('GET /api/openapi.json', { [ORIGIN_VERIFY_HEADER]: ORIGIN_VALUE }))).toEqual({
      isAuthorized: true,
    });
  });

  it('lets the $default route (unmatched requests) through on the header alone', async () => {
    expect(await handler(event('$default', { [ORIGIN_VERIFY_HEADER]: ORIGIN_VALUE }))).toEqual({
      isAuthorized: true,
    });
  });

  it('passes a request without valid credentials on with the reason, never throwing', async () => {
    const refusalOf = async (authorization?: string) => {
      const verdict = await handler(
        event('GET /api/me', {
          [ORIGIN_VERIFY_HEADER]: ORIGIN_VALUE,
          ...(authorization === undefined ? {} : { authorization }),
        }),
      );
      expect(verdict.isAuthorized).toBe(true);
      const context = 'context' in verdict ? (verdict.context as Record<string, unknown>) : {};
      expect(context.userId).toBe('');
      return context.refusal;
    };
    expect(await refusalOf()).toBe('missing');
    expect(await refusalOf('   ')).toBe('missing');
    expect(await refusalOf('Basic dXNlcjpwYXNz')).toBe('not_bearer');
    expect(await refusalOf('Bearer')).toBe('not_bearer');
    expect(await refusalOf('Bearer a b')).toBe('not_bearer');
  });
});
