import { describe, expect, it } from 'vitest';
import { API_EDGE_GUARD_FUNCTION_CODE } from '#infra/api-edge-guard';
import { viewerRequestFunction } from '#local/cloudfront-function';
import { MAX_API_REQUEST_BODY_BYTES } from '#shared/api-limits';
import { resourcesOfType, sharedTemplate } from './fixture';

/** The /api/* behaviour's CloudFront Function, run as CloudFront runs it (the local app port runs it too). */
const guard = viewerRequestFunction(API_EDGE_GUARD_FUNCTION_CODE);
const request = (uri: string, headers: Record<string, string> = {}) =>
  guard({ method: 'POST', uri, headers });

describe('API edge guard', () => {
  it('passes ordinary requests on unchanged', () => {
    expect(request('/api/clients', { 'content-length': String(MAX_API_REQUEST_BODY_BYTES) })).toBeNull();
    expect(request('/api/clients/caf%C3%A9')).toBeNull();
    expect(request('/api/health')).toBeNull();
  });

  it('refuses a body over the limit with 413 in the API error shape', () => {
    const refused = request('/api/clients', { 'content-length': String(MAX_API_REQUEST_BODY_BYTES + 1) });
    expect(refused?.statusCode).toBe(413);
    expect(refused?.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(refused?.body ?? '')).toEqual({
      error: {
        code: 'payload_too_large',
        message: 'The request body is larger than 6 MB, the most one API request may carry.',
      },
    });
  });

  it('refuses a malformed %-escape with 400 in the API error shape', () => {
    const refused = request('/api/clients/%E0%A4%A');
    expect(refused?.statusCode).toBe(400);
    expect(JSON.parse(refused?.body ?? '')).toEqual({
      error: { code: 'bad_request', message: 'The path holds a malformed %-escape.' },
    });
  });

  it('runs on the /api/* behaviour of the distribution, at viewer request', () => {
    const { template } = sharedTemplate();
    const [functionId] =
      resourcesOfType(template, 'AWS::CloudFront::Function').find(([, fn]) =>
        String(fn.Properties?.FunctionCode).includes('payload_too_large'),
      ) ?? [];
    expect(functionId).toBeDefined();
    const [, distribution] = resourcesOfType(template, 'AWS::CloudFront::Distribution')[0] ?? [];
    const config = distribution?.Properties?.DistributionConfig as {
      CacheBehaviors?: Array<{ PathPattern: string; FunctionAssociations?: unknown[] }>;
    };
    const api = config.CacheBehaviors?.find((behavior) => behavior.PathPattern === '/api/*');
    expect(api?.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [functionId, 'FunctionARN'] } },
    ]);
  });
});
