/**
 * Gemini answers images in a shape of its own; the spec crops them in the browser to the aspect ratio
 * the user chose (001 §9, docs/models.md). The crop is centred and keeps as many pixels as the ratio
 * allows; the file keeps its type (Google sends PNG).
 */

export interface CropBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The centred box of `ratio` ('16:9') inside a width × height image; null when there is nothing to cut. */
export function centredCropBox(width: number, height: number, ratio: string): CropBox | null {
  const match = /^(\d{1,2}):(\d{1,2})$/.exec(ratio);
  if (!match || width <= 0 || height <= 0) return null;
  const wanted = Number(match[1]) / Number(match[2]);
  if (!(wanted > 0)) return null;
  // One side is kept whole; the other is cut evenly on both ends.
  const box =
    width / height > wanted
      ? { width: Math.round(height * wanted), height }
      : { width, height: Math.round(width / wanted) };
  if (box.width === width && box.height === height) return null;
  return {
    x: Math.floor((width - box.width) / 2),
    y: Math.floor((height - box.height) / 2),
    width: box.width,
    height: box.height,
  };
}

export interface CroppedImage {
  /** An object URL of the cropped file; the caller revokes it. */
  readonly url: string;
  readonly width: number;
  readonly height: number;
}

/**
 * Reads the image at `signedUrl` (a presigned media URL: the bucket allows GET from any origin) and
 * returns it cropped to `ratio`, as an object URL of the same file type. An image already of that shape
 * comes back as it is, as an object URL too, so display and download read one thing.
 */
export async function cropToAspectRatio(signedUrl: string, ratio: string): Promise<CroppedImage> {
  const response = await fetch(signedUrl);
  if (!response.ok) throw new Error(`The image could not be read (${response.status}).`);
  const original = await response.blob();
  const bitmap = await createImageBitmap(original);
  try {
    const box = centredCropBox(bitmap.width, bitmap.height, ratio);
    if (!box) return { url: URL.createObjectURL(original), width: bitmap.width, height: bitmap.height };
    const canvas = document.createElement('canvas');
    canvas.width = box.width;
    canvas.height = box.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('The browser cannot draw images.');
    context.drawImage(bitmap, box.x, box.y, box.width, box.height, 0, 0, box.width, box.height);
    const type = original.type.startsWith('image/') ? original.type : 'image/png';
    const cropped = await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The crop failed.'))), type, 0.92),
    );
    return { url: URL.createObjectURL(cropped), width: box.width, height: box.height };
  } finally {
    bitmap.close();
  }
}
