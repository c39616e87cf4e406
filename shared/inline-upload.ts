/**
 * Images sent inside a JSON body (image analysis, resizing): Lambda refuses a synchronous invocation
 * whose event is larger than 6 MB (6,291,456 bytes) before the function runs, so API Gateway's 10 MB
 * never comes into play. Such a route accepts an image whose base64 fits in that event with room for
 * the rest of it (headers, request context, the JSON around the image), and the browser checks the same
 * size before it uploads (docs/decisions.md, "Image analysis fits its route"). The spec's 5 MB is the other
 * bound; this one is lower.
 */
export const LAMBDA_INVOCATION_LIMIT_BYTES = 6 * 1024 * 1024;

/** What the event holds besides the image: API Gateway's headers are at most 10 KB, the rest is small. */
const EVENT_ROOM_BYTES = 64 * 1024;

/** The longest image string (base64, or a data: URL) a route that takes one inline accepts. */
export const MAX_INLINE_IMAGE_CHARS = LAMBDA_INVOCATION_LIMIT_BYTES - EVENT_ROOM_BYTES;

/** A data: URL's prefix (`data:image/jpeg;base64,`), which a browser may send with the image. */
const DATA_URL_PREFIX_CHARS = 64;

/** Whether a file of this many bytes, sent as base64, fits a route that takes an image inline. */
export function fitsInline(bytes: number): boolean {
  return Math.ceil(bytes / 3) * 4 + DATA_URL_PREFIX_CHARS <= MAX_INLINE_IMAGE_CHARS;
}

/** Whether an image string (base64 or a data: URL) fits a route that takes one inline. */
export const inlineImageFits = (body: { readonly image?: string | undefined }): boolean =>
  (body.image ?? '').length <= MAX_INLINE_IMAGE_CHARS;
