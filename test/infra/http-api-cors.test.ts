import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/generation-jobs';
import { buildApp, logicalIdOf, resourcesOf } from './fixture';

/** With CORS origins configured, a browser on another origin can send every header the API reads. */
describe('HTTP API CORS', () => {
  const { stack } = buildApp({ context: { corsAllowedOrigins: 'https://tools.agency.test' } });
  const template = Template.fromStack(stack);
  const cors = resourcesOf(template)[logicalIdOf(template, 'AWS::ApiGatewayV2::Api', 'HttpApi')]?.Properties
    ?.CorsConfiguration as { AllowOrigins?: string[]; AllowHeaders?: string[] } | undefined;

  it('allows the configured origin', () => {
    expect(cors?.AllowOrigins).toEqual(['https://tools.agency.test']);
  });

  it('allows the Idempotency-Key header of the generation endpoints', () => {
    expect(cors?.AllowHeaders).toEqual(
      expect.arrayContaining(['authorization', 'content-type', IDEMPOTENCY_KEY_HEADER.toLowerCase()]),
    );
  });
});
