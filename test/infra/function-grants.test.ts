import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backgroundFunctions, envNames, httpFunctions, webSocketRoutes } from '#contract/routes';
import { apiKeyEntities } from '#functions/api-keys/api-key-entities';
import { entities } from '#functions/data/entities';
import {
  BACKGROUND_ACCESS,
  FUNCTION_ACCESS,
  type FunctionAccess,
  functionAccess,
} from '#infra/function-access';
import { MEDIA_WORKER_ACCESS } from '#infra/media-worker';
import { modulesReached } from '../../bench/lambda-bundles';
import { actionsOfFunction, repositoryRoot, sharedTemplate, statementsOfFunction } from './fixture';
import { SHARED_BUNDLES_TIMEOUT_MS, sharedBundleOf } from './shared-bundles';

/**
 * docs/decisions.md, "Least privilege, checked against the code": each function's grants come from what its
 * code uses. Every handler entry's module graph (its bundle, test/infra/shared-bundles.ts) gives the SDK
 * client modules it reaches; no function may hold a grant for a client its code cannot reach. The grant table
 * itself is pinned below for the functions the review named.
 */

const CLIENT_MODULES = {
  tableBatchWrites: 'functions/data/batch-operations.ts',
  mediaBucket: 'functions/commons/clients/s3.ts',
  mediaTagging: 'functions/media/saved-media.ts',
  mediaUploads: 'functions/media/create-upload.ts',
  wordpressKey: 'functions/commons/clients/kms.ts',
  // The sealed replies' own key, through the KMS client.
  sealedReplies: 'functions/idempotency/sealed-replies.ts',
  webSocket: 'functions/commons/clients/websocket-management.ts',
  jobsQueue: 'functions/commons/clients/sqs.ts',
  providerSecret: 'functions/providers/provider-keys.ts',
} as const satisfies Partial<Record<keyof FunctionAccess, string>>;

/**
 * The table and bucket actions each call needs, by the name of the command the handlers build or send
 * (lib-dynamodb's and dynamodb-toolbox's commands, the S3 client's). A GetObject also needs s3:ListBucket,
 * so that a missing key answers 404 rather than 403 (infra/grants.ts); an upload carries its retention
 * tag, which S3 authorizes as s3:PutObjectTagging.
 */
const ACTIONS_OF_COMMAND: Readonly<Record<string, readonly string[]>> = {
  GetCommand: ['dynamodb:GetItem'],
  GetItemCommand: ['dynamodb:GetItem'],
  PutCommand: ['dynamodb:PutItem'],
  PutItemCommand: ['dynamodb:PutItem'],
  UpdateCommand: ['dynamodb:UpdateItem'],
  UpdateItemCommand: ['dynamodb:UpdateItem'],
  DeleteCommand: ['dynamodb:DeleteItem'],
  DeleteItemCommand: ['dynamodb:DeleteItem'],
  QueryCommand: ['dynamodb:Query'],
  ScanCommand: ['dynamodb:Scan'],
  BatchGetCommand: ['dynamodb:BatchGetItem'],
  BatchWriteCommand: ['dynamodb:BatchWriteItem'],
  TransactWriteCommand: ['dynamodb:TransactWriteItems', 'dynamodb:ConditionCheckItem'],
  DescribeTableCommand: ['dynamodb:DescribeTable'],
  GetObjectCommand: ['s3:GetObject', 's3:ListBucket'],
  PutObjectCommand: ['s3:PutObject', 's3:PutObjectTagging'],
  PutObjectTaggingCommand: ['s3:PutObjectTagging'],
  ListObjectsCommand: ['s3:ListBucket'],
  DeleteObjectCommand: ['s3:DeleteObject'],
  // A presigned POST uploads as its signer: S3 authorizes it as the PutObject (with its tags) it makes.
  createPresignedPost: ['s3:PutObject', 's3:PutObjectTagging'],
};

/** The table and bucket actions the project's modules among `reached` call (comments left out). */
function actionsCalled(reached: ReadonlySet<string>): Set<string> {
  const called = new Set<string>();
  for (const path of reached) {
    if (path.includes('node_modules/') || !/\.tsx?$/.test(path)) continue;
    const code = readFileSync(join(repositoryRoot, path), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    for (const [, command = ''] of code.matchAll(/\b(\w+Command|createPresignedPost)\b/g))
      for (const action of ACTIONS_OF_COMMAND[command] ?? []) called.add(action);
  }
  return called;
}

const WRITE_ACTIONS: ReadonlySet<string> = new Set([
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
]);

/** Runs `read` with a table name set, as the entities need one (the infra files share one process). */
function withTableName<T>(read: () => T): T {
  const before = process.env[envNames.tableName];
  process.env[envNames.tableName] = 'grants-test';
  try {
    return read();
  } finally {
    if (before === undefined) delete process.env[envNames.tableName];
    else process.env[envNames.tableName] = before;
  }
}

const OWN_QUEUE_CONSUMERS: ReadonlySet<string> = new Set(['Worker', 'MediaWorker']);

async function reachedModules(entry: string): Promise<Set<string>> {
  const { bundle } = await sharedBundleOf(entry);
  return modulesReached(bundle.inputs, entry);
}

const PASSWORD_CIPHER = 'functions/clients/password-cipher.ts';
const SEALED_REPLIES = CLIENT_MODULES.sealedReplies;

/**
 * Whether the entry's code opens or seals with the WordPress key: some module it reaches, other than the
 * sealed replies (which use a key of their own), loads the cipher.
 */
async function reachesWordPressKey(entry: string): Promise<boolean> {
  const { bundle } = await sharedBundleOf(entry);
  return [...modulesReached(bundle.inputs, entry)].some(
    (path) =>
      path !== SEALED_REPLIES &&
      (bundle.inputs[path]?.imports ?? []).some((imported) => imported.path === PASSWORD_CIPHER),
  );
}

const functions: [string, string, FunctionAccess][] = [
  ...httpFunctions.map((fn): [string, string, FunctionAccess] => [fn.id, fn.entry, functionAccess(fn)]),
  ...webSocketRoutes.map((route): [string, string, FunctionAccess] => [
    route.id,
    route.entry,
    FUNCTION_ACCESS[route.id] ?? BACKGROUND_ACCESS.webSocketHandler,
  ]),
  ['HttpAuthorizer', backgroundFunctions.httpAuthorizer, BACKGROUND_ACCESS.httpAuthorizer],
  ['WsAuthorizer', backgroundFunctions.webSocketAuthorizer, BACKGROUND_ACCESS.webSocketAuthorizer],
  ['Worker', backgroundFunctions.worker, BACKGROUND_ACCESS.worker],
  ['MediaWorker', backgroundFunctions.mediaWorker, MEDIA_WORKER_ACCESS],
  ['DeadLetters', backgroundFunctions.deadLetters, BACKGROUND_ACCESS.deadLetters],
  ['BatchFeeder', backgroundFunctions.batchFeeder, BACKGROUND_ACCESS.batchFeeder],
];

describe('function grants', () => {
  it(
    'grant no function a client its code cannot reach',
    async () => {
      const excess: string[] = [];
      for (const [id, entry, access] of functions) {
        const reached = await reachedModules(entry);
        for (const [grant, module] of Object.entries(CLIENT_MODULES)) {
          if (access[grant as keyof typeof CLIENT_MODULES] && !reached.has(module))
            excess.push(`${id}: ${grant}`);
        }
      }
      expect(excess).toEqual([]);
    },
    SHARED_BUNDLES_TIMEOUT_MS,
  );

  // ConditionCheckItem and DescribeTable went to every table reader, BatchWriteItem to
  // every writer, s3:DeleteObject to two functions that never delete: no role holds a table or media
  // action that none of the code it reaches calls.
  it(
    'grant no function a table or media action its code never calls',
    async () => {
      const { template } = sharedTemplate();
      const excess: string[] = [];
      for (const [id, entry] of functions) {
        const called = actionsCalled(await reachedModules(entry));
        for (const action of new Set(actionsOfFunction(template, `${id}Function`))) {
          if (/^(dynamodb|s3):/.test(action) && !called.has(action)) excess.push(`${id}: ${action}`);
        }
      }
      expect(excess).toEqual([]);
    },
    SHARED_BUNDLES_TIMEOUT_MS,
  );

  // The other way round: code that reaches a client must hold its grant, or it fails in AWS only (the
  // local runtime grants everything). The media worker runs text children and saves multi-platform
  // items, so it needs the provider keys, the live pushes and the table as the text worker does.
  it(
    'grant every function the clients its code reaches',
    async () => {
      const missing: string[] = [];
      for (const [id, entry, access] of functions) {
        const reached = await reachedModules(entry);
        for (const [grant, module] of Object.entries(CLIENT_MODULES)) {
          if (!reached.has(module) || access[grant as keyof typeof CLIENT_MODULES]) continue;
          if (grant === 'jobsQueue' && OWN_QUEUE_CONSUMERS.has(id)) continue;
          // Code that reaches the S3 client only to tag saved media holds the tagging grant alone.
          if (grant === 'mediaBucket' && access.mediaTagging && reached.has(CLIENT_MODULES.mediaTagging))
            continue;
          if (grant === 'mediaBucket' && access.mediaUploads && reached.has(CLIENT_MODULES.mediaUploads))
            continue;
          // Code that reaches KMS only to keep sealed replies holds the sealed replies' key alone.
          if (grant === 'wordpressKey' && access.sealedReplies && !(await reachesWordPressKey(entry)))
            continue;
          missing.push(`${id}: ${grant}`);
        }
      }
      expect(missing).toEqual([]);
      // What the workers do with SQS is set their own message's visibility (the retry backoff), which
      // their queue's event source grants. The text worker also feeds bulk runs (a jobsQueue grant);
      // the media worker sends nothing.
      const { template } = sharedTemplate();
      for (const id of OWN_QUEUE_CONSUMERS)
        expect(actionsOfFunction(template, `${id}Function`), id).toContain('sqs:ChangeMessageVisibility');
    },
    SHARED_BUNDLES_TIMEOUT_MS,
  );

  it('pin what the review found over-granted', () => {
    const { template } = sharedTemplate();
    const actions = (id: string) => actionsOfFunction(template, `${id}Function`);
    const s3 = (id: string) => actions(id).filter((action) => action.startsWith('s3:'));
    for (const id of ['GetJob', 'GenerateNewsletter', 'GenerateFaq', 'Worker', 'Clients']) {
      expect(s3(id), id).toEqual([]);
    }
    // The library's saves only tag the media a save names as kept; they read and write none, and the
    // library's other routes touch no media.
    expect(s3('ContentSaves')).toEqual(['s3:PutObjectTagging']);
    expect(s3('Content')).toEqual([]);
    // The worker opens the webhooks' signing secrets to sign their attempts, and seals nothing.
    expect(actions('Worker').filter((action) => action.startsWith('kms:'))).toEqual(['kms:Decrypt']);
    // Creating and updating a client encrypt its password; nothing of the Clients function decrypts.
    expect(actions('Clients').filter((action) => action.startsWith('kms:'))).toEqual(['kms:Encrypt']);
    expect(actions('WordPress').filter((action) => action.startsWith('kms:'))).toEqual(['kms:Decrypt']);
    for (const id of ['Content', 'ContentSaves']) {
      expect(
        actions(id).filter((action) => action.startsWith('kms:')),
        id,
      ).toEqual([]);
    }
    for (const id of ['WsAuthorizer', 'WsDefault']) {
      expect(
        actions(id).filter((action) => action.startsWith('dynamodb:')),
        id,
      ).toEqual([]);
    }
    for (const id of ['WsConnect', 'WsDisconnect'])
      expect(actions(id), id).not.toContain('execute-api:ManageConnections');
    expect(actions('WsDefault')).toContain('execute-api:ManageConnections');
    expect(s3('MediaWorker')).toContain('s3:PutObject');
  });

  // The HTTP authorizer and the WebSocket routes write one kind of item each; their
  // writes are held to those items' partitions, and no table-wide write is left to them.
  it('hold the authorizer’s and the WebSocket routes’ writes to their own items', () => {
    const { template } = sharedTemplate();
    const writes = (id: string) =>
      statementsOfFunction(template, `${id}Function`, { withConditions: true })
        .filter((statement) => statement.actions.some((action) => WRITE_ACTIONS.has(action)))
        .map((statement) => ({ actions: [...statement.actions].sort(), condition: statement.condition }));
    const heldTo = (leadingKeys: string) => ({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [leadingKeys] },
      Null: { 'dynamodb:LeadingKeys': 'false' },
    });
    // The patterns are the entities' own keys with a wildcard for the value.
    const { apiKeyPartition, connectionPartition } = withTableName(() => ({
      apiKeyPartition: apiKeyEntities().apiKey.computeKey?.({ keyHash: '*' }).pk,
      connectionPartition: entities().connection.computeKey?.({ connectionId: '*' }).pk,
    }));
    expect(writes('HttpAuthorizer')).toEqual([
      { actions: ['dynamodb:UpdateItem'], condition: heldTo(String(apiKeyPartition)) },
    ]);
    expect(writes('WsConnect')).toEqual([
      { actions: ['dynamodb:PutItem'], condition: heldTo(String(connectionPartition)) },
    ]);
    expect(writes('WsDisconnect')).toEqual([
      { actions: ['dynamodb:DeleteItem'], condition: heldTo(String(connectionPartition)) },
    ]);
  });
});
