import { S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { withoutLogFiltering } from './client-endpoint';
import { s3Objects } from './s3-objects';

const hasLoggerMiddleware = (client: { middlewareStack: { identify(): string[] } }) =>
  client.middlewareStack.identify().some((entry) => entry.startsWith('loggerMiddleware'));

describe('SDK clients', () => {
  it("drop the SDK's logger middleware, which filters every input and output even with no logger", () => {
    // The SDK adds it by default: the check below would pass for nothing without this one.
    expect(hasLoggerMiddleware(new S3Client({ region: 'us-east-1' }))).toBe(true);
    for (const client of [withoutLogFiltering(new S3Client({ region: 'us-east-1' }))]) {
      expect(hasLoggerMiddleware(client)).toBe(false);
    }
  });

  it('still send commands through the rest of the stack', () => {
    const names = withoutLogFiltering(new S3Client({ region: 'us-east-1' })).middlewareStack.identify();
    expect(names.some((entry) => entry.startsWith('serializerMiddleware'))).toBe(true);
  });

  it('build one client per emulator endpoint', async () => {
    const previous = process.env.AWS_ENDPOINT_URL_S3;
    try {
      process.env.AWS_ENDPOINT_URL_S3 = 'http://127.0.0.1:4567';
      // S3's client is memoized by endpoint (s3-objects.test.ts checks its path-style addressing).
      const first = s3Objects();
      expect(s3Objects()).toBe(first);
      process.env.AWS_ENDPOINT_URL_S3 = 'http://127.0.0.1:4568';
      expect(s3Objects()).not.toBe(first);
    } finally {
      if (previous === undefined) delete process.env.AWS_ENDPOINT_URL_S3;
      else process.env.AWS_ENDPOINT_URL_S3 = previous;
    }
  });
});
