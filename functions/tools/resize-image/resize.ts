import type { ResizeMode } from '#shared/tools/social-content';

/**
 * Resizes an image to exactly `width` x `height` pixels as PNG. Stretch ignores the aspect ratio; crop
 * to fit covers the box and cuts the overflow from the centre. sharp is imported on first use, so only
 * the functions that resize load it.
 */
export async function resizeToExact(
  bytes: Uint8Array,
  width: number,
  height: number,
  mode: ResizeMode,
): Promise<Uint8Array> {
  const { default: sharp } = await import('sharp');
  const output = await sharp(bytes)
    .rotate()
    .resize(width, height, { fit: mode === 'crop' ? 'cover' : 'fill', position: 'centre' })
    .png()
    .toBuffer();
  return new Uint8Array(output);
}
