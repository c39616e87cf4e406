import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningDynamoDb, startDynamoDb } from './dynamodb';

/**
 * dynalite's worker swaps dynalite's JavaScript CRC for zlib's (docs/decisions.md, "The local API keeps up"):
 * every reply must still carry the CRC-32 of its body in x-amz-crc32, computed here bit by bit, as the
 * DynamoDB wire protocol has it. It also keeps the parse of each request's expressions: a repeated request
 * must be answered the same; and the tables' descriptions: each request must see the table as it was last
 * created, updated or deleted.
 */

function referenceCrc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

let dataDir = '';
let dynamo: RunningDynamoDb;

async function call(target: string, body: unknown): Promise<{ text: string; crc: string | null }> {
  const response = await fetch(dynamo.endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': `DynamoDB_20120810.${target}`,
      authorization:
        'AWS4-HMAC-SHA256 Credential=local/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
      'x-amz-date': '20260101T000000Z',
    },
    body: JSON.stringify(body),
  });
  return { text: await response.text(), crc: response.headers.get('x-amz-crc32') };
}

/** Creates an on-demand table keyed by `hash` (and `range`) and waits until it is ACTIVE: dynalite
 * answers CreateTable first and marks the table ACTIVE in a write of its own just after, which a busy
 * machine can delay past the next request. */
async function createTable(name: string, hash: string, range?: string): Promise<void> {
  const keys = range ? [hash, range] : [hash];
  await call('CreateTable', {
    TableName: name,
    KeySchema: keys.map((key, index) => ({ AttributeName: key, KeyType: index === 0 ? 'HASH' : 'RANGE' })),
    AttributeDefinitions: keys.map((key) => ({ AttributeName: key, AttributeType: 'S' })),
    BillingMode: 'PAY_PER_REQUEST',
  });
  await vi.waitFor(async () =>
    expect((await call('DescribeTable', { TableName: name })).text).toContain('"TableStatus":"ACTIVE"'),
  );
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'lbm-dynalite-'));
  dynamo = await startDynamoDb({ dataDir: join(dataDir, 'db'), port: 0 });
});

afterAll(async () => {
  await dynamo.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the DynamoDB emulator', () => {
  it('signs each reply with the CRC-32 of its body, multi-byte characters included', async () => {
    const empty = await call('ListTables', {});
    expect(empty.text).toBe('{"TableNames":[]}');
    expect(empty.crc).toBe(String(referenceCrc32(empty.text)));

    await createTable('crc', 'pk');
    const text = 'Ünïcödé ✓ 𝄞 '.repeat(500);
    const put = await call('PutItem', { TableName: 'crc', Item: { pk: { S: 'a' }, text: { S: text } } });
    expect(put.text).toBe('{}');
    const item = await call('GetItem', { TableName: 'crc', Key: { pk: { S: 'a' } } });
    expect(item.text).toContain('𝄞');
    expect(item.crc).toBe(String(referenceCrc32(item.text)));
  });

  it('answers a repeated expression as it answered the first time (its parse is kept)', async () => {
    await createTable('expressions', 'pk', 'sk');
    for (const sk of ['a', 'b', 'c']) {
      await call('PutItem', {
        TableName: 'expressions',
        Item: { pk: { S: 'p' }, sk: { S: sk }, kind: { S: sk === 'b' ? 'other' : 'card' }, note: { S: sk } },
      });
    }
    // Operands the other way round: dynalite turns this key condition around in place, so a kept parse
    // handed out without a copy would be read the wrong way the second time.
    const query = {
      TableName: 'expressions',
      KeyConditionExpression: ':p = #pk AND #sk > :after',
      FilterExpression: '#kind = :kind',
      ProjectionExpression: '#sk, #note',
      ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk', '#kind': 'kind', '#note': 'note' },
      ExpressionAttributeValues: { ':p': { S: 'p' }, ':after': { S: 'a' }, ':kind': { S: 'card' } },
    };
    const expected = '{"ScannedCount":2,"Count":1,"Items":[{"sk":{"S":"c"},"note":{"S":"c"}}]}';
    for (let round = 0; round < 3; round += 1) expect((await call('Query', query)).text).toBe(expected);
    // Other values with the same expressions are a different request.
    const fromStart = {
      ...query,
      ExpressionAttributeValues: { ...query.ExpressionAttributeValues, ':after': { S: '0' } },
    };
    expect((await call('Query', fromStart)).text).toContain('"Count":2');

    // Refusals repeat too: a syntax error, and a name the expressions do not use.
    const broken = { ...query, FilterExpression: '#kind = = :kind' };
    const unused = {
      ...query,
      ExpressionAttributeNames: { ...query.ExpressionAttributeNames, '#extra': 'x' },
    };
    for (const refused of [broken, unused]) {
      const first = await call('Query', refused);
      expect(first.text).toContain('ValidationException');
      expect((await call('Query', refused)).text).toBe(first.text);
    }
  });

  it('describes a table as it was last created, updated or deleted (descriptions are kept in memory)', async () => {
    const description = async () => (await call('DescribeTable', { TableName: 'kept' })).text;

    await createTable('kept', 'pk');
    expect(await description()).toContain('"AttributeName":"pk"');

    const updated = await call('UpdateTable', {
      TableName: 'kept',
      BillingMode: 'PROVISIONED',
      ProvisionedThroughput: { ReadCapacityUnits: 7, WriteCapacityUnits: 3 },
    });
    expect(updated.text).not.toContain('Exception');
    await vi.waitFor(async () => expect(await description()).toContain('"ReadCapacityUnits":7'));

    await call('DeleteTable', { TableName: 'kept' });
    await vi.waitFor(async () => expect(await description()).toContain('ResourceNotFoundException'));
    const gone = await call('GetItem', { TableName: 'kept', Key: { pk: { S: 'a' } } });
    expect(gone.text).toContain('ResourceNotFoundException');

    // The same name with another key: requests are checked against the new description, not the old.
    await createTable('kept', 'id');
    expect(await description()).toContain('"AttributeName":"id"');
    expect((await call('PutItem', { TableName: 'kept', Item: { id: { S: 'a' } } })).text).toBe('{}');
    const oldKey = await call('PutItem', { TableName: 'kept', Item: { pk: { S: 'a' } } });
    expect(oldKey.text).toContain('ValidationException');
  });

  it('pages a query and a scan through every item in key order, in batches of any size', async () => {
    await createTable('paged', 'pk', 'sk');
    // 300 items of about 5 KB: more than one of DynamoDB's 1 MB pages, and many of the stream's batches.
    const sortKeys = Array.from({ length: 300 }, (_, index) => `item-${String(index).padStart(3, '0')}`);
    for (const sk of sortKeys) {
      const put = await call('PutItem', {
        TableName: 'paged',
        Item: { pk: { S: 'p' }, sk: { S: sk }, body: { S: `${sk} `.repeat(560) } },
      });
      expect(put.text).toBe('{}');
    }
    type Page = { Items: Array<{ sk: { S: string } }>; LastEvaluatedKey?: unknown };
    const readAll = async (action: 'Query' | 'Scan', request: Record<string, unknown>) => {
      const seen: string[] = [];
      const pageSizes: number[] = [];
      let start: unknown;
      do {
        const page = JSON.parse(
          (await call(action, { ...request, ...(start ? { ExclusiveStartKey: start } : {}) })).text,
        ) as Page;
        seen.push(...page.Items.map((item) => item.sk.S));
        pageSizes.push(page.Items.length);
        start = page.LastEvaluatedKey;
      } while (start);
      return { seen, pageSizes };
    };
    const query = {
      TableName: 'paged',
      KeyConditionExpression: 'pk = :p',
      ExpressionAttributeValues: { ':p': { S: 'p' } },
    };

    const whole = await readAll('Query', query);
    expect(whole.seen).toEqual(sortKeys);
    expect(whole.pageSizes.length).toBeGreaterThan(1);

    const newestFirst = await readAll('Query', { ...query, ScanIndexForward: false, Limit: 51 });
    expect(newestFirst.seen).toEqual([...sortKeys].reverse());
    expect(newestFirst.pageSizes.slice(0, 5)).toEqual([51, 51, 51, 51, 51]);

    const scanned = await readAll('Scan', { TableName: 'paged', Limit: 7, ProjectionExpression: 'sk' });
    expect([...scanned.seen].sort()).toEqual(sortKeys);
    expect(new Set(scanned.seen).size).toBe(300);
  });

  it('reads each item as last written, however many reads and projections shared its decoded form', async () => {
    await createTable('decoded', 'pk', 'sk');
    const item = {
      pk: { S: 'p' },
      sk: { S: 'one' },
      name: { S: 'first' },
      address: { M: { city: { S: 'Austin' }, streets: { L: [{ S: 'Main St' }, { S: 'Suite 4' }] } } },
    };
    expect((await call('PutItem', { TableName: 'decoded', Item: item })).text).toBe('{}');
    const query = (extra: Record<string, unknown> = {}) =>
      call('Query', {
        TableName: 'decoded',
        KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': { S: 'p' } },
        ...extra,
      }).then(({ text }) => (JSON.parse(text) as { Items: Record<string, unknown>[] }).Items);

    // Reads at once with different projections of the same stored item: none may see another's shape.
    const [whole, names, city, again] = await Promise.all([
      query(),
      query({ ProjectionExpression: '#n', ExpressionAttributeNames: { '#n': 'name' } }),
      query({ ProjectionExpression: 'address.city, address.streets[1]' }),
      query(),
    ]);
    expect(whole).toEqual([item]);
    expect(again).toEqual([item]);
    expect(names).toEqual([{ name: { S: 'first' } }]);
    expect(city).toEqual([{ address: { M: { city: { S: 'Austin' }, streets: { L: [{ S: 'Suite 4' }] } } } }]);
    expect(
      await query({
        FilterExpression: '#n = :n',
        ExpressionAttributeNames: { '#n': 'name' },
        ExpressionAttributeValues: { ':p': { S: 'p' }, ':n': { S: 'first' } },
      }),
    ).toEqual([item]);

    // A changed item is a new text: the next read answers with it, never with the form decoded before.
    await call('UpdateItem', {
      TableName: 'decoded',
      Key: { pk: { S: 'p' }, sk: { S: 'one' } },
      UpdateExpression: 'SET #n = :n REMOVE address',
      ExpressionAttributeNames: { '#n': 'name' },
      ExpressionAttributeValues: { ':n': { S: 'second' } },
    });
    expect(await query()).toEqual([{ pk: { S: 'p' }, sk: { S: 'one' }, name: { S: 'second' } }]);
    // Written back as it first was: the same text as the first read, and the same answer.
    expect((await call('PutItem', { TableName: 'decoded', Item: item })).text).toBe('{}');
    expect(await query()).toEqual([item]);
    await call('DeleteItem', { TableName: 'decoded', Key: { pk: { S: 'p' }, sk: { S: 'one' } } });
    expect(await query()).toEqual([]);
  });

  it("names its worker's thread where /proc lists threads, so a bench can split CPU time", () => {
    if (!existsSync('/proc/self/task')) {
      expect(dynamo.osThreadId).toBeNull();
      return;
    }
    expect(dynamo.osThreadId).not.toBe(process.pid);
    expect(existsSync(`/proc/self/task/${dynamo.osThreadId}`)).toBe(true);
  });

  it('goes on serving when a request fails inside it, and nothing is thrown at the caller', async () => {
    const lines: string[] = [];
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    const own = await startDynamoDb({
      dataDir: join(dataDir, 'faults'),
      port: 0,
      log: (line) => lines.push(line),
    });
    try {
      // A client that hangs up in the middle of its body: dynalite throws the request's 'aborted' error.
      const { port } = new URL(own.endpoint);
      const socket = connect(Number(port), '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        'POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-amz-json-1.0\r\n' +
          'X-Amz-Target: DynamoDB_20120810.ListTables\r\nContent-Length: 100\r\n\r\n{"Limit":',
      );
      await vi.waitFor(() => expect(socket.bytesWritten).toBeGreaterThan(0));
      socket.destroy();
      await vi.waitFor(() => expect(lines).toEqual(['A DynamoDB emulator request failed: aborted']));

      const reply = await fetch(own.endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.0',
          'x-amz-target': 'DynamoDB_20120810.ListTables',
          authorization:
            'AWS4-HMAC-SHA256 Credential=local/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
          'x-amz-date': '20260101T000000Z',
        },
        body: '{}',
      });
      expect(await reply.json()).toEqual({ TableNames: [] });
    } finally {
      await own.stop();
      process.off('uncaughtException', record);
    }
    expect(uncaught).toEqual([]);
  });
});
