import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactGetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalHttpServer, startLocalHttpServer } from '#functions/commons/testing/local-http-server';
import type { AwsError } from './aws-json-client';
import { DynamoDBDocumentClient } from './dynamodb-document-client';

/**
 * The document client against a local server speaking DynamoDB's JSON protocol: what goes on the wire
 * for each command class dynamodb-toolbox and our stores send, how replies and errors come back, and
 * the retry policy. dynalite covers the same client end to end in every integration test.
 */

interface Received {
  readonly target: string;
  readonly authorization: string;
  readonly contentType: string;
  readonly body: Record<string, unknown>;
}

type Reply = { status: number; body: unknown } | 'drop';

let server: LocalHttpServer;
let received: Received[] = [];
let replies: Reply[] = [];

function answer(request: IncomingMessage, response: ServerResponse) {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    received.push({
      target: String(request.headers['x-amz-target']),
      authorization: String(request.headers.authorization),
      contentType: String(request.headers['content-type']),
      body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
    });
    const reply = replies.shift() ?? { status: 200, body: {} };
    if (reply === 'drop') {
      request.socket.destroy();
      return;
    }
    response.writeHead(reply.status, {
      'content-type': 'application/x-amz-json-1.0',
      'x-amzn-requestid': 'req-1',
    });
    response.end(JSON.stringify(reply.body));
  });
}

/** The error a send fails with; a send that succeeds fails the test. */
const failureOf = (sent: Promise<unknown>): Promise<AwsError> =>
  sent.then(
    () => {
      throw new Error('expected the send to fail');
    },
    (error: unknown) => error as AwsError,
  );

const client = () =>
  new DynamoDBDocumentClient({
    endpoint: server.origin,
    region: 'eu-west-1',
    credentials: () => ({ accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret', sessionToken: 'session' }),
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    retryDelayBase: 1,
  });

beforeAll(async () => {
  server = await startLocalHttpServer(answer);
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  received = [];
  replies = [];
});

describe('DynamoDB document client', () => {
  it('signs each request for DynamoDB in its region and names the operation', async () => {
    await client().send(new GetCommand({ TableName: 't', Key: { pk: 'a', sk: 'b' } }));
    const [request] = received;
    expect(request?.target).toBe('DynamoDB_20120810.GetItem');
    expect(request?.contentType).toBe('application/x-amz-json-1.0');
    expect(request?.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/dynamodb\/aws4_request, SignedHeaders=.*x-amz-security-token.*x-amz-target.*, Signature=[0-9a-f]{64}$/,
    );
  });

  it('converts keys, items and values out, and items back, for every single-item operation and queries', async () => {
    replies = [
      { status: 200, body: { Item: { pk: { S: 'a' }, n: { N: '3' }, tags: { SS: ['x', 'y'] } } } },
      { status: 200, body: {} },
      { status: 200, body: { Attributes: { count: { N: '2' } } } },
      { status: 200, body: {} },
      {
        status: 200,
        body: {
          Items: [{ pk: { S: 'a' }, on: { BOOL: true } }],
          LastEvaluatedKey: { pk: { S: 'a' }, sk: { S: 'z' } },
        },
      },
      { status: 200, body: { Items: [{ list: { L: [{ N: '1' }, { NULL: true }] } }] } },
    ];
    const documents = client();
    const got = await documents.send(new GetCommand({ TableName: 't', Key: { pk: 'a', sk: 'b' } }));
    await documents.send(
      new PutCommand({
        TableName: 't',
        Item: { pk: 'a', sk: 'b', gone: undefined, nested: { at: 1 } },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    const updated = await documents.send(
      new UpdateCommand({
        TableName: 't',
        Key: { pk: 'a', sk: 'b' },
        UpdateExpression: 'ADD #c :one',
        ExpressionAttributeNames: { '#c': 'count' },
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    await documents.send(new DeleteCommand({ TableName: 't', Key: { pk: 'a', sk: 'b' } }));
    const page = await documents.send(
      new QueryCommand({
        TableName: 't',
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': 'a' },
        ExclusiveStartKey: { pk: 'a', sk: 'm' },
      }),
    );
    const scanned = await documents.send(new ScanCommand({ TableName: 't' }));

    expect(received.map((request) => request.target)).toEqual([
      'DynamoDB_20120810.GetItem',
      'DynamoDB_20120810.PutItem',
      'DynamoDB_20120810.UpdateItem',
      'DynamoDB_20120810.DeleteItem',
      'DynamoDB_20120810.Query',
      'DynamoDB_20120810.Scan',
    ]);
    expect(received[0]?.body).toEqual({ TableName: 't', Key: { pk: { S: 'a' }, sk: { S: 'b' } } });
    expect(received[1]?.body).toEqual({
      TableName: 't',
      Item: { pk: { S: 'a' }, sk: { S: 'b' }, nested: { M: { at: { N: '1' } } } },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(received[2]?.body).toMatchObject({ ExpressionAttributeValues: { ':one': { N: '1' } } });
    expect(received[4]?.body).toMatchObject({
      ExpressionAttributeValues: { ':pk': { S: 'a' } },
      ExclusiveStartKey: { pk: { S: 'a' }, sk: { S: 'm' } },
    });
    expect(got).toEqual({ Item: { pk: 'a', n: 3, tags: new Set(['x', 'y']) } });
    expect(updated).toEqual({ Attributes: { count: 2 } });
    expect(page).toEqual({ Items: [{ pk: 'a', on: true }], LastEvaluatedKey: { pk: 'a', sk: 'z' } });
    expect(scanned).toEqual({ Items: [{ list: [1, null] }] });
  });

  it('converts batch and transaction requests and their replies', async () => {
    replies = [
      {
        status: 200,
        body: {
          Responses: { t: [{ pk: { S: 'a' } }] },
          UnprocessedKeys: { t: { Keys: [{ pk: { S: 'b' } }], ConsistentRead: true } },
        },
      },
      { status: 200, body: { UnprocessedItems: { t: [{ DeleteRequest: { Key: { pk: { S: 'c' } } } }] } } },
      { status: 200, body: { Responses: [{ Item: { pk: { S: 'd' } } }, {}] } },
      { status: 200, body: {} },
    ];
    const documents = client();
    const got = await documents.send(
      new BatchGetCommand({
        RequestItems: { t: { Keys: [{ pk: 'a' }, { pk: 'b' }], ConsistentRead: true } },
      }),
    );
    const written = await documents.send(
      new BatchWriteCommand({
        RequestItems: {
          t: [{ PutRequest: { Item: { pk: 'x', n: 1 } } }, { DeleteRequest: { Key: { pk: 'c' } } }],
        },
      }),
    );
    const read = await documents.send(
      new TransactGetCommand({
        TransactItems: [
          { Get: { TableName: 't', Key: { pk: 'd' } } },
          { Get: { TableName: 't', Key: { pk: 'e' } } },
        ],
      }),
    );
    await documents.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: 't',
              Key: { pk: 'a' },
              ConditionExpression: 'v = :v',
              ExpressionAttributeValues: { ':v': 2 },
            },
          },
          { Put: { TableName: 't', Item: { pk: 'b' } } },
          { Delete: { TableName: 't', Key: { pk: 'c' } } },
          {
            Update: {
              TableName: 't',
              Key: { pk: 'd' },
              UpdateExpression: 'SET v = :v',
              ExpressionAttributeValues: { ':v': 'w' },
            },
          },
        ],
      }),
    );

    expect(received.map((request) => request.target)).toEqual([
      'DynamoDB_20120810.BatchGetItem',
      'DynamoDB_20120810.BatchWriteItem',
      'DynamoDB_20120810.TransactGetItems',
      'DynamoDB_20120810.TransactWriteItems',
    ]);
    expect(received[0]?.body).toEqual({
      RequestItems: { t: { Keys: [{ pk: { S: 'a' } }, { pk: { S: 'b' } }], ConsistentRead: true } },
    });
    expect(received[1]?.body).toEqual({
      RequestItems: {
        t: [
          { PutRequest: { Item: { pk: { S: 'x' }, n: { N: '1' } } } },
          { DeleteRequest: { Key: { pk: { S: 'c' } } } },
        ],
      },
    });
    expect(received[2]?.body).toEqual({
      TransactItems: [
        { Get: { TableName: 't', Key: { pk: { S: 'd' } } } },
        { Get: { TableName: 't', Key: { pk: { S: 'e' } } } },
      ],
    });
    expect(received[3]?.body).toEqual({
      TransactItems: [
        {
          ConditionCheck: {
            TableName: 't',
            Key: { pk: { S: 'a' } },
            ConditionExpression: 'v = :v',
            ExpressionAttributeValues: { ':v': { N: '2' } },
          },
        },
        { Put: { TableName: 't', Item: { pk: { S: 'b' } } } },
        { Delete: { TableName: 't', Key: { pk: { S: 'c' } } } },
        {
          Update: {
            TableName: 't',
            Key: { pk: { S: 'd' } },
            UpdateExpression: 'SET v = :v',
            ExpressionAttributeValues: { ':v': { S: 'w' } },
          },
        },
      ],
    });
    expect(got).toEqual({
      Responses: { t: [{ pk: 'a' }] },
      UnprocessedKeys: { t: { Keys: [{ pk: 'b' }], ConsistentRead: true } },
    });
    expect(written).toEqual({ UnprocessedItems: { t: [{ DeleteRequest: { Key: { pk: 'c' } } }] } });
    expect(read).toEqual({ Responses: [{ Item: { pk: 'd' } }, {}] });
  });

  it('sends bytes as base64 and reads binary attributes back as bytes', async () => {
    replies = [{ status: 200, body: { Item: { data: { B: 'AAEC/w==' }, set: { BS: ['AQ=='] } } } }];
    const bytes = Buffer.from([0, 1, 2, 255]);
    const got = await client().send(new GetCommand({ TableName: 't', Key: { pk: 'a', raw: bytes } }));
    expect(received[0]?.body).toEqual({ TableName: 't', Key: { pk: { S: 'a' }, raw: { B: 'AAEC/w==' } } });
    expect(got).toEqual({
      Item: { data: new Uint8Array([0, 1, 2, 255]), set: new Set([new Uint8Array([1])]) },
    });
  });

  it("raises DynamoDB's errors as the SDK names them, with condition-failure and cancellation items as records", async () => {
    replies = [
      {
        status: 400,
        body: {
          __type: 'com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException',
          message: 'The conditional request failed',
          Item: { pk: { S: 'a' }, v: { N: '1' } },
        },
      },
      {
        status: 400,
        body: {
          __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
          Message: 'Transaction cancelled, please refer cancellation reasons for specific reasons',
          CancellationReasons: [
            { Code: 'None' },
            { Code: 'ConditionalCheckFailed', Item: { pk: { S: 'b' } } },
          ],
        },
      },
    ];
    const documents = client();
    const failed = await failureOf(
      documents.send(
        new PutCommand({ TableName: 't', Item: { pk: 'a' }, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' }),
      ),
    );
    expect(failed).toBeInstanceOf(Error);
    expect(failed.name).toBe('ConditionalCheckFailedException');
    expect(failed.message).toBe('The conditional request failed');
    expect(failed.$fault).toBe('client');
    expect(failed.$metadata).toMatchObject({ httpStatusCode: 400, requestId: 'req-1', attempts: 1 });
    expect(failed.Item).toEqual({ pk: 'a', v: 1 });

    const cancelled = await failureOf(
      documents.send(
        new TransactWriteCommand({ TransactItems: [{ Put: { TableName: 't', Item: { pk: 'b' } } }] }),
      ),
    );
    expect(cancelled.name).toBe('TransactionCanceledException');
    expect(cancelled.message).toMatch(/^Transaction cancelled/);
    expect(cancelled.CancellationReasons).toEqual([
      { Code: 'None' },
      { Code: 'ConditionalCheckFailed', Item: { pk: 'b' } },
    ]);
    // Neither is retried: the service answered, and the answer stands.
    expect(received).toHaveLength(2);
  });

  it('retries throttling, server errors and dropped connections, three attempts in all', async () => {
    const throttled = {
      status: 400,
      body: {
        __type: 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException',
        message: 'slow down',
      },
    };
    replies = [throttled, 'drop', { status: 200, body: { Item: { pk: { S: 'a' } } } }];
    const documents = client();
    await expect(documents.send(new GetCommand({ TableName: 't', Key: { pk: 'a' } }))).resolves.toEqual({
      Item: { pk: 'a' },
    });
    expect(received).toHaveLength(3);

    received = [];
    replies = [
      { status: 500, body: { __type: 'InternalServerError', message: 'boom' } },
      throttled,
      throttled,
    ];
    const exhausted = await failureOf(documents.send(new GetCommand({ TableName: 't', Key: { pk: 'a' } })));
    expect(exhausted.name).toBe('ProvisionedThroughputExceededException');
    expect(exhausted.$metadata.attempts).toBe(3);
    expect(received).toHaveLength(3);
  });

  it('retries a bare HTTP 429 as throttling, as the SDK does', async () => {
    replies = [
      { status: 429, body: 'Too Many Requests' },
      { status: 200, body: { Item: { pk: { S: 'a' } } } },
    ];
    await expect(client().send(new GetCommand({ TableName: 't', Key: { pk: 'a' } }))).resolves.toEqual({
      Item: { pk: 'a' },
    });
    expect(received).toHaveLength(2);
  });

  it('names a reply it cannot read by its status', async () => {
    replies = [{ status: 403, body: 'not json' }];
    const failed = await failureOf(client().send(new GetCommand({ TableName: 't', Key: { pk: 'a' } })));
    expect(failed.name).toBe('HTTP 403');
    expect(failed.message).toContain('GetItem failed with HTTP 403');
  });

  it('refuses legacy parameters and commands it does not know, before sending anything', async () => {
    const documents = client();
    await expect(
      documents.send(
        new QueryCommand({
          TableName: 't',
          KeyConditions: { pk: { ComparisonOperator: 'EQ', AttributeValueList: ['a'] } },
        }),
      ),
    ).rejects.toThrow('Query: the legacy parameter KeyConditions is not supported');
    class ExecuteStatementCommand {
      readonly input = { Statement: 'SELECT * FROM t' };
    }
    await expect(documents.send(new ExecuteStatementCommand())).rejects.toThrow(
      'The DynamoDB document client cannot send ExecuteStatementCommand',
    );
    expect(received).toHaveLength(0);
  });
});
