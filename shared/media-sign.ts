import { MAX_MEDIA_URLS_PER_SIGN } from './media';
import * as z from './validation/zod';

/** POST /api/media/sign: media paths (from results or saved content) to short-lived URLs for tags. */
export const signMediaRequestSchema = z.object({
  urls: z
    .array(z.string().check(z.maxLength(300)))
    .check(z.minLength(1), z.maxLength(MAX_MEDIA_URLS_PER_SIGN)),
  /** The client whose library item lists the media, when it is not the caller's own. */
  clientId: z.optional(z.string().check(z.trim(), z.maxLength(100))),
});

export interface SignedMediaUrl {
  readonly url: string;
  readonly signedUrl: string;
  readonly expiresAt: string;
}

export interface SignMediaResponse {
  readonly urls: readonly SignedMediaUrl[];
}
