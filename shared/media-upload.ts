import { MEDIA_KEY_PREFIX, type MediaExtension, type MediaLocation, parseMediaKey } from './media';
import { IMAGE_MESSAGES, MAX_UPLOAD_BYTES } from './tools/image-generation';
import * as z from './validation/zod';

/**
 * Images too large to travel inside a JSON body (shared/inline-upload.ts) go straight to the media bucket:
 * `POST /api/media/uploads {contentType, size}` answers a presigned POST whose policy holds the upload to
 * that type and to under 5 MB (the spec's bound), and the image tools then take `{imageKey}` in place of
 * `image` (docs/architecture.md, "Media, publishing and integrators").
 */

/** The image types an upload may have, and the extension its stored file gets. */
export const UPLOAD_IMAGE_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const satisfies Record<string, MediaExtension>;
export type UploadImageType = keyof typeof UPLOAD_IMAGE_TYPES;

const UPLOAD_TYPES = Object.keys(UPLOAD_IMAGE_TYPES) as [UploadImageType, ...UploadImageType[]];

/** How long the presigned POST may be used: a 5 MB upload on a slow phone link, with room. */
export const UPLOAD_URL_SECONDS = 10 * 60;

/** The stored upload's file name: one per upload, under a fresh id of its own. */
export const UPLOAD_FILE_STEM = 'upload';

/** Every upload's key, as an IAM resource pattern (`*` spans the user and upload ids). */
export const UPLOAD_KEY_PATTERN = `${MEDIA_KEY_PREFIX}*/${UPLOAD_FILE_STEM}.*`;

export const uploadFileName = (contentType: UploadImageType): string =>
  `${UPLOAD_FILE_STEM}.${UPLOAD_IMAGE_TYPES[contentType]}`;

/** Whether a media location is an upload (and not a generated file the tools wrote). */
export const isUploadLocation = (location: MediaLocation): boolean =>
  Object.values(UPLOAD_IMAGE_TYPES).some(
    (extension) => location.fileName === `${UPLOAD_FILE_STEM}.${extension}`,
  );

/** The upload a key names, or null when it names none. */
export function parseUploadKey(key: string): MediaLocation | null {
  const location = parseMediaKey(key);
  return location && isUploadLocation(location) ? location : null;
}

export const createUploadRequestSchema = z.object({
  contentType: z
    .enum(UPLOAD_TYPES, IMAGE_MESSAGES.invalidFile)
    .check(z.meta({ description: 'The image’s type: PNG, JPEG, WebP or GIF.' })),
  size: z
    .number(IMAGE_MESSAGES.invalidFile)
    .check(
      z.int(IMAGE_MESSAGES.invalidFile),
      z.positive(IMAGE_MESSAGES.invalidFile),
      z.lt(MAX_UPLOAD_BYTES, IMAGE_MESSAGES.fileTooLarge),
      z.meta({ description: 'The file’s size in bytes: under 5 MB (5,242,880 bytes).' }),
    ),
});
export type CreateUploadRequest = z.output<typeof createUploadRequestSchema>;

export const createUploadResponseSchema = z.object({
  url: z.string().check(z.meta({ description: 'Where to POST the file: the media bucket.' })),
  fields: z.record(z.string(), z.string()).check(
    z.meta({
      description:
        'The form fields to send, in this order, before the file (a multipart/form-data POST whose last field is `file`).',
    }),
  ),
  key: z.string().check(
    z.meta({
      description:
        'The upload’s key: send it as `imageKey` to POST /analyze-image or /resize-image. It expires with unsaved job media.',
    }),
  ),
  expiresAt: z.string().check(z.meta({ description: 'When the presigned POST stops working (ISO 8601).' })),
});
export type CreateUploadResponse = z.output<typeof createUploadResponseSchema>;

/** `imageKey` in an image tool's body: an upload's key, as POST /api/media/uploads answered it. */
export const imageKeySchema = z
  .string()
  .check(
    z.minLength(1, IMAGE_MESSAGES.invalidFile),
    z.maxLength(300, IMAGE_MESSAGES.invalidFile),
    z.meta({ description: 'The `key` POST /media/uploads answered, once the file is uploaded to it.' }),
  );

/** The body of an image tool: the image inline (`image`) or uploaded (`imageKey`), exactly one. */
export interface ImageSource {
  readonly image?: string | undefined;
  readonly imageKey?: string | undefined;
}

export const BOTH_IMAGE_SOURCES = 'Send the image as `image` or as `imageKey`, not both.';

/** The checks on an image tool's whole body, with the spec's message when no image is sent. */
export const imageSourceChecks = [
  z.refine<ImageSource>((body) => body.image !== undefined || body.imageKey !== undefined, {
    error: IMAGE_MESSAGES.invalidFile,
  }),
  z.refine<ImageSource>((body) => body.image === undefined || body.imageKey === undefined, {
    error: BOTH_IMAGE_SOURCES,
  }),
] as const;

export const UPLOAD_NOT_FOUND =
  'No upload has that imageKey: POST the file to the url POST /api/media/uploads answered, then send its key.';
