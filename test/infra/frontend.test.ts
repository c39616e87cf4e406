import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { API_MAX_TTL_SECONDS } from '#infra/frontend';
import { runtimeConfigSchema } from '#shared/runtime-config';
import * as z from '#shared/validation/zod';
import { logicalIdOf, resourcesOfType, sharedTemplate, TEST_DOMAIN } from './fixture';

/** CloudFront's managed policies, by their documented ids. */
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

interface DistributionConfig {
  readonly DefaultCacheBehavior?: { readonly ResponseHeadersPolicyId?: unknown };
  readonly CacheBehaviors?: unknown;
  readonly Origins?: unknown;
  readonly CustomErrorResponses?: unknown;
}

describe('CloudFront and the site bucket', () => {
  const { template, outdir } = sharedTemplate();
  const siteBucketId = logicalIdOf(template, 'AWS::S3::Bucket', 'FrontendSiteBucket');
  const distributionId = logicalIdOf(template, 'AWS::CloudFront::Distribution', 'FrontendDistribution');
  const distribution: DistributionConfig =
    template.toJSON().Resources[distributionId].Properties.DistributionConfig;

  it('serves the private site bucket through origin access control, HTTPS only', () => {
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: {
        OriginAccessControlOriginType: 's3',
        SigningBehavior: 'always',
        SigningProtocol: 'sigv4',
      },
    });
    expect(distribution).toMatchObject({
      DefaultRootObject: 'landing.html',
      DefaultCacheBehavior: {
        ViewerProtocolPolicy: 'redirect-to-https',
        CachePolicyId: CACHING_OPTIMIZED,
        FunctionAssociations: [{ EventType: 'viewer-request' }],
      },
      Origins: expect.arrayContaining([
        expect.objectContaining({
          DomainName: { 'Fn::GetAtt': [siteBucketId, 'RegionalDomainName'] },
          OriginAccessControlId: expect.anything(),
        }),
      ]),
      Logging: { Prefix: 'cloudfront/' },
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: siteBucketId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 's3:GetObject',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Condition: { StringEquals: { 'AWS:SourceArn': Match.anyValue() } },
          }),
        ]),
      },
    });
  });

  it('compresses API replies with gzip and brotli under a policy that caches nothing', () => {
    const policies = resourcesOfType(template, 'AWS::CloudFront::CachePolicy');
    expect(policies).toHaveLength(1);
    expect(policies[0]?.[1].Properties?.CachePolicyConfig).toMatchObject({
      MinTTL: 0,
      DefaultTTL: 0,
      MaxTTL: API_MAX_TTL_SECONDS,
      ParametersInCacheKeyAndForwardedToOrigin: {
        EnableAcceptEncodingGzip: true,
        EnableAcceptEncodingBrotli: true,
        HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Authorization'] },
        QueryStringsConfig: { QueryStringBehavior: 'all' },
        CookiesConfig: { CookieBehavior: 'none' },
      },
    });
    expect(API_MAX_TTL_SECONDS).toBeLessThanOrEqual(1);
  });

  it('proxies /api/* to the HTTP API uncached, forwarding every viewer header but Host', () => {
    const apiPolicy = resourcesOfType(template, 'AWS::CloudFront::CachePolicy')[0]?.[0] ?? '';
    expect(distribution?.CacheBehaviors).toEqual([
      expect.objectContaining({
        PathPattern: '/api/*',
        CachePolicyId: { Ref: apiPolicy },
        OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
        AllowedMethods: expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS']),
        ViewerProtocolPolicy: 'redirect-to-https',
      }),
    ]);
    expect(JSON.stringify(distribution?.CacheBehaviors)).not.toContain(CACHING_DISABLED);
    const apiOrigin = JSON.stringify(distribution?.Origins);
    expect(apiOrigin).toContain('"OriginProtocolPolicy":"https-only","OriginSSLProtocols":["TLSv1.2"]');
    expect(apiOrigin).toContain(
      `"Fn::GetAtt":["${logicalIdOf(template, 'AWS::ApiGatewayV2::Api', 'HttpApi')}","ApiEndpoint"]`,
    );
  });

  it('falls back to index.html for client-side routes without rewriting API errors', () => {
    // A distribution-wide 403/404 → index.html rule would turn the API's JSON errors into HTML 200s.
    expect(distribution?.CustomErrorResponses).toBeUndefined();
    template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionConfig: { Runtime: 'cloudfront-js-2.0' },
      FunctionCode: Match.stringLikeRegexp("request.uri = '/index.html'"),
    });
  });

  it('serves `/` its prerendered landing page and every other route the plain shell', () => {
    template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: Match.stringLikeRegexp("request.uri === '/'[^]*request.uri = '/landing.html'"),
    });
  });

  it('sends security headers with the CSP on every response', () => {
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: {
          ContentSecurityPolicy: { Override: true, ContentSecurityPolicy: Match.anyValue() },
          StrictTransportSecurity: {
            AccessControlMaxAgeSec: 63072000,
            IncludeSubdomains: true,
            Override: true,
          },
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
        },
      },
    });
    const policy = JSON.stringify(resourcesOfType(template, 'AWS::CloudFront::ResponseHeadersPolicy')[0]);
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain(`"Ref":"${logicalIdOf(template, 'AWS::ApiGatewayV2::Api', 'WebSocketApi')}"`);
    const policyId = logicalIdOf(
      template,
      'AWS::CloudFront::ResponseHeadersPolicy',
      'FrontendSecurityHeaders',
    );
    expect(distribution?.DefaultCacheBehavior?.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
  });

  it('deploys the build and a config.json in the shape of the runtime config, without userPoolEndpoint', () => {
    const deployments = resourcesOfType(template, 'Custom::CDKBucketDeployment').map(
      ([, resource]) => resource,
    );
    const site = deployments.find((deployment) => deployment.Properties?.Prune === true)?.Properties;
    expect(site).toMatchObject({
      DestinationBucketName: { Ref: siteBucketId },
      Exclude: ['assets/*'],
      SystemMetadata: { 'cache-control': 'no-cache' },
      DistributionId: { Ref: distributionId },
      DistributionPaths: ['/*'],
    });
    const assets = deployments.find((deployment) => deployment.Properties?.Prune === false)?.Properties;
    expect(assets).toMatchObject({
      DestinationBucketKeyPrefix: 'assets/',
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });

    const keys = site?.SourceObjectKeys;
    const markers = site?.SourceMarkers;
    if (!Array.isArray(keys) || !Array.isArray(markers)) throw new Error('site deployment without sources');
    const configKey = String(keys[1]).replace(/\.zip$/, '');
    const config = JSON.parse(readFileSync(join(outdir, `asset.${configKey}`, 'config.json'), 'utf8'));
    expect(z.strictObject(runtimeConfigSchema.shape).parse(config)).toEqual(config);
    expect(config).not.toHaveProperty('userPoolEndpoint');
    expect(config).toMatchObject({
      authFlowType: 'USER_PASSWORD_AUTH',
      apiUrl: '',
      allowedEmailDomain: TEST_DOMAIN,
      local: false,
      externalLinks: { backlinkManager: 'https://backlinks.example.org', emailOutreach: null },
    });
    // Tokens are filled in at deploy time through the deployment's markers.
    const resolved = (value: string): unknown => markers[1][value];
    expect(resolved(config.userPoolId)).toEqual({
      Ref: logicalIdOf(template, 'AWS::Cognito::UserPool', 'AuthUserPool'),
    });
    expect(resolved(config.userPoolClientId)).toEqual({
      Ref: logicalIdOf(template, 'AWS::Cognito::UserPoolClient', 'AuthUserPoolWebClient'),
    });
    expect(resolved(config.region)).toEqual({ Ref: 'AWS::Region' });
    expect(config.wsUrl).toMatch(/^wss:\/\/<<marker:0xbaba:\d+>>\.execute-api\..+\/prod$/);
  });

  it('exports the outputs a deployer needs', () => {
    const outputs = Object.keys(template.toJSON().Outputs);
    expect(outputs).toEqual(
      expect.arrayContaining([
        'SiteUrl',
        'DistributionId',
        'HttpApiUrl',
        'WebSocketUrl',
        'UserPoolId',
        'UserPoolClientId',
        'TableName',
        'MediaBucketName',
        'SiteBucketName',
        'JobsQueueUrl',
        'JobsDeadLetterQueueUrl',
        'ProviderSecretArn',
        'WordPressKeyId',
      ]),
    );
  });
});
