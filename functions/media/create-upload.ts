import { ulid } from 'ulid';
import { requireEnv } from '#functions/commons/env';
import { httpHandler } from '#functions/commons/http-handler';
import { HttpResult } from '#functions/commons/http-wrap';
import { MEDIA_RETENTION_TAG, mediaKey } from '#shared/media';
import {
  type CreateUploadResponse,
  createUploadRequestSchema,
  UPLOAD_URL_SECONDS,
  uploadFileName,
} from '#shared/media-upload';
import { MAX_UPLOAD_BYTES } from '#shared/tools/image-generation';

/**
 * POST /api/media/uploads {contentType, size} → 201 {url, fields, key, expiresAt}: a presigned POST to the
 * media bucket for one image of the caller's. Its policy is what holds the upload to the spec's bound:
 * S3 refuses a file of 5 MB or more (`content-length-range`), another type, another key, and the form
 * after `expiresAt`, whatever the caller declared here. The object is tagged `job` media, so the bucket's
 * lifecycle rule removes it with unsaved job media (docs/architecture.md, "Media, publishing and
 * integrators"). It stores nothing until the file arrives, so a retried request is simply another
 * presigned POST (no Idempotency-Key needed).
 */
export const handler = httpHandler({
  body: createUploadRequestSchema,
  handle: async ({ body, caller }) => {
    const key = mediaKey({
      userId: caller.userId,
      jobId: ulid(),
      fileName: uploadFileName(body.contentType),
    });
    const tagging = `<Tagging><TagSet><Tag><Key>${MEDIA_RETENTION_TAG}</Key><Value>job</Value></Tag></TagSet></Tagging>`;
    // S3's client and the POST signer load with the first upload: signing links needs neither.
    const [{ createPresignedPost }, { s3Client }] = await Promise.all([
      import('@aws-sdk/s3-presigned-post'),
      import('#functions/commons/clients/s3'),
    ]);
    const { url, fields } = await createPresignedPost(s3Client(), {
      Bucket: requireEnv('mediaBucket'),
      Key: key,
      Fields: { 'Content-Type': body.contentType, tagging },
      Conditions: [['content-length-range', 1, MAX_UPLOAD_BYTES - 1]],
      Expires: UPLOAD_URL_SECONDS,
    });
    const reply: CreateUploadResponse = {
      url,
      fields,
      key,
      expiresAt: new Date(Date.now() + UPLOAD_URL_SECONDS * 1000).toISOString(),
    };
    return new HttpResult(201, reply, { 'cache-control': 'no-store' });
  },
});
