import { describe, expect, it } from 'vitest';
import { decodeBase64, imageMimeType, looksLikeMp3 } from './media-bytes';
import { TINY_MP3, TINY_PNG } from './testing/fake-http-server';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);

describe('media sniffing', () => {
  it('recognises PNG, JPEG, WebP and GIF by their signatures', () => {
    expect(imageMimeType(TINY_PNG)).toBe('image/png');
    expect(imageMimeType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(imageMimeType(text('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp');
    expect(imageMimeType(text('GIF89a'))).toBe('image/gif');
    expect(imageMimeType(text('{"error":"nope"}'))).toBeUndefined();
    expect(imageMimeType(bytes())).toBeUndefined();
  });

  it('recognises MP3 by an ID3 tag or an MPEG frame header', () => {
    expect(looksLikeMp3(TINY_MP3)).toBe(true);
    expect(looksLikeMp3(bytes(0xff, 0xfb, 0x90, 0x64))).toBe(true);
    expect(looksLikeMp3(text('<html>'))).toBe(false);
    expect(looksLikeMp3(bytes(0xff))).toBe(false);
  });

  it('decodes base64', () => {
    expect(decodeBase64(Buffer.from(TINY_PNG).toString('base64'))).toEqual(TINY_PNG);
  });
});
