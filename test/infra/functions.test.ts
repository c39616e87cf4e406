import { describe, expect, it } from 'vitest';
import {
  backgroundFunctions,
  envNames,
  httpFunctions,
  httpRoutes,
  MCP_PATH,
  webSocketRoutes,
} from '#contract/routes';
import { FUNCTION_DEFAULTS } from '#infra/app-function';
import { functionAccess, functionFolder } from '#infra/function-access';
import { isMediaJobFunction } from '#infra/media-worker';
import { WORKER_MEMORY_MB, WORKER_TIMEOUT } from '#infra/stack';

const MCP_FUNCTION_ID = httpRoutes.find((route) => route.path === MCP_PATH)?.function.id;

import {
  actionsOfFunction,
  logicalIdOf,
  resourcesOf,
  resourcesOfType,
  sharedTemplate,
  statementsOfFunction,
  TEST_DOMAIN,
} from './fixture';

const appFunctionIds = [
  ...httpFunctions.map((fn) => `${fn.id}Function`),
  ...webSocketRoutes.map((route) => `${route.id}Function`),
  'HttpAuthorizerFunction',
  'WsAuthorizerFunction',
  'WorkerFunction',
  'MediaWorkerFunction',
  'DeadLettersFunction',
  'BatchFeederFunction',
  'PreSignUpFunction',
  'PostConfirmationFunction',
  'TrashMigrationFunction',
  'UsageBackfillFunction',
  'ActivityIndexFillFunction',
  'AdminPromotionFunction',
  'ReviewRemindersFunction',
  'ScheduledPublisherFunction',
];

describe('Lambda functions', () => {
  const { template } = sharedTemplate();
  const all = resourcesOf(template);
  const properties = (id: string) => all[id]?.Properties ?? {};

  it('exist once per function of the route table, WebSocket route and background job, with stable logical ids', () => {
    for (const id of appFunctionIds) expect(all[id]?.Type, id).toBe('AWS::Lambda::Function');
    expect(Object.keys(backgroundFunctions)).toHaveLength(14);
    // The only others are CDK's own: the frontend copy job, the provider framework that answers
    // CloudFormation for the admin promotion, and the provider of the triggers that run the S3 trash
    // migration and the usage counter fill on deploy (one provider for both).
    expect(resourcesOfType(template, 'AWS::Lambda::Function')).toHaveLength(appFunctionIds.length + 3);
  });

  it('run nodejs24.x ES module bundles on arm64, without parsing their source maps at load', () => {
    for (const id of appFunctionIds) {
      expect(properties(id).Runtime, id).toBe('nodejs24.x');
      expect(properties(id).Architectures, id).toEqual(['arm64']);
      expect(properties(id).Handler, id).toBe('index.handler');
      // The maps ship beside the bundles (split-bundle.test.ts); a logged stack is mapped when logged.
      expect(JSON.stringify(properties(id).Environment ?? {}), id).not.toContain('enable-source-maps');
    }
  });

  it('log to their own log group with a one-month retention', () => {
    for (const id of appFunctionIds) {
      const logGroup = JSON.stringify(properties(id).LoggingConfig);
      const logGroupId = /"Ref":"([^"]+)"/.exec(logGroup)?.[1] ?? '';
      expect(all[logGroupId]?.Type, id).toBe('AWS::Logs::LogGroup');
      expect(all[logGroupId]?.Properties?.RetentionInDays, id).toBe(30);
    }
  });

  it('take timeout and memory from the route table or the defaults', () => {
    for (const fn of httpFunctions) {
      const id = `${fn.id}Function`;
      expect(properties(id).Timeout, id).toBe(fn.timeoutSeconds ?? FUNCTION_DEFAULTS.timeoutSeconds);
      expect(properties(id).MemorySize, id).toBe(fn.memoryMb ?? FUNCTION_DEFAULTS.memoryMb);
    }
    expect(properties('WorkerFunction').Timeout).toBe(WORKER_TIMEOUT.toSeconds());
    expect(properties('WorkerFunction').MemorySize).toBe(WORKER_MEMORY_MB);
  });

  it('receive every resource name through the shared environment variable names', () => {
    const names = Object.values(envNames);
    const expected = [
      envNames.tableName,
      envNames.mediaBucket,
      envNames.jobsQueueUrl,
      envNames.mediaJobsQueueUrl,
      envNames.mediaUrlSecretArn,
      envNames.webSocketCallbackUrl,
      envNames.userPoolId,
      envNames.userPoolClientId,
      envNames.allowedEmailDomain,
      envNames.adminEmails,
      envNames.adminGroup,
      envNames.providerSecretArn,
      envNames.wordpressKeyId,
      envNames.sealedRepliesKeyId,
      // The publishing platforms' app credentials (docs/architecture.md, "Publishing channels").
      envNames.socialAppsSecretArn,
      // The app's e-mail sender (docs/decisions.md, "Notifications": infra/mail-sender.ts).
      envNames.mailFrom,
      envNames.mailRegion,
    ];
    // The Cognito triggers and the admin promotion take the pool from their event.
    for (const id of appFunctionIds.filter(
      (candidate) =>
        !candidate.startsWith('Pre') &&
        !candidate.startsWith('Post') &&
        candidate !== 'AdminPromotionFunction',
    )) {
      const variables = properties(id).Environment;
      const keys =
        variables && typeof variables === 'object' && 'Variables' in variables && variables.Variables
          ? Object.keys(variables.Variables)
          : [];
      // The HTTP authorizer checks CloudFront's origin header; the MCP server's function sends it, calling
      // the API back as its caller (functions/mcp/mcp-origin.ts).
      const own =
        id === 'HttpAuthorizerFunction' || id === `${MCP_FUNCTION_ID}Function`
          ? [envNames.originSecretArn]
          : [];
      expect(keys.filter((key) => names.some((name) => name === key)).sort(), id).toEqual(
        [...expected, ...own].sort(),
      );
    }
    const variables = JSON.stringify(properties('GetMeFunction').Environment);
    expect(variables).toContain(`"ALLOWED_EMAIL_DOMAIN":"${TEST_DOMAIN}"`);
    expect(variables).toContain(`"ADMIN_EMAILS":"boss@${TEST_DOMAIN}"`);
    // Local-only settings never reach AWS.
    for (const local of [
      envNames.tokenIssuer,
      envNames.jwksUri,
      envNames.localKeyFile,
      envNames.fetchAllowHosts,
      envNames.mediaUrlSecret,
    ]) {
      expect(variables).not.toContain(`"${local}"`);
    }
  });

  it('hands out the WebSocket callback URL of the prod stage', () => {
    const callback = JSON.stringify(
      (properties('WorkerFunction').Environment as { Variables: Record<string, unknown> }).Variables[
        envNames.webSocketCallbackUrl
      ],
    );
    expect(callback).toMatch(
      /^\{"Fn::Join":\["",\["https:\/\/",\{"Ref":"WebSocketApi[^"]+"\},".execute-api."/,
    );
    expect(callback).toContain('"/prod"');
  });

  it('grant each route function exactly what its routes need', () => {
    const tableId = logicalIdOf(template, 'AWS::DynamoDB::Table', 'DataTable');
    for (const fn of httpFunctions) {
      const id = `${fn.id}Function`;
      const access = functionAccess(fn);
      const actions = actionsOfFunction(template, id);
      expect(actions.includes('dynamodb:Query'), id).toBe(access.table !== null);
      expect(actions.includes('dynamodb:PutItem'), id).toBe(access.table === 'readWrite');
      expect(actions.includes('dynamodb:Scan'), id).toBe(false);
      expect(actions.includes('s3:GetObject'), id).toBe(access.mediaBucket !== null);
      expect(actions.includes('s3:PutObject'), id).toBe(
        access.mediaBucket === 'readWrite' || access.mediaUploads === true,
      );
      // Media job routes also put messages on the media queue (infra/media-worker.ts).
      expect(actions.includes('sqs:SendMessage'), id).toBe(access.jobsQueue || isMediaJobFunction(fn));
      // The sealed replies' key (its own) gives both as well.
      const both = access.wordpressKey === 'encryptDecrypt' || access.sealedReplies === true;
      expect(actions.includes('kms:Decrypt'), id).toBe(access.wordpressKey === 'decrypt' || both);
      expect(actions.includes('kms:Encrypt'), id).toBe(access.wordpressKey === 'encrypt' || both);
      expect(actions.includes('execute-api:ManageConnections'), id).toBe(access.webSocket);
      // Secrets: the media routes read the media URL signing key, AnalyzeImage the provider keys, the MCP
      // server's function the origin header's value.
      expect(actions.includes('secretsmanager:GetSecretValue'), id).toBe(
        functionFolder(fn) === 'media' ||
          access.providerSecret ||
          access.socialAppsSecret === true ||
          fn.id === MCP_FUNCTION_ID,
      );
      if (access.table) {
        const reads = statementsOfFunction(template, id).find((statement) =>
          statement.actions.includes('dynamodb:Query'),
        );
        const resources = JSON.stringify(reads?.resources);
        for (const index of ['gsi1', 'gsi2', 'gsi3']) expect(resources).toContain(`/index/${index}`);
        expect(resources).toContain(tableId);
        expect(resources).not.toContain('index/*');
      }
    }
  });

  it('never grant wildcard actions to app functions', () => {
    for (const id of appFunctionIds) {
      for (const action of actionsOfFunction(template, id)) expect(action, id).not.toContain('*');
    }
  });

  it('let the worker read the provider keys, use the table and sockets, feed bulk runs, open webhook secrets, and nothing of media', () => {
    const actions = actionsOfFunction(template, 'WorkerFunction');
    expect(actions.filter((action) => /^s3:/.test(action))).toEqual([]);
    // It signs the webhooks' attempts with their secrets, which it opens and never seals.
    expect(actions.filter((action) => /^kms:/.test(action))).toEqual(['kms:Decrypt']);
    for (const action of [
      'secretsmanager:GetSecretValue',
      'dynamodb:UpdateItem',
      'execute-api:ManageConnections',
      'sqs:ReceiveMessage',
      'sqs:DeleteMessage',
      // A bulk run's row that finishes feeds the run its next rows.
      'sqs:SendMessage',
    ]) {
      expect(actions, action).toContain(action);
    }
    // The media worker feeds no bulk run, but a job's end is a webhook event, queued on the jobs queue;
    // it opens no webhook secret.
    const media = actionsOfFunction(template, 'MediaWorkerFunction');
    expect(media).toContain('sqs:SendMessage');
    expect(media.filter((action) => /^kms:/.test(action))).toEqual([]);
  });
});
