/**
 * The offline image analyser: what sharp can measure, said plainly. Dimensions and orientation, the
 * dominant colours named in words, brightness and contrast. It does not recognise objects, and its
 * description says so rather than guess.
 */

const COLOUR_NAMES: readonly (readonly [string, number, number, number])[] = [
  ['black', 20, 20, 20],
  ['charcoal', 60, 60, 64],
  ['grey', 128, 128, 128],
  ['silver', 192, 192, 196],
  ['white', 245, 245, 245],
  ['red', 200, 30, 40],
  ['maroon', 110, 20, 30],
  ['orange', 240, 130, 40],
  ['gold', 220, 180, 40],
  ['yellow', 245, 225, 70],
  ['beige', 225, 205, 165],
  ['brown', 120, 80, 45],
  ['olive', 120, 120, 40],
  ['green', 50, 150, 60],
  ['dark green', 25, 80, 40],
  ['teal', 20, 130, 125],
  ['sky blue', 130, 195, 235],
  ['blue', 35, 95, 190],
  ['navy', 25, 40, 80],
  ['purple', 110, 60, 150],
  ['lavender', 185, 165, 225],
  ['pink', 240, 150, 180],
  ['magenta', 210, 45, 135],
];

export function colourName(r: number, g: number, b: number): string {
  let best = COLOUR_NAMES[0]?.[0] ?? 'grey';
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const [name, cr, cg, cb] of COLOUR_NAMES) {
    // Weighted RGB distance: closer to how different colours look than plain Euclidean distance.
    const distance = 2 * (r - cr) ** 2 + 4 * (g - cg) ** 2 + 3 * (b - cb) ** 2;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = name;
    }
  }
  return best;
}

const level = (
  value: number,
  words: readonly [string, string, string, string],
  limits: readonly [number, number, number],
) => (value < limits[0] ? words[0] : value < limits[1] ? words[1] : value < limits[2] ? words[2] : words[3]);

export async function analyzeImageOffline(bytes: Uint8Array): Promise<ImageAnalysis> {
  const { default: sharp } = await import('sharp');
  const image = sharp(bytes, { failOn: 'error' });
  const meta = await image.metadata();
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  const { data, info } = await image
    .clone()
    .rotate()
    .resize(64, 64, { fit: 'inside' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });

  const counts = new Map<string, number>();
  let luminanceSum = 0;
  let luminanceSquares = 0;
  let saturationSum = 0;
  const pixels = info.width * info.height;
  for (let offset = 0; offset < data.length; offset += info.channels) {
    const r = data[offset] ?? 0;
    const g = data[offset + 1] ?? 0;
    const b = data[offset + 2] ?? 0;
    const name = colourName(r, g, b);
    counts.set(name, (counts.get(name) ?? 0) + 1);
    const luminance = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    luminanceSum += luminance;
    luminanceSquares += luminance * luminance;
    const max = Math.max(r, g, b);
    saturationSum += max === 0 ? 0 : (max - Math.min(r, g, b)) / max;
  }
  const brightness = luminanceSum / pixels;
  const contrast = Math.sqrt(Math.max(0, luminanceSquares / pixels - brightness * brightness));
  const saturation = saturationSum / pixels;
  const dominant = [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .filter(([, count]) => count / pixels >= 0.05)
    .slice(0, 4)
    .map(([name, count]) => ({ name, share: Math.round((100 * count) / pixels) }));

  const orientation = width > height * 1.05 ? 'landscape' : height > width * 1.05 ? 'portrait' : 'square';
  const brightnessWord = level(brightness, ['very dark', 'dark', 'bright', 'very bright'], [0.2, 0.45, 0.75]);
  const contrastWord = level(contrast, ['flat', 'soft', 'moderate', 'strong'], [0.08, 0.16, 0.26]);
  const colourWords = dominant.map((entry) => entry.name);
  const style =
    saturation < 0.08 ? 'monochrome' : saturation > 0.45 ? 'vibrant' : saturation < 0.2 ? 'muted' : 'natural';
  const colourList =
    colourWords.length > 1
      ? `${colourWords.slice(0, -1).join(', ')} and ${colourWords.at(-1)}`
      : (colourWords[0] ?? 'mixed');

  return {
    description: `A ${orientation} ${(meta.format ?? 'image').toUpperCase()} image, ${width}×${height} pixels, mostly ${colourList}; ${brightnessWord} overall with ${contrastWord} contrast and ${style} colour.`,
    entities: colourWords.map((name) => `${name} areas`),
    keywords: [...new Set([orientation, brightnessWord, `${contrastWord} contrast`, style, ...colourWords])],
    style,
    raw_json: {
      analyzer: 'offline',
      note: 'Measured offline: colours and light only, no object recognition.',
      width,
      height,
      format: meta.format ?? null,
      orientation,
      brightness: Math.round(brightness * 1000) / 1000,
      contrast: Math.round(contrast * 1000) / 1000,
      saturation: Math.round(saturation * 1000) / 1000,
      dominantColours: dominant,
    },
  };
}

import type { ImageAnalysis } from '#shared/tool-results';
