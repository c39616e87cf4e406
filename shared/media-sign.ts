import * as z from 'zod';
import { MAX_MEDIA_URLS_PER_SIGN } from './media';

/** POST /api/media/sign: media paths (from results or saved content) to short-lived URLs for tags. */
export const signMediaRequestSchema = z.object({
  urls: z.array(z.string().max(300)).min(1).max(MAX_MEDIA_URLS_PER_SIGN),
  /** The client whose library item lists the media, when it is not the caller's own. */
  clientId: z.string().trim().max(100).optional(),
});

export interface SignedMediaUrl {
  readonly url: string;
  readonly signedUrl: string;
  readonly expiresAt: string;
}

export interface SignMediaResponse {
  readonly urls: readonly SignedMediaUrl[];
}
