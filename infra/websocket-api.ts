import { ArnFormat, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccessLogFormat, CfnAccount } from 'aws-cdk-lib/aws-apigateway';
import { LogGroupLogDestination, WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { WebSocketRoute } from '#contract/routes';
import { acknowledge, acknowledgeManagedPolicy, acknowledgeWildcardResource } from './nag';

export const WEBSOCKET_STAGE_NAME = 'prod';
export const WEBSOCKET_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;
const PUSH_TO_CLOUDWATCH_POLICY = 'service-role/AmazonAPIGatewayPushToCloudWatchLogs';

export interface AppWebSocketApiProps {
  readonly logRetention: RetentionDays;
}

/**
 * The WebSocket API that carries live job progress and the admins' activity feed. The API and its stage
 * come first so that handlers can be given the callback URL; the routes are attached afterwards.
 */
export class AppWebSocketApi extends Construct {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;
  /** Every connection of the stage, for execute-api:ManageConnections. */
  readonly connectionsArn: string;

  constructor(scope: Construct, id: string, props: AppWebSocketApiProps) {
    super(scope, id);
    this.api = new WebSocketApi(this, 'Api', { description: 'LBM Studio live updates' });

    // Unlike HTTP APIs, WebSocket stages can only write access logs once the account-level API Gateway
    // setting names a CloudWatch role. The role is retained so other APIs of the account keep logging
    // if this stack is deleted.
    const cloudWatchRole = new Role(this, 'ApiGatewayCloudWatchRole', {
      assumedBy: new ServicePrincipal('apigateway.amazonaws.com'),
      managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName(PUSH_TO_CLOUDWATCH_POLICY)],
    });
    cloudWatchRole.applyRemovalPolicy(RemovalPolicy.RETAIN);
    acknowledgeManagedPolicy(
      cloudWatchRole,
      ManagedPolicy.fromAwsManagedPolicyName(PUSH_TO_CLOUDWATCH_POLICY).managedPolicyArn,
      "AmazonAPIGatewayPushToCloudWatchLogs is the policy AWS documents for API Gateway's account-level logging role; it only allows writing CloudWatch Logs.",
    );
    const account = new CfnAccount(this, 'ApiGatewayAccount', { cloudWatchRoleArn: cloudWatchRole.roleArn });
    account.applyRemovalPolicy(RemovalPolicy.RETAIN);

    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: props.logRetention });
    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: WEBSOCKET_STAGE_NAME,
      autoDeploy: true,
      throttle: WEBSOCKET_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            eventType: '$context.eventType',
            routeKey: '$context.routeKey',
            connectionId: '$context.connectionId',
            status: '$context.status',
            authorizerError: '$context.authorizer.error',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });
    this.stage.node.addDependency(account);

    this.connectionsArn = Stack.of(this).formatArn({
      service: 'execute-api',
      resource: this.api.apiId,
      resourceName: `${WEBSOCKET_STAGE_NAME}/*/@connections/*`,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });
    acknowledgeWildcardResource(
      Stack.of(this),
      this.connectionsArn,
      'Connection ids are assigned by API Gateway at connect time; the grant covers the connections of this one stage and nothing else.',
    );
  }

  /** https URL handlers post to (ApiGatewayManagementApi endpoint). */
  get callbackUrl(): string {
    return this.stage.callbackUrl;
  }

  /** wss URL the browser connects to. */
  get url(): string {
    return this.stage.url;
  }

  /**
   * `$connect` is authorized by a token in the query string (browsers cannot set headers on a WebSocket);
   * later messages travel on that already-authorized connection.
   */
  addRoutes(
    routes: readonly WebSocketRoute[],
    handlers: ReadonlyMap<string, IFunction>,
    authorizerHandler: IFunction,
  ): void {
    const authorizer = new WebSocketLambdaAuthorizer('ConnectAuthorizer', authorizerHandler, {
      identitySource: ['route.request.querystring.token'],
    });
    for (const route of routes) {
      const handler = handlers.get(route.id);
      if (!handler) throw new Error(`No function for WebSocket route ${route.id}`);
      const integration = new WebSocketLambdaIntegration(`${route.id}Integration`, handler);
      const created =
        route.routeKey === '$connect'
          ? this.api.addRoute(route.routeKey, { integration, authorizer })
          : this.api.addRoute(route.routeKey, { integration });
      if (route.routeKey !== '$connect') {
        acknowledge(
          created,
          'AwsSolutions-APIG4',
          `${route.routeKey} runs on a connection that $connect already authorized; API Gateway only accepts authorizers on $connect.`,
        );
      }
    }
  }
}
