import * as z from '../validation/zod';
import { IMAGE_MESSAGES, MAX_UPLOAD_BYTES } from './image-generation';

/** POST /api/analyze-image (001 §7): an uploaded image (base64) to a JSON profile of it. */

/** Base64 grows data by a third; a data: URL prefix is accepted and ignored. */
export const MAX_UPLOAD_BASE64_CHARS = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4 + 100;

export const analyzeImageRequestSchema = z.object({
  image: z
    .string()
    .check(
      z.minLength(1, IMAGE_MESSAGES.invalidFile),
      z.maxLength(MAX_UPLOAD_BASE64_CHARS, IMAGE_MESSAGES.fileTooLarge),
    ),
  format: z._default(z.literal('json'), 'json'),
});

export interface ImageAnalysis {
  readonly description: string;
  readonly entities: readonly string[];
  readonly keywords: readonly string[];
  readonly style: string;
  readonly raw_json: Record<string, unknown>;
}

/** The browser's check before upload (001 §5): image types only, under 5 MB. */
export function uploadProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return IMAGE_MESSAGES.invalidFile;
  if (file.size >= MAX_UPLOAD_BYTES) return IMAGE_MESSAGES.fileTooLarge;
  return null;
}
