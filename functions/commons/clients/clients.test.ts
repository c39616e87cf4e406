import { describe, expect, it } from 'vitest';
import { s3Objects } from './s3-objects';

describe('AWS clients', () => {
  it('build one client per emulator endpoint', () => {
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
