import { Duration } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  CorsHttpMethod,
  HttpApi,
  HttpMethod,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/generation-jobs';
import { ORIGIN_VERIFY_IDENTITY_SOURCE } from './origin-verify';
import type { HttpRoute } from './routes';

/**
 * How long API Gateway reuses an authorizer decision for the same Authorization header, on routes that
 * take login tokens only. Routes that accept API keys are never cached (API_KEY_AUTHORIZER_CACHE_TTL):
 * a deactivated or deleted key must fail on its next request, not minutes later.
 */
export const AUTHORIZER_CACHE_TTL = Duration.minutes(5);
export const API_KEY_AUTHORIZER_CACHE_TTL = Duration.seconds(0);
/**
 * Public routes pass on CloudFront's origin header alone, whose value is the same for every request,
 * so the decision is cached as long as token decisions are.
 */
export const ORIGIN_AUTHORIZER_CACHE_TTL = AUTHORIZER_CACHE_TTL;
export const HTTP_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;

export interface AppHttpApiProps {
  readonly routes: readonly HttpRoute[];
  /** The Lambda of each function of the route table, by function id. */
  readonly handlers: ReadonlyMap<string, IFunction>;
  readonly authorizerHandler: IFunction;
  readonly corsAllowedOrigins: readonly string[];
  readonly logRetention: RetentionDays;
}

/**
 * The HTTP API: one route per entry of the route table, every route behind the one Lambda REQUEST
 * authorizer function, which first requires CloudFront's secret origin header (issue 17 item 10), then,
 * on every non-public route, a Cognito token or an `lbm_` key (the handlers then enforce
 * user/admin/apiKey). The origin header is an identity source of every authorizer, so it is part of the
 * cache key: a decision made for a request through CloudFront is never reused for one without it.
 * The site reaches it same-origin through CloudFront's /api/* behaviour, so CORS is only configured when
 * other origins are listed in the context.
 */
export class AppHttpApi extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;

  constructor(scope: Construct, id: string, props: AppHttpApiProps) {
    super(scope, id);
    this.api = new HttpApi(this, 'Api', {
      description: 'LBM Studio HTTP API',
      createDefaultStage: false,
      corsPreflight:
        props.corsAllowedOrigins.length > 0
          ? {
              allowOrigins: [...props.corsAllowedOrigins],
              allowMethods: [
                CorsHttpMethod.GET,
                CorsHttpMethod.POST,
                CorsHttpMethod.PUT,
                CorsHttpMethod.PATCH,
                CorsHttpMethod.DELETE,
                CorsHttpMethod.OPTIONS,
              ],
              allowHeaders: ['authorization', 'content-type', 'prefer', IDEMPOTENCY_KEY_HEADER.toLowerCase()],
              maxAge: Duration.hours(1),
            }
          : undefined,
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: props.logRetention });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      autoDeploy: true,
      throttle: HTTP_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            authorizerError: '$context.authorizer.error',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });

    // Authorization first: the authorizer reads the token from its header, never from this list.
    const credentialSources = ['$request.header.Authorization', ORIGIN_VERIFY_IDENTITY_SOURCE];
    const authorizer = new HttpLambdaAuthorizer('Authorizer', props.authorizerHandler, {
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      identitySource: credentialSources,
      resultsCacheTtl: AUTHORIZER_CACHE_TTL,
    });
    // The same function, uncached, for the routes whose auth kind is `apiKey` (the public API).
    const apiKeyAuthorizer = new HttpLambdaAuthorizer('ApiKeyAuthorizer', props.authorizerHandler, {
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      identitySource: credentialSources,
      resultsCacheTtl: API_KEY_AUTHORIZER_CACHE_TTL,
    });
    // The same function again for public routes: only the origin header is checked.
    const originAuthorizer = new HttpLambdaAuthorizer('OriginAuthorizer', props.authorizerHandler, {
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      identitySource: [ORIGIN_VERIFY_IDENTITY_SOURCE],
      resultsCacheTtl: ORIGIN_AUTHORIZER_CACHE_TTL,
    });
    const authorizerOf = (route: HttpRoute) =>
      route.auth === 'public' ? originAuthorizer : route.auth === 'apiKey' ? apiKeyAuthorizer : authorizer;

    // One integration per function, shared by its routes, with one permission for the whole API: a
    // route added to a function then costs the stack one resource, the route itself.
    const integrations = new Map<string, HttpLambdaIntegration>();
    const integrationOf = (functionId: string): HttpLambdaIntegration => {
      const known = integrations.get(functionId);
      if (known) return known;
      const handler = props.handlers.get(functionId);
      if (!handler) throw new Error(`No Lambda for the function ${functionId} of the route table`);
      const created = new HttpLambdaIntegration(`${functionId}Integration`, handler, {
        scopePermissionToRoute: false,
      });
      integrations.set(functionId, created);
      return created;
    };
    for (const route of props.routes) {
      this.api.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: integrationOf(route.function.id),
        authorizer: authorizerOf(route),
      });
    }
  }
}
