import { fitsInline, inlineImageFits } from '../inline-upload';
import * as z from '../validation/zod';
import { IMAGE_MESSAGES, MAX_UPLOAD_BYTES } from './image-generation';

/**
 * POST /api/analyze-image (001 §7): an uploaded image (base64; a data: URL prefix is accepted and
 * ignored) to a JSON profile of it. Its size is checked as base64, against what Lambda can receive.
 */
export const analyzeImageRequestSchema = z
  .object({
    image: z.string().check(z.minLength(1, IMAGE_MESSAGES.invalidFile)),
    format: z._default(z.literal('json'), 'json'),
  })
  // On the whole body, so the spec's message is answered as written, not prefixed with the field.
  .check(z.refine(inlineImageFits, { error: IMAGE_MESSAGES.fileTooLarge }));

/**
 * The browser's check before upload (001 §5): image types only, under 5 MB, and small enough as base64
 * for the function that analyses it (shared/inline-upload.ts), with the spec's message either way.
 */
export function uploadProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return IMAGE_MESSAGES.invalidFile;
  if (file.size >= MAX_UPLOAD_BYTES || !fitsInline(file.size)) return IMAGE_MESSAGES.fileTooLarge;
  return null;
}
