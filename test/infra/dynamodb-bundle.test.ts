import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalHttpServer, startLocalHttpServer } from '#functions/commons/testing/local-http-server';
import { backgroundFunctions, httpFunctions, webSocketRoutes } from '#infra/routes';
import { lambdaBuildOptions } from '#infra/split-bundle';
import { modulesReached, repositoryRoot } from '../../bench/lambda-bundles';
import { sharedLambdaBundles } from './shared-bundles';

/**
 * Issue 15 item 1: inside a Lambda bundle `@aws-sdk/lib-dynamodb` is the bare command classes of
 * functions/commons/lambda-lib-dynamodb.ts (infra/lambda-bundle-aliases.ts), and the document client
 * (functions/commons/clients/dynamodb-document-client.ts) sends them over DynamoDB's JSON protocol.
 * Local runs are not bundled and use the real classes, so this bundles the client, every command
 * class and a dynamodb-toolbox entity (whose actions import lib-dynamodb themselves) with the stack's
 * aliases, and sends each to a stand-in. Then, since every AWS call of the handlers goes through our
 * own clients (functions/commons/clients/: aws-json-client.ts, s3-objects.ts, websocket-management.ts),
 * it checks that no Lambda bundles any part of the AWS SDK: one guard for every service.
 */

/**
 * A module of the AWS SDK in an esbuild metafile input path. `@aws-sdk/util-dynamodb` is the one
 * package allowed: the document client's marshalling, plain functions with no SDK import of their own.
 */
const AWS_SDK = /node_modules\/(@smithy\/|@aws-sdk\/(?!util-dynamodb\/))/;

const PROBE = `
import {
  BatchGetCommand, BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, ScanCommand,
  TransactGetCommand, TransactWriteCommand, UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { Entity } from 'dynamodb-toolbox/entity';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { Table } from 'dynamodb-toolbox/table';
import { dynamoDocumentClient } from '#functions/commons/clients/dynamodb';

export async function probe() {
  const client = dynamoDocumentClient();
  const key = { pk: 'a', sk: 'b' };
  const replies = [];
  replies.push(await client.send(new GetCommand({ TableName: 't', Key: key })));
  await client.send(new PutCommand({ TableName: 't', Item: key }));
  await client.send(new UpdateCommand({ TableName: 't', Key: key, UpdateExpression: 'SET v = :v', ExpressionAttributeValues: { ':v': 1 } }));
  await client.send(new DeleteCommand({ TableName: 't', Key: key }));
  replies.push(await client.send(new QueryCommand({ TableName: 't', KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'a' } })));
  await client.send(new ScanCommand({ TableName: 't' }));
  await client.send(new BatchGetCommand({ RequestItems: { t: { Keys: [key] } } }));
  await client.send(new BatchWriteCommand({ RequestItems: { t: [{ PutRequest: { Item: key } }] } }));
  await client.send(new TransactGetCommand({ TransactItems: [{ Get: { TableName: 't', Key: key } }] }));
  await client.send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: 't', Item: key } }] }));
  const table = new Table({
    name: 't',
    documentClient: client,
    partitionKey: { name: 'pk', type: 'string' },
    sortKey: { name: 'sk', type: 'string' },
  });
  const entity = new Entity({
    name: 'thing',
    table,
    schema: item({ pk: string().key(), sk: string().key(), label: string().optional() }),
    timestamps: false,
  });
  const { Item } = await entity.build(GetItemCommand).key(key).send();
  replies.push(Item);
  return replies;
}
`;

let server: LocalHttpServer;
const targets: string[] = [];

function answer(request: IncomingMessage, response: ServerResponse) {
  request.resume();
  request.on('end', () => {
    const target = String(request.headers['x-amz-target'] ?? '');
    targets.push(target);
    const body =
      target === 'DynamoDB_20120810.GetItem'
        ? { Item: { pk: { S: 'a' }, sk: { S: 'b' }, label: { S: 'found' }, _et: { S: 'thing' } } }
        : target === 'DynamoDB_20120810.Query'
          ? { Items: [{ pk: { S: 'a' }, n: { N: '7' } }] }
          : {};
    response.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
    response.end(JSON.stringify(body));
  });
}

beforeAll(async () => {
  server = await startLocalHttpServer(answer);
});

afterAll(async () => {
  await server.close();
});

describe('DynamoDB inside a Lambda bundle', () => {
  it('sends every command class, and the toolbox’s own, through the bare classes', {
    timeout: 120_000,
  }, async () => {
    const cache = join(repositoryRoot, 'node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    const dir = mkdtempSync(join(cache, 'lbm-dynamodb-probe-'));
    const saved = { ...process.env };
    try {
      const source = join(dir, 'probe.ts');
      writeFileSync(source, PROBE);
      const result = await build({
        ...lambdaBuildOptions(repositoryRoot),
        entryPoints: [source],
        outfile: join(dir, 'probe.mjs'),
        sourcemap: false,
        metafile: true,
        logLevel: 'silent',
      });
      const inputs = Object.keys(result.metafile.inputs);
      expect(inputs.filter((input) => AWS_SDK.test(input))).toEqual([]);
      expect(inputs).toContain('functions/commons/lambda-lib-dynamodb.ts');

      Object.assign(process.env, {
        AWS_ENDPOINT_URL_DYNAMODB: server.origin,
        AWS_REGION: 'us-east-1',
        AWS_ACCESS_KEY_ID: 'AKIDPROBE',
        AWS_SECRET_ACCESS_KEY: 'probe-secret',
      });
      const { probe } = (await import(pathToFileURL(join(dir, 'probe.mjs')).href)) as {
        probe: () => Promise<unknown[]>;
      };
      const replies = await probe();
      expect(targets).toEqual(
        [
          'GetItem',
          'PutItem',
          'UpdateItem',
          'DeleteItem',
          'Query',
          'Scan',
          'BatchGetItem',
          'BatchWriteItem',
          'TransactGetItems',
          'TransactWriteItems',
          'GetItem',
        ].map((operation) => `DynamoDB_20120810.${operation}`),
      );
      expect(replies).toEqual([
        { Item: { pk: 'a', sk: 'b', label: 'found', _et: 'thing' } },
        { Items: [{ pk: 'a', n: 7 }] },
        { pk: 'a', sk: 'b', label: 'found' },
      ]);
    } finally {
      process.env = saved;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves the AWS SDK (but util-dynamodb) out of every Lambda', { timeout: 600_000 }, async () => {
    const { entries, bundles } = await sharedLambdaBundles();
    const offenders: string[] = [];
    for (const entry of entries) {
      const bundle = bundles.get(entry.id);
      if (!bundle) throw new Error(`${entry.id} was not bundled`);
      const sdk = [...modulesReached(bundle.inputs, entry.entry)].filter((input) => AWS_SDK.test(input));
      if (sdk.length > 0) offenders.push(`${entry.id}: ${sdk.length} SDK modules, e.g. ${sdk[0]}`);
    }
    // Every Lambda of the stack: the HTTP API's functions, the WebSocket routes', the background ones.
    expect(entries.length).toBe(
      httpFunctions.length + webSocketRoutes.length + Object.keys(backgroundFunctions).length,
    );
    expect(offenders).toEqual([]);
  });
});
