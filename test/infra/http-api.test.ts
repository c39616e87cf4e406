import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { gatewayFunction, httpRoutes, UNMATCHED_ROUTE_KEY } from '#contract/routes';
import { logicalIdOf, resourcesOf, resourcesOfType, sharedTemplate } from './fixture';

describe('HTTP API', () => {
  const { template } = sharedTemplate();
  const apiId = logicalIdOf(template, 'AWS::ApiGatewayV2::Api', 'HttpApi');
  const routes = resourcesOfType(template, 'AWS::ApiGatewayV2::Route').filter(
    ([, route]) => JSON.stringify(route.Properties?.ApiId) === JSON.stringify({ Ref: apiId }),
  );

  it('is an HTTP API with an auto-deployed, throttled, access-logged default stage', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP' });
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      ApiId: { Ref: apiId },
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
      AccessLogSettings: {
        DestinationArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^HttpAccessLogs'), 'Arn'] },
        Format: Match.stringLikeRegexp('\\$context.requestId'),
      },
    });
  });

  const authorizerProperties = {
    ApiId: { Ref: apiId },
    AuthorizerType: 'REQUEST',
    AuthorizerPayloadFormatVersion: '2.0',
    EnableSimpleResponses: true,
    IdentitySource: ['$request.header.x-origin-verify'],
    AuthorizerUri: Match.objectLike({
      'Fn::Join': Match.arrayWith([Match.arrayWith([{ 'Fn::GetAtt': ['HttpAuthorizerFunction', 'Arn'] }])]),
    }),
  };

  it('has one authorizer function behind two Lambda REQUEST authorizers with simple responses', () => {
    template.resourcePropertiesCountIs('AWS::ApiGatewayV2::Authorizer', { ApiId: { Ref: apiId } }, 2);
  });

  it('never caches decisions on routes with credentials, and does not require the Authorization header', () => {
    // With Authorization an identity source, API Gateway would answer its absence with its own 401
    // body before the authorizer runs; uncached, every request is checked (a deactivated key at once).
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      ...authorizerProperties,
      Name: 'CredentialAuthorizer',
      AuthorizerResultTtlInSeconds: 0,
    });
  });

  it('has exactly one route per route-table entry, under /api, and a $default route for the rest', () => {
    const keys = routes.map(([, route]) => route.Properties?.RouteKey).sort();
    expect(keys).toEqual(
      [...httpRoutes.map((route) => `${route.method} ${route.path}`), UNMATCHED_ROUTE_KEY].sort(),
    );
    for (const key of keys.filter((candidate) => candidate !== UNMATCHED_ROUTE_KEY)) {
      expect(String(key)).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/api\//);
    }
  });

  it('sends every unmatched request to the Gateway function, through the origin check', () => {
    const unmatched = routes.find(([, route]) => route.Properties?.RouteKey === UNMATCHED_ROUTE_KEY)?.[1];
    const originAuthorizerId = resourcesOfType(template, 'AWS::ApiGatewayV2::Authorizer').find(
      ([, resource]) => resource.Properties?.Name === 'OriginAuthorizer',
    )?.[0];
    expect(unmatched?.Properties?.AuthorizationType).toBe('CUSTOM');
    expect(unmatched?.Properties?.AuthorizerId).toEqual({ Ref: originAuthorizerId });
    const integrationId =
      /"integrations\/",\{"Ref":"([^"]+)"\}/.exec(JSON.stringify(unmatched?.Properties?.Target))?.[1] ?? '';
    expect(JSON.stringify(resourcesOf(template)[integrationId]?.Properties?.IntegrationUri)).toContain(
      `"${gatewayFunction.id}Function"`,
    );
  });

  it('checks only the origin header on public routes, cached for 5 minutes', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      ...authorizerProperties,
      Name: 'OriginAuthorizer',
      IdentitySource: ['$request.header.x-origin-verify'],
      AuthorizerResultTtlInSeconds: 300,
    });
  });

  it('authorizes every route: public ones on the origin header, the others on credentials too', () => {
    const authorizerNamed = (name: string) =>
      resourcesOfType(template, 'AWS::ApiGatewayV2::Authorizer').find(
        ([, resource]) => resource.Properties?.Name === name,
      )?.[0];
    const credentialAuthorizerId = authorizerNamed('CredentialAuthorizer');
    const originAuthorizerId = authorizerNamed('OriginAuthorizer');
    expect(credentialAuthorizerId).toBeDefined();
    expect(originAuthorizerId).toBeDefined();
    for (const route of httpRoutes) {
      const found = routes.find(
        ([, candidate]) => candidate.Properties?.RouteKey === `${route.method} ${route.path}`,
      );
      const properties = found?.[1].Properties;
      expect(properties?.AuthorizationType, route.id).toBe('CUSTOM');
      expect(properties?.AuthorizerId, route.id).toEqual({
        Ref: route.auth === 'public' ? originAuthorizerId : credentialAuthorizerId,
      });
    }
  });

  it('sends each route to the function the table gives it, through one integration per function', () => {
    const integrations = resourcesOf(template);
    for (const route of httpRoutes) {
      const found = routes.find(
        ([, candidate]) => candidate.Properties?.RouteKey === `${route.method} ${route.path}`,
      );
      const target = JSON.stringify(found?.[1].Properties?.Target);
      const integrationId = /"integrations\/",\{"Ref":"([^"]+)"\}/.exec(target)?.[1] ?? '';
      const integration = integrations[integrationId];
      expect(integration?.Properties?.IntegrationType, route.id).toBe('AWS_PROXY');
      expect(integration?.Properties?.PayloadFormatVersion, route.id).toBe('2.0');
      expect(JSON.stringify(integration?.Properties?.IntegrationUri), route.id).toContain(
        `"${route.function.id}Function"`,
      );
    }
    const ofThisApi = resourcesOfType(template, 'AWS::ApiGatewayV2::Integration').filter(
      ([, integration]) => JSON.stringify(integration.Properties?.ApiId) === JSON.stringify({ Ref: apiId }),
    );
    expect(ofThisApi).toHaveLength(new Set(httpRoutes.map((route) => route.function.id)).size);
  });

  it('lets the API invoke each route function through one permission, whatever its number of routes', () => {
    const permissions = resourcesOfType(template, 'AWS::Lambda::Permission');
    for (const functionId of new Set(httpRoutes.map((route) => route.function.id))) {
      const own = permissions.filter(
        ([, permission]) =>
          JSON.stringify(permission.Properties?.FunctionName) ===
          JSON.stringify({ 'Fn::GetAtt': [`${functionId}Function`, 'Arn'] }),
      );
      expect(own, functionId).toHaveLength(1);
      const source = JSON.stringify(own[0]?.[1].Properties?.SourceArn);
      expect(source, functionId).toContain(`{"Ref":"${apiId}"}`);
      expect(source, functionId).toMatch(/\/\*\/\*\/\*"\]\]\}$/);
    }
  });

  it('configures no CORS when the site is the only caller (same origin through CloudFront)', () => {
    expect(resourcesOf(template)[apiId]?.Properties?.CorsConfiguration).toBeUndefined();
  });
});
