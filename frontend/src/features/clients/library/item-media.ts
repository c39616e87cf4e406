import { parseMediaPath } from '#shared/media';
import { mediaPathsIn } from '@/lib/media-urls';

/** One image a saved image item lists in `metadata.images` (001 §3). */
export interface SavedImage {
  readonly url: string;
  readonly prompt: string;
}

/** The media images an item's metadata lists; entries without a media URL are left out. */
export function savedImages(metadata: Record<string, unknown>): SavedImage[] {
  const images = metadata.images;
  if (!Array.isArray(images)) return [];
  return images.flatMap((image: unknown) => {
    if (typeof image !== 'object' || image === null) return [];
    const { url, prompt } = image as { url?: unknown; prompt?: unknown };
    if (typeof url !== 'string' || !parseMediaPath(url)) return [];
    return [{ url, prompt: typeof prompt === 'string' ? prompt : '' }];
  });
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The HTML a library preview shows: the stored HTML, then a gallery of the listed images it does not
 * already show (an edited item may have lost its <img> tags; the images are still the item's).
 */
export function withImageGallery(html: string, images: readonly SavedImage[]): string {
  const shown = new Set(mediaPathsIn(html));
  const missing = images.filter((image) => !shown.has(image.url));
  if (missing.length === 0) return html;
  const figures = missing
    .map(
      (image) =>
        `<figure><img src="${escapeHtml(image.url)}" alt="${escapeHtml(image.prompt)}"><figcaption>${escapeHtml(image.prompt)}</figcaption></figure>`,
    )
    .join('');
  return `${html}<section aria-label="Images">${figures}</section>`;
}

/** Every media path the preview will load: those in the HTML and those the metadata lists. */
export function itemMediaPaths(html: string, images: readonly SavedImage[]): string[] {
  return mediaPathsIn(withImageGallery(html, images));
}
