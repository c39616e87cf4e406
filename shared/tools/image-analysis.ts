import { fitsInline, inlineImageFits } from '../inline-upload';
import { imageKeySchema, imageSourceChecks } from '../media-upload';
import * as z from '../validation/zod';
import { IMAGE_MESSAGES, MAX_UPLOAD_BYTES } from './image-generation';

/**
 * POST /api/analyze-image (001 §7): an uploaded image (base64; a data: URL prefix is accepted and
 * ignored) to a JSON profile of it. Its size is checked as base64, against what Lambda can receive.
 */
export const analyzeImageRequestSchema = z
  .object({
    image: z.optional(
      z
        .string()
        .check(
          z.minLength(1, IMAGE_MESSAGES.invalidFile),
          z.meta({ description: 'The image as base64 (or a data: URL), when it fits a JSON body.' }),
        ),
    ),
    imageKey: z.optional(imageKeySchema),
    format: z._default(z.literal('json'), 'json'),
  })
  // On the whole body, so the spec's message is answered as written, not prefixed with the field.
  .check(...imageSourceChecks, z.refine(inlineImageFits, { error: IMAGE_MESSAGES.fileTooLarge }));

/**
 * The browser's check before upload (001 §5): image types only, under 5 MB, with the spec's message
 * either way. An image that passes goes inline when its base64 fits the function's event and through
 * the media bucket otherwise (imageTransport).
 */
export function uploadProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return IMAGE_MESSAGES.invalidFile;
  if (file.size >= MAX_UPLOAD_BYTES) return IMAGE_MESSAGES.fileTooLarge;
  return null;
}

/** How an image that passed uploadProblem reaches its tool (shared/inline-upload.ts, shared/media-upload.ts). */
export const imageTransport = (size: number): 'inline' | 'upload' => (fitsInline(size) ? 'inline' : 'upload');
