import { S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { s3Client } from './s3';

const hasLoggerMiddleware = (client: { middlewareStack: { identify(): string[] } }) =>
  client.middlewareStack.identify().some((entry) => entry.startsWith('loggerMiddleware'));

describe('SDK clients', () => {
  it("drop the SDK's logger middleware, which filters every input and output even with no logger", () => {
    // The SDK adds it by default: the check below would pass for nothing without this one.
    expect(hasLoggerMiddleware(new S3Client({ region: 'us-east-1' }))).toBe(true);
    for (const client of [s3Client()]) {
      expect(hasLoggerMiddleware(client)).toBe(false);
    }
  });

  it('still send commands through the rest of the stack', () => {
    const names = s3Client().middlewareStack.identify();
    expect(names.some((entry) => entry.startsWith('serializerMiddleware'))).toBe(true);
  });

  it('build one client per emulator endpoint and keep S3 path-style locally', async () => {
    const previous = process.env.AWS_ENDPOINT_URL_S3;
    try {
      process.env.AWS_ENDPOINT_URL_S3 = 'http://127.0.0.1:4567';
      const first = s3Client();
      expect(s3Client()).toBe(first);
      expect(first.config.forcePathStyle).toBe(true);
      process.env.AWS_ENDPOINT_URL_S3 = 'http://127.0.0.1:4568';
      expect(s3Client()).not.toBe(first);
    } finally {
      if (previous === undefined) delete process.env.AWS_ENDPOINT_URL_S3;
      else process.env.AWS_ENDPOINT_URL_S3 = previous;
    }
  });
});
