import { describe, expect, it } from 'vitest';
import { httpFunctions, webSocketRoutes } from '#contract/routes';
import { functionAccess } from '#infra/function-access';
import {
  actionsOfFunction,
  logicalIdOf,
  resourcesOfType,
  sharedTemplate,
  statementsOfFunction,
} from './fixture';

describe('WebSocket API', () => {
  const { template } = sharedTemplate();
  const apiId = logicalIdOf(template, 'AWS::ApiGatewayV2::Api', 'WebSocketApi');
  const routes = resourcesOfType(template, 'AWS::ApiGatewayV2::Route').filter(
    ([, route]) => JSON.stringify(route.Properties?.ApiId) === JSON.stringify({ Ref: apiId }),
  );
  const routeByKey = (key: string) => routes.find(([, route]) => route.Properties?.RouteKey === key)?.[1];

  it('is a WebSocket API with an auto-deployed, access-logged prod stage', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'WEBSOCKET',
      RouteSelectionExpression: '$request.body.action',
    });
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      ApiId: { Ref: apiId },
      StageName: 'prod',
      AutoDeploy: true,
      AccessLogSettings: {
        DestinationArn: {
          'Fn::GetAtt': [logicalIdOf(template, 'AWS::Logs::LogGroup', 'WebSocketAccessLogs'), 'Arn'],
        },
      },
    });
    // WebSocket access logs need the account-level API Gateway CloudWatch role.
    template.hasResourceProperties('AWS::ApiGateway::Account', {
      CloudWatchRoleArn: {
        'Fn::GetAtt': [logicalIdOf(template, 'AWS::IAM::Role', 'WebSocketApiGatewayCloudWatchRole'), 'Arn'],
      },
    });
  });

  it('has the $connect, $disconnect and $default routes of the route table', () => {
    expect(routes.map(([, route]) => route.Properties?.RouteKey).sort()).toEqual(
      webSocketRoutes.map((route) => route.routeKey).sort(),
    );
  });

  it('authorizes $connect with the Lambda authorizer reading the token from the query string', () => {
    const authorizerId = logicalIdOf(
      template,
      'AWS::ApiGatewayV2::Authorizer',
      'WebSocketApiConnectAuthorizer',
    );
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      ApiId: { Ref: apiId },
      AuthorizerType: 'REQUEST',
      IdentitySource: ['route.request.querystring.token'],
    });
    const authorizerUri = JSON.stringify(
      resourcesOfType(template, 'AWS::ApiGatewayV2::Authorizer').find(([id]) => id === authorizerId)?.[1]
        .Properties?.AuthorizerUri,
    );
    expect(authorizerUri).toContain('"WsAuthorizerFunction"');
    expect(routeByKey('$connect')?.Properties).toMatchObject({
      AuthorizationType: 'CUSTOM',
      AuthorizerId: { Ref: authorizerId },
    });
    expect(routeByKey('$disconnect')?.Properties?.AuthorizationType).toBe('NONE');
    expect(routeByKey('$default')?.Properties?.AuthorizationType).toBe('NONE');
  });

  it('lets $default, the workers and activity-writing routes post to connections of this stage only', () => {
    const holders = [
      'WsDefaultFunction',
      'WorkerFunction',
      'MediaWorkerFunction',
      'DeadLettersFunction',
      ...httpFunctions.filter((fn) => functionAccess(fn).webSocket).map((fn) => `${fn.id}Function`),
    ];
    for (const id of holders) {
      const statement = statementsOfFunction(template, id).find((candidate) =>
        candidate.actions.includes('execute-api:ManageConnections'),
      );
      const resource = JSON.stringify(statement?.resources);
      expect(resource, id).toContain(`{"Ref":"${apiId}"}`);
      expect(resource, id).toContain('/prod/*/@connections/*');
    }
    // $connect and $disconnect only store and delete the connection item
    // (docs/decisions.md, "Least privilege, checked against the code").
    for (const id of [
      'HttpAuthorizerFunction',
      'WsAuthorizerFunction',
      'GatewayFunction',
      'WsConnectFunction',
      'WsDisconnectFunction',
    ]) {
      expect(actionsOfFunction(template, id), id).not.toContain('execute-api:ManageConnections');
    }
  });

  it('lets $connect, and only it, read group membership of this user pool', () => {
    const poolId = logicalIdOf(template, 'AWS::Cognito::UserPool', 'AuthUserPool');
    const readers = resourcesOfType(template, 'AWS::Lambda::Function')
      .map(([id]) => id)
      .filter((id) => actionsOfFunction(template, id).includes('cognito-idp:AdminListGroupsForUser'));
    expect(readers).toEqual(['WsConnectFunction']);
    expect(
      statementsOfFunction(template, 'WsConnectFunction').filter((statement) =>
        statement.actions.some((action) => action.startsWith('cognito-idp:')),
      ),
    ).toEqual([
      { actions: ['cognito-idp:AdminListGroupsForUser'], resources: [{ 'Fn::GetAtt': [poolId, 'Arn'] }] },
    ]);
  });
});
