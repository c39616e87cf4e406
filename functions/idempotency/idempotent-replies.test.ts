import { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envNames } from '#contract/routes';
import type { AuthenticatedRequest } from '#functions/commons/http-handler';
import { HttpResult } from '#functions/commons/http-handler';
import { runOnce } from './idempotent-replies';
import { SEALED_REPLIES } from './sealed-replies';

/**
 * Keeping a create's reply for its Idempotency-Key, where the emulators cannot fail on cue: KMS refusing
 * to seal, the table refusing the write. What was made is answered all the same and the key is freed, so
 * a retry runs again instead of waiting a day on a key that holds no reply. The unfailed paths run
 * against the emulators in test/integration/idempotent-creates.test.ts.
 */

const dynamo = mockClient(DynamoDBDocumentClient);
const kms = mockClient(KMSClient);

const request = {
  caller: { userId: 'user-1', email: 'owner@example.com', isAdmin: false, authMethod: 'apiKey' },
  event: { requestContext: { requestId: 'request-1' }, headers: {} },
  params: {},
  query: {},
  body: { url: 'https://hooks.example.com/lbm', events: ['job.failed'] },
  csv: null,
} as unknown as AuthenticatedRequest<unknown>;

const created = new HttpResult(201, { webhookId: 'hook-1', secret: 'whsec_c2VjcmV0LXNob3duLW9uY2U=' });

beforeEach(() => {
  dynamo.reset();
  kms.reset();
  dynamo.on(PutCommand).resolves({});
  dynamo.on(UpdateCommand).resolves({});
  dynamo.on(DeleteCommand).resolves({});
  vi.stubEnv(envNames.tableName, 'lbm-test');
  vi.stubEnv(envNames.wordpressKeyId, 'wordpress-key');
  vi.stubEnv(envNames.sealedRepliesKeyId, 'sealed-replies-key');
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('keeping a sealed reply', () => {
  it('seals it with the sealed replies’ key, under its purpose, and keeps only the cipher text', async () => {
    kms.on(EncryptCommand).resolves({ CiphertextBlob: Buffer.from('sealed') });
    const result = await runOnce(request, 'CreateWebhook', 'retry-0001', async () => created, SEALED_REPLIES);
    expect(result).toBe(created);
    const [encrypt] = kms.commandCalls(EncryptCommand);
    expect(encrypt?.args[0].input).toMatchObject({
      KeyId: 'sealed-replies-key',
      EncryptionContext: { purpose: 'idempotent_reply' },
    });
    const kept = JSON.stringify(dynamo.commandCalls(UpdateCommand).map((call) => call.args[0].input));
    expect(kept).toContain(`kms:v1:${Buffer.from('sealed').toString('base64')}`);
    expect(kept).not.toContain('whsec_');
    expect(dynamo.commandCalls(DeleteCommand)).toHaveLength(0);
  });

  it('answers what was made when KMS refuses to seal, and frees the key', async () => {
    kms.on(EncryptCommand).rejects(new Error('KMS is unavailable'));
    const result = await runOnce(request, 'CreateWebhook', 'retry-0002', async () => created, SEALED_REPLIES);
    expect(result).toBe(created);
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
    expect(dynamo.commandCalls(DeleteCommand)).toHaveLength(1);
    expect(kms.commandCalls(DecryptCommand)).toHaveLength(0);
  });

  it('answers what was made when the table refuses to keep the reply, and frees the key', async () => {
    dynamo.on(UpdateCommand).rejects(new Error('Throughput exceeded'));
    const result = await runOnce(request, 'CreateClient', 'retry-0003', async () => created);
    expect(result).toBe(created);
    expect(dynamo.commandCalls(DeleteCommand)).toHaveLength(1);
    expect(kms.commandCalls(EncryptCommand)).toHaveLength(0);
  });
});
