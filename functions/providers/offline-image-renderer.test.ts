import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageMimeType } from './media-bytes';
import { choosePalette } from './offline-image-palette';
import { type OfflineScene, offlineImageSize, renderOfflineImage } from './offline-image-renderer';

const scene: OfflineScene = {
  prompt: 'A red barn beside a blue tractor in a wheat field',
  entities: ['barn', 'tractor'],
  keywords: ['farm'],
  style: 'illustration',
  lighting: 'golden hour',
  colorStyle: 'default',
  texture: 'default',
  perspective: 'default',
  detailLevel: 'detailed',
};

describe('offline image renderer', () => {
  it('is deterministic: the same input gives the same bytes', async () => {
    const options = { width: 512, height: 384, format: 'png' as const, variant: 1 };
    const first = await renderOfflineImage(scene, options);
    const second = await renderOfflineImage(scene, options);
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    const otherVariant = await renderOfflineImage(scene, { ...options, variant: 2 });
    expect(Buffer.from(first).equals(Buffer.from(otherVariant))).toBe(false);
    const otherPrompt = await renderOfflineImage({ ...scene, entities: ['silo'] }, options);
    expect(Buffer.from(first).equals(Buffer.from(otherPrompt))).toBe(false);
  }, 30_000);

  it('renders the requested size and format', async () => {
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const bytes = await renderOfflineImage(scene, { width: 640, height: 360, format, variant: 1 });
      expect(imageMimeType(bytes)).toBe(`image/${format}`);
      const meta = await sharp(bytes).metadata();
      expect([meta.width, meta.height]).toEqual([640, 360]);
    }
  }, 30_000);

  it('draws the caption with the shipped font: the caption band holds light text pixels', async () => {
    const bytes = await renderOfflineImage(scene, { width: 600, height: 600, format: 'png', variant: 1 });
    // The band is the bottom 16 %; text is white on a dark band, so some pixels there are near white.
    const band = await sharp(bytes)
      .extract({ left: 0, top: 510, width: 600, height: 80 })
      .greyscale()
      .raw()
      .toBuffer();
    const light = [...band].filter((value) => value > 200).length;
    expect(light).toBeGreaterThan(200);
    const empty = await renderOfflineImage(
      { ...scene, prompt: '' },
      { width: 600, height: 600, format: 'png', variant: 1 },
    );
    const emptyBand = await sharp(empty)
      .extract({ left: 0, top: 510, width: 600, height: 80 })
      .greyscale()
      .raw()
      .toBuffer();
    expect([...emptyBand].filter((value) => value > 200).length).toBeLessThan(light / 4);
  }, 30_000);

  it('takes the palette from colour, lighting and style words', () => {
    const night = choosePalette({
      text: 'a red car',
      style: 'none',
      lighting: 'night',
      colorStyle: 'default',
    });
    expect(night.dark).toBe(true);
    expect(night.accents[0]).toBe('#d7263d');
    const grey = choosePalette({
      text: 'a red car',
      style: 'none',
      lighting: 'default',
      colorStyle: 'black and white',
    });
    for (const colour of grey.accents) expect(colour.slice(1, 3)).toBe(colour.slice(3, 5));
  });

  it('maps requested sizes to pixels', () => {
    expect(offlineImageSize('1792x1024')).toEqual({ width: 1792, height: 1024 });
    expect(offlineImageSize('16:9')).toEqual({ width: 1024, height: 576 });
    expect(offlineImageSize('3:4')).toEqual({ width: 768, height: 1024 });
    expect(offlineImageSize(undefined)).toEqual({ width: 1024, height: 1024 });
  });
});
