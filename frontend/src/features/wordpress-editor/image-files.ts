import {
  WORDPRESS_IMAGE_MEDIA_TYPES,
  WORDPRESS_IMAGE_TYPES,
  WORDPRESS_MEDIA_MAX_BYTES,
} from '#shared/wordpress';

/** What the media upload takes: base64 without the data-URL prefix, a file name and a 001 §9 media type. */
export interface MediaUpload {
  file: string;
  filename: string;
  mimeType: string;
}

export class ImageRefusedError extends Error {}

const ACCEPTED = new Set<string>(WORDPRESS_IMAGE_MEDIA_TYPES);

function mediaTypeOf(name: string, declared: string): string | null {
  if (ACCEPTED.has(declared)) return declared;
  const extension = name.split('.').pop()?.toLowerCase() ?? '';
  return WORDPRESS_IMAGE_TYPES[extension] ?? null;
}

function checkSize(bytes: number): void {
  if (bytes > WORDPRESS_MEDIA_MAX_BYTES) {
    throw new ImageRefusedError(
      `Images can be at most ${(WORDPRESS_MEDIA_MAX_BYTES / 1_000_000).toFixed(1)} MB; this one is ${(bytes / 1_000_000).toFixed(1)} MB.`,
    );
  }
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** A chosen or pasted file, checked against the editor's image types (001 §9) and the upload limit. */
export async function mediaFromFile(file: File): Promise<MediaUpload> {
  const mimeType = mediaTypeOf(file.name, file.type);
  if (!mimeType) {
    throw new ImageRefusedError(
      `Only ${Object.keys(WORDPRESS_IMAGE_TYPES).join(', ')} images can be uploaded.`,
    );
  }
  checkSize(file.size);
  const dataUrl = await readAsDataUrl(file);
  const extension = Object.entries(WORDPRESS_IMAGE_TYPES).find(([, type]) => type === mimeType)?.[0] ?? 'img';
  const filename =
    /\.[a-z0-9]+$/i.test(file.name) && file.name !== 'image.png' ? file.name : `pasted-image.${extension}`;
  return { file: dataUrl.slice(dataUrl.indexOf(',') + 1), filename, mimeType };
}

/** A data-URL image that reached the editor inline (pasted HTML): it is uploaded, never published inline. */
export function mediaFromDataUrl(dataUrl: string, index: number): MediaUpload | null {
  const match = /^data:(image\/[a-z+.-]+);base64,(.+)$/i.exec(dataUrl);
  const mimeType = match?.[1]?.toLowerCase();
  if (!match?.[2] || !mimeType || !ACCEPTED.has(mimeType)) return null;
  checkSize(Math.floor((match[2].length * 3) / 4));
  const extension = Object.entries(WORDPRESS_IMAGE_TYPES).find(([, type]) => type === mimeType)?.[0] ?? 'img';
  return { file: match[2], filename: `pasted-image-${index}.${extension}`, mimeType };
}
