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

/** POST /api/media/sign's reply (functions/media/sign-media.ts builds it as this type). */
export const signMediaResponseSchema = z.object({
  urls: z.array(
    z.object({
      url: z.string().check(z.meta({ description: 'The media path that was signed.' })),
      signedUrl: z.string().check(
        z.meta({
          description:
            'The path with a `token`: GET it without credentials (an `<img>` or `<audio>` can) until `expiresAt`; it answers 302 to the file.',
        }),
      ),
      expiresAt: z.string().check(z.meta({ description: 'When `signedUrl` stops working (ISO 8601).' })),
    }),
  ),
});
export type SignMediaResponse = z.output<typeof signMediaResponseSchema>;
export type SignedMediaUrl = SignMediaResponse['urls'][number];
