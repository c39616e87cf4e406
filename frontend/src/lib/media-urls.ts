import {
  MAX_MEDIA_URLS_PER_SIGN,
  mediaLocationsIn,
  mediaPath,
  mediaPathPattern,
  parseMediaPath,
} from '#shared/media';
import type { SignMediaResponse } from '#shared/media-sign';
import { api } from '@/lib/api-client';

/**
 * Media paths from results become URLs a tag can load: the server checks access and adds a
 * short-lived token (POST /api/media/sign), so <img> and <audio> need no Authorization header.
 */
export async function signMediaUrls(
  urls: readonly string[],
  clientId?: string,
): Promise<Map<string, string>> {
  if (urls.length === 0) return new Map();
  const reply = await api.post<SignMediaResponse>('/api/media/sign', {
    urls,
    ...(clientId ? { clientId } : {}),
  });
  return new Map(reply.urls.map((entry) => [entry.url, entry.signedUrl]));
}

/**
 * Downloads a signed media URL under `fileName`: the server's redirect asks S3 for an attachment, so a
 * plain link works without reading the bytes into the page (and without CORS).
 */
export function downloadMedia(signedUrl: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = `${signedUrl}&download=${encodeURIComponent(fileName)}`;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** The distinct media paths stored HTML refers to (without any query), at most as many as one sign call takes. */
export function mediaPathsIn(html: string): string[] {
  return mediaLocationsIn(html).map(mediaPath).slice(0, MAX_MEDIA_URLS_PER_SIGN);
}

/**
 * Stored HTML with each media path it refers to (the whole match, an older copy's query included)
 * replaced by its signed URL; unsigned paths stay as they are.
 */
export function withSignedMedia(html: string, signed: ReadonlyMap<string, string>): string {
  return html.replace(mediaPathPattern(), (match) => {
    const location = parseMediaPath(match);
    return (location && signed.get(mediaPath(location))) ?? match;
  });
}
