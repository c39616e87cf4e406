import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { backgroundFunctions, type HttpRoute, httpRoutes } from '#contract/routes';
import { LbmStudioStack } from '#infra/stack';
import { NO_EXTERNAL_LINKS } from '#shared/runtime-config';
import { buildApp, createProjectRoot, resourcesOf, resourcesOfType, tempDir } from './fixture';

const config = {
  stackName: 'Guarded',
  allowedEmailDomain: 'agency.test',
  adminEmails: [],
  externalLinks: NO_EXTERNAL_LINKS,
  corsAllowedOrigins: [],
  customDomain: null,
};

const newStack = (projectRoot: string, routes?: readonly HttpRoute[]) =>
  new LbmStudioStack(
    new App({ outdir: tempDir('guarded-'), context: { 'aws:cdk:bundling-stacks': [] } }),
    'Guarded',
    {
      config,
      projectRoot,
      httpRoutes: routes,
    },
  );

describe('stack guards', () => {
  it('asks for a frontend build when there is none', () => {
    const projectRoot = createProjectRoot({ withFrontend: false });
    expect(() => newStack(projectRoot)).toThrow(
      /frontend\/dist\/index.html is missing\. Run npm run build first/,
    );
  });

  it('names the handler entry that is missing', () => {
    const projectRoot = createProjectRoot();
    rmSync(join(projectRoot, backgroundFunctions.worker));
    expect(() => newStack(projectRoot)).toThrow(
      `Handler entry ${backgroundFunctions.worker} of WorkerFunction does not exist`,
    );
  });

  it('refuses a route that could outlive API Gateway’s 30-second integration limit', () => {
    const first = httpRoutes[0]!;
    const slow: HttpRoute = {
      ...first,
      id: 'Slow',
      path: '/api/slow',
      function: { ...first.function, id: 'Slow', timeoutSeconds: 60 },
    };
    expect(() => newStack(createProjectRoot(), [...httpRoutes, slow])).toThrow(/Function Slow asks for 60 s/);
  });

  it('turns one more route-table line with a function of its own into one more function and route', () => {
    const extra: HttpRoute = {
      id: 'GetStatus',
      method: 'GET',
      path: '/api/status',
      auth: 'user',
      function: { id: 'GetStatus', entry: httpRoutes[0]!.function.entry, timeoutSeconds: 20, memoryMb: 256 },
    };
    const template = Template.fromStack(newStack(createProjectRoot(), [...httpRoutes, extra]));
    expect(resourcesOf(template).GetStatusFunction?.Properties).toMatchObject({
      Timeout: 20,
      MemorySize: 256,
    });
    const keys = resourcesOfType(template, 'AWS::ApiGatewayV2::Route').map(
      ([, route]) => route.Properties?.RouteKey,
    );
    expect(keys).toContain('GET /api/status');
  });

  it('configures CORS only for the origins given in the context', () => {
    const { stack } = buildApp({ context: { corsAllowedOrigins: 'https://tools.agency.test' } });
    const api = resourcesOfType(Template.fromStack(stack), 'AWS::ApiGatewayV2::Api').find(
      ([, resource]) => resource.Properties?.ProtocolType === 'HTTP',
    );
    expect(api?.[1].Properties?.CorsConfiguration).toMatchObject({
      AllowOrigins: ['https://tools.agency.test'],
      // Prefer (wait for a job) and Idempotency-Key (resume a job) are part of the public API's contract.
      AllowHeaders: ['authorization', 'content-type', 'prefer', 'idempotency-key'],
    });
  });

  it('serves a custom domain with its certificate and TLS 1.2 at least', () => {
    const certificateArn =
      'arn:aws:acm:us-east-1:123456789012:certificate/0b1c2d3e-aaaa-bbbb-cccc-123456789012';
    const { stack } = buildApp({ context: { domainName: 'studio.agency.test', certificateArn } });
    const template = Template.fromStack(stack);
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: {
        Aliases: ['studio.agency.test'],
        ViewerCertificate: {
          AcmCertificateArn: certificateArn,
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        },
      },
    });
    template.hasOutput('SiteUrl', { Value: 'https://studio.agency.test' });
  });
});
