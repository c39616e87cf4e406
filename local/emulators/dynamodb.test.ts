import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningDynamoDb, startDynamoDb } from './dynamodb';

/**
 * dynalite's worker swaps dynalite's JavaScript CRC for zlib's (issue 15): every reply must still carry
 * the CRC-32 of its body in x-amz-crc32, computed here bit by bit, as the DynamoDB wire protocol has it.
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

    await call('CreateTable', {
      TableName: 'crc',
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      BillingMode: 'PAY_PER_REQUEST',
    });
    // dynalite answers CreateTable first and marks the table ACTIVE in a write of its own just after,
    // which a busy machine can delay past the next request.
    await vi.waitFor(async () => {
      const described = await call('DescribeTable', { TableName: 'crc' });
      expect(described.text).toContain('"TableStatus":"ACTIVE"');
    });
    const text = 'Ünïcödé ✓ 𝄞 '.repeat(500);
    const put = await call('PutItem', { TableName: 'crc', Item: { pk: { S: 'a' }, text: { S: text } } });
    expect(put.text).toBe('{}');
    const item = await call('GetItem', { TableName: 'crc', Key: { pk: { S: 'a' } } });
    expect(item.text).toContain('𝄞');
    expect(item.crc).toBe(String(referenceCrc32(item.text)));
  });

  it("names its worker's thread where /proc lists threads, so a bench can split CPU time", () => {
    if (!existsSync('/proc/self/task')) {
      expect(dynamo.osThreadId).toBeNull();
      return;
    }
    expect(dynamo.osThreadId).not.toBe(process.pid);
    expect(existsSync(`/proc/self/task/${dynamo.osThreadId}`)).toBe(true);
  });
});
