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
