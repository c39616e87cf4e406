import { describe, expect, it } from 'vitest';
import { centredCropBox } from './aspect-crop';

describe('centredCropBox', () => {
  it('cuts the top and bottom of a square to 16:9', () => {
    expect(centredCropBox(1024, 1024, '16:9')).toEqual({ x: 0, y: 224, width: 1024, height: 576 });
  });

  it('cuts the sides of a square to 9:16 and 3:4', () => {
    expect(centredCropBox(1024, 1024, '9:16')).toEqual({ x: 224, y: 0, width: 576, height: 1024 });
    expect(centredCropBox(1200, 1200, '3:4')).toEqual({ x: 150, y: 0, width: 900, height: 1200 });
  });

  it('cuts a wide image to 4:3 from both sides', () => {
    expect(centredCropBox(1600, 900, '4:3')).toEqual({ x: 200, y: 0, width: 1200, height: 900 });
  });

  it('leaves an image of the right shape, and sizes that are not ratios, alone', () => {
    expect(centredCropBox(1024, 576, '16:9')).toBeNull();
    expect(centredCropBox(1024, 1024, 'auto')).toBeNull();
    expect(centredCropBox(1024, 1024, '1024x1024')).toBeNull();
    expect(centredCropBox(0, 10, '16:9')).toBeNull();
  });
});
