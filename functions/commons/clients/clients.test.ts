import { afterEach, describe, expect, it, vi } from 'vitest';
import { cognitoClient } from './cognito';
import { dynamoDocumentClient } from './dynamodb';
import { kmsClient } from './kms';
import { s3Client } from './s3';
import { secretsClient } from './secrets-manager';
import { sqsClient } from './sqs';
import { webSocketManagementClient } from './websocket-management';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('SDK clients', () => {
  it('are built once and kept while their endpoint stays the same', () => {
    vi.stubEnv('AWS_ENDPOINT_URL_SQS', 'http://127.0.0.1:4567');
    const first = sqsClient();
    expect(sqsClient()).toBe(first);
    // A local runtime restarted in the same process listens on new ports.
    vi.stubEnv('AWS_ENDPOINT_URL_SQS', 'http://127.0.0.1:4568');
    expect(sqsClient()).not.toBe(first);
    expect(webSocketManagementClient('https://example.com/prod')).toBe(
      webSocketManagementClient('https://example.com/prod'),
    );
  });

  it("retry in the SDK's standard mode, with its default attempts", async () => {
    vi.stubEnv('AWS_REGION', 'eu-west-1');
    for (const client of [
      dynamoDocumentClient(),
      s3Client(),
      sqsClient(),
      kmsClient(),
      secretsClient(),
      cognitoClient(),
      webSocketManagementClient('https://example.com/prod'),
    ]) {
      const { retryMode } = client.config;
      expect(typeof retryMode === 'function' ? await retryMode() : retryMode).toBe('standard');
      // 3, or 4 for DynamoDB: the SDK's own defaults, which no client overrides.
      expect(await client.config.maxAttempts()).toBeGreaterThanOrEqual(3);
    }
  });

  it('address an S3 emulator path-style and AWS virtual-hosted, with checksums only when required', async () => {
    vi.stubEnv('AWS_ENDPOINT_URL_S3', 'http://127.0.0.1:4569');
    const local = s3Client();
    expect(local.config.forcePathStyle).toBe(true);
    vi.stubEnv('AWS_ENDPOINT_URL_S3', '');
    const aws = s3Client();
    expect(aws.config.forcePathStyle).toBe(false);
    for (const client of [local, aws]) {
      expect(await client.config.requestChecksumCalculation()).toBe('WHEN_REQUIRED');
      expect(await client.config.responseChecksumValidation()).toBe('WHEN_REQUIRED');
    }
  });
});
