/**
 * Recognises media by its first bytes. Providers do not always say what they sent (xAI returns JPEG
 * whatever was asked; base64 fields carry no type), and a reply that is not media at all must be caught
 * before it is stored as an image or an MP3.
 */

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

export function imageMimeType(bytes: Uint8Array): string | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('GIF8'))) return 'image/gif';
  return undefined;
}

/** An MP3 starts with an ID3 tag or directly with an MPEG audio frame (11 sync bits). */
export function looksLikeMp3(bytes: Uint8Array): boolean {
  if (startsWith(bytes, ascii('ID3'))) return true;
  const first = bytes[0];
  const second = bytes[1];
  return first === 0xff && second !== undefined && (second & 0xe0) === 0xe0;
}

export function decodeBase64(data: string): Uint8Array {
  return new Uint8Array(Buffer.from(data, 'base64'));
}
