import { Duration } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  CorsHttpMethod,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { gatewayFunction, type HttpRoute as TableRoute } from '#contract/routes';
import { IDEMPOTENCY_KEY_HEADER } from '#shared/generation-jobs';
import { ORIGIN_VERIFY_IDENTITY_SOURCE } from './origin-verify';

/**
 * Routes with credentials are never cached. Their authorizer's only identity source is CloudFront's
 * origin header: were the Authorization header one too, API Gateway would answer a request without it
 * with its own `401 {"message":"Unauthorized"}` before the authorizer runs, and the API's error shape
 * could not be kept (docs/decisions.md, "One error shape"). A cache keyed on the origin header alone
 * would hand one caller's decision to every other, so there is none: every request is authorized,
 * which also makes a deactivated or deleted API key fail on its very next request.
 */
export const CREDENTIAL_AUTHORIZER_CACHE_TTL = Duration.seconds(0);
/**
 * Public routes (and `$default`) pass on CloudFront's origin header alone, whose value is the same for
 * every request, so one decision serves them all for five minutes.
 */
export const ORIGIN_AUTHORIZER_CACHE_TTL = Duration.minutes(5);
export const HTTP_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;

export interface AppHttpApiProps {
  readonly routes: readonly TableRoute[];
  /** The Lambda of each function of the route table, by function id. */
  readonly handlers: ReadonlyMap<string, IFunction>;
  readonly authorizerHandler: IFunction;
  readonly corsAllowedOrigins: readonly string[];
  readonly logRetention: RetentionDays;
}

/**
 * The HTTP API: one route per entry of the route table, every route behind the one Lambda REQUEST
 * authorizer function, which first requires CloudFront's secret origin header, then,
 * on every non-public route, reads the Authorization header; a request without valid credentials is
 * passed on with the reason and its handler answers 401 in the API's error shape. The `$default`
 * route sends every request no route matches to the Gateway function, which answers 404, or 405 with
 * `Allow`, in that shape too (API Gateway's own answers cannot be reshaped on an HTTP API). The site
 * reaches it same-origin through CloudFront's /api/* behaviour, so CORS is only configured when other
 * origins are listed in the context.
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

    // Routes with credentials: the function reads Authorization from the request's headers itself.
    const credentialAuthorizer = new HttpLambdaAuthorizer('CredentialAuthorizer', props.authorizerHandler, {
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      identitySource: [ORIGIN_VERIFY_IDENTITY_SOURCE],
      resultsCacheTtl: CREDENTIAL_AUTHORIZER_CACHE_TTL,
    });
    // The same function for public routes and `$default`: only the origin header is checked.
    const originAuthorizer = new HttpLambdaAuthorizer('OriginAuthorizer', props.authorizerHandler, {
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      identitySource: [ORIGIN_VERIFY_IDENTITY_SOURCE],
      resultsCacheTtl: ORIGIN_AUTHORIZER_CACHE_TTL,
    });
    const authorizerOf = (route: TableRoute) =>
      route.auth === 'public' ? originAuthorizer : credentialAuthorizer;

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
    new HttpRoute(this, 'UnmatchedRoute', {
      httpApi: this.api,
      routeKey: HttpRouteKey.DEFAULT,
      integration: integrationOf(gatewayFunction.id),
      authorizer: originAuthorizer,
    });
  }
}
