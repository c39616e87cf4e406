import { describe, expect, it } from 'vitest';
import { accessLogTime, httpApiEvent, requestAuthorizerEvent, withLambdaAuthorizer } from './http-api-event';

const RECEIVED = new Date(Date.UTC(2020, 2, 2, 9, 3, 58, 390));

describe('httpApiEvent: the payload 2.0 event API Gateway sends a Lambda integration', () => {
  it('carries the route, path, query, headers and request context as API Gateway writes them', () => {
    const event = httpApiEvent(
      {
        routeKey: 'GET /api/clients/{clientId}',
        method: 'GET',
        rawPath: '/api/clients/01J%2F',
        rawQueryString: 'fields=full&limit=5',
        headers: { host: 'api.example', 'user-agent': 'curl/8', accept: 'application/json' },
        pathParameters: { clientId: '01J/' },
        sourceIp: '203.0.113.9',
      },
      RECEIVED,
    );
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'GET /api/clients/{clientId}',
      rawPath: '/api/clients/01J%2F',
      rawQueryString: 'fields=full&limit=5',
      headers: { host: 'api.example', 'user-agent': 'curl/8', accept: 'application/json' },
      queryStringParameters: { fields: 'full', limit: '5' },
      pathParameters: { clientId: '01J/' },
      isBase64Encoded: false,
      requestContext: {
        domainName: 'api.example',
        http: {
          method: 'GET',
          path: '/api/clients/01J%2F',
          protocol: 'HTTP/1.1',
          sourceIp: '203.0.113.9',
          userAgent: 'curl/8',
        },
        routeKey: 'GET /api/clients/{clientId}',
        stage: '$default',
        time: '02/Mar/2020:09:03:58 +0000',
        timeEpoch: RECEIVED.getTime(),
      },
    });
    expect(event.body).toBeUndefined();
    expect(event.cookies).toBeUndefined();
    expect(event.requestContext.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('joins a repeated query parameter’s values with commas', () => {
    const event = httpApiEvent({
      routeKey: 'GET /api/usage',
      method: 'GET',
      rawPath: '/api/usage',
      rawQueryString: 'groupBy=user&groupBy=tool&from=2026-11-01&constructor=x',
    });
    expect(event.queryStringParameters).toEqual({
      groupBy: 'user,tool',
      from: '2026-11-01',
      constructor: 'x',
    });
  });

  it('leaves out the query and path parameters when there are none', () => {
    const event = httpApiEvent({ routeKey: '$default', method: 'GET', rawPath: '/api/nowhere' });
    expect(event.queryStringParameters).toBeUndefined();
    expect(event.pathParameters).toBeUndefined();
    expect(event.rawQueryString).toBe('');
    expect(event.requestContext.domainName).toBe('127.0.0.1');
    expect(event.requestContext.http.userAgent).toBe('');
  });

  it('moves the Cookie header into cookies, one entry a cookie', () => {
    const event = httpApiEvent({
      routeKey: 'GET /api/me',
      method: 'GET',
      rawPath: '/api/me',
      headers: { cookie: 'sidebar_state=false; theme=dark', accept: '*/*' },
    });
    expect(event.cookies).toEqual(['sidebar_state=false', 'theme=dark']);
    expect(event.headers).toEqual({ accept: '*/*' });
  });

  it('passes a text body as it is and base64-encodes any other', () => {
    const json = httpApiEvent({
      routeKey: 'POST /api/clients',
      method: 'POST',
      rawPath: '/api/clients',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"Café"}',
    });
    expect(json).toMatchObject({ body: '{"name":"Café"}', isBase64Encoded: false });
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
    const png = httpApiEvent({
      routeKey: 'POST /api/upload',
      method: 'POST',
      rawPath: '/api/upload',
      headers: { 'content-type': 'image/png' },
      body: bytes,
    });
    expect(png).toMatchObject({ body: bytes.toString('base64'), isBase64Encoded: true });
    const empty = httpApiEvent({ routeKey: 'POST /api/x', method: 'POST', rawPath: '/api/x', body: '' });
    expect(empty).toMatchObject({ body: undefined, isBase64Encoded: false });
  });

  it('writes the time in the access-log form, in UTC, two-digit day and 24-hour clock', () => {
    expect(accessLogTime(new Date(Date.UTC(2026, 10, 27, 23, 5, 7)))).toBe('27/Nov/2026:23:05:07 +0000');
    expect(accessLogTime(new Date(Date.UTC(2026, 0, 1, 0, 0, 0)))).toBe('01/Jan/2026:00:00:00 +0000');
  });
});

describe('requestAuthorizerEvent and withLambdaAuthorizer', () => {
  const request = httpApiEvent({
    routeKey: 'GET /api/jobs/{jobId}',
    method: 'GET',
    rawPath: '/api/jobs/01J',
    rawQueryString: 'include=partial',
    headers: { authorization: 'Bearer lbm_x', cookie: 'a=1' },
    pathParameters: { jobId: '01J' },
  });

  it('gives the authorizer the request, its route ARN and the identity sources', () => {
    expect(requestAuthorizerEvent(request, ['origin-secret'])).toEqual({
      version: '2.0',
      type: 'REQUEST',
      routeArn: 'arn:aws:execute-api:local:000000000000:local/$default/GET/api/jobs/01J',
      identitySource: ['origin-secret'],
      routeKey: 'GET /api/jobs/{jobId}',
      rawPath: '/api/jobs/01J',
      rawQueryString: 'include=partial',
      cookies: ['a=1'],
      headers: { authorization: 'Bearer lbm_x' },
      queryStringParameters: { include: 'partial' },
      requestContext: request.requestContext,
      pathParameters: { jobId: '01J' },
      stageVariables: {},
    });
  });

  it('puts the authorizer’s context under requestContext.authorizer.lambda, leaving the request as it was', () => {
    const authorized = withLambdaAuthorizer(request, { userId: 'u1' });
    expect(authorized.requestContext.authorizer).toEqual({ lambda: { userId: 'u1' } });
    expect(authorized.requestContext.requestId).toBe(request.requestContext.requestId);
    expect('authorizer' in request.requestContext).toBe(false);
  });
});
