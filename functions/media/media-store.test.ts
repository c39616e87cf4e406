import { Readable } from 'node:stream';
import {
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { sdkStreamMixin } from '@smithy/core/serde';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envNames } from '#contract/routes';
import { putMedia, readMedia } from './media-store';

/**
 * The media store's S3 calls where S3 fails in ways s3rver never does (the happy paths and a missing
 * key run against s3rver in test/integration/foundation.test.ts and the media tests).
 */

const s3 = mockClient(S3Client);
const location = { userId: 'user-1', jobId: '01JMEDIA00000000000000000A', fileName: 'image-1.png' } as const;

beforeEach(() => {
  s3.reset();
  vi.stubEnv(envNames.mediaBucket, 'media-bucket');
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('media store', () => {
  it('stores an object with its type, disposition and retention tag', async () => {
    s3.on(PutObjectCommand).resolves({});
    const bytes = new Uint8Array([1, 2, 3]);
    expect(await putMedia(location, bytes, 'saved')).toBe(`/api/media/user-1/${location.jobId}/image-1.png`);
    expect(s3.commandCalls(PutObjectCommand)[0]?.args[0].input).toEqual({
      Bucket: 'media-bucket',
      Key: `media/user-1/${location.jobId}/image-1.png`,
      Body: bytes,
      ContentType: 'image/png',
      ContentDisposition: 'inline; filename="image-1.png"',
      CacheControl: 'private, max-age=3600',
      Tagging: 'retention=saved',
    });
  });

  it('reads the bytes of an object, and null for a missing one', async () => {
    const body = sdkStreamMixin(Readable.from([Buffer.from('png bytes')]));
    s3.on(GetObjectCommand)
      .resolvesOnce({ Body: body })
      .rejectsOnce(new NoSuchKey({ message: 'The specified key does not exist.', $metadata: {} }));
    expect(Buffer.from((await readMedia(location)) ?? []).toString()).toBe('png bytes');
    expect(await readMedia(location)).toBeNull();
  });

  it('fails on a server error instead of taking the object for missing', async () => {
    const internal = new S3ServiceException({
      name: 'InternalError',
      $fault: 'server',
      message: 'We encountered an internal error. Please try again.',
      $metadata: { httpStatusCode: 500 },
    });
    s3.on(GetObjectCommand).rejects(internal);
    await expect(readMedia(location)).rejects.toBe(internal);
  });
});
