import { createHash } from 'node:crypto';
import type { Font } from 'opentype.js';
import { loadFont, textPath, textWidth, wrapText } from './offline-font';
import { choosePalette, mix, type Palette } from './offline-image-palette';

/**
 * The offline image provider: a deterministic picture rendered with sharp from an SVG composition. The
 * palette comes from the colour, lighting and style words; every entity becomes a labelled shape whose
 * form and place follow from its name; the prompt is the caption. Same input, same bytes.
 */

export interface OfflineScene {
  readonly prompt: string;
  readonly entities: readonly string[];
  readonly keywords: readonly string[];
  readonly style: string;
  readonly lighting: string;
  readonly colorStyle: string;
  readonly texture: string;
  readonly perspective: string;
  readonly detailLevel: string;
}

export interface OfflineImageOptions {
  readonly width: number;
  readonly height: number;
  readonly format: 'png' | 'jpeg' | 'webp';
  /** 0-100, for jpeg and webp. */
  readonly quality?: number;
  /** Which of several images for the same prompt (1-based); each looks different. */
  readonly variant: number;
}

/** Pixel size for a requested size: 'auto' is square, ratios are 1024 on the long side. */
export function offlineImageSize(size: string | undefined): { width: number; height: number } {
  const pixels = /^(\d{2,4})x(\d{2,4})$/.exec(size ?? '');
  if (pixels) return { width: Number(pixels[1]), height: Number(pixels[2]) };
  const ratio = /^(\d{1,2}):(\d{1,2})$/.exec(size ?? '');
  if (ratio) {
    const w = Number(ratio[1]);
    const h = Number(ratio[2]);
    return w >= h
      ? { width: 1024, height: Math.round((1024 * h) / w) }
      : { width: Math.round((1024 * w) / h), height: 1024 };
  }
  return { width: 1024, height: 1024 };
}

/** mulberry32: a small seeded generator, so the same seed draws the same picture. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const seedOf = (text: string): number => createHash('sha256').update(text).digest().readUInt32BE(0);

const SHAPES = ['circle', 'square', 'triangle', 'hexagon', 'star', 'diamond'] as const;

function polygon(
  cx: number,
  cy: number,
  radius: number,
  points: number,
  rotation: number,
  inner = 1,
): string {
  const corners: string[] = [];
  const count = inner === 1 ? points : points * 2;
  for (let index = 0; index < count; index += 1) {
    const r = inner !== 1 && index % 2 === 1 ? radius * inner : radius;
    const angle = rotation + (index * 2 * Math.PI) / count;
    corners.push(`${(cx + r * Math.cos(angle)).toFixed(1)},${(cy + r * Math.sin(angle)).toFixed(1)}`);
  }
  return corners.join(' ');
}

function shapeSvg(
  kind: (typeof SHAPES)[number],
  cx: number,
  cy: number,
  r: number,
  fill: string,
  stroke: string,
) {
  const paint = `fill="${fill}" stroke="${stroke}" stroke-width="${Math.max(2, r / 18).toFixed(1)}"`;
  switch (kind) {
    case 'circle':
      return `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${r.toFixed(1)}" ${paint}/>`;
    case 'square':
      return `<rect x="${(cx - r).toFixed(1)}" y="${(cy - r).toFixed(1)}" width="${(2 * r).toFixed(1)}" height="${(2 * r).toFixed(1)}" rx="${(r / 5).toFixed(1)}" ${paint}/>`;
    case 'triangle':
      return `<polygon points="${polygon(cx, cy, r * 1.15, 3, -Math.PI / 2)}" ${paint}/>`;
    case 'hexagon':
      return `<polygon points="${polygon(cx, cy, r, 6, 0)}" ${paint}/>`;
    case 'star':
      return `<polygon points="${polygon(cx, cy, r * 1.1, 5, -Math.PI / 2, 0.5)}" ${paint}/>`;
    case 'diamond':
      return `<polygon points="${polygon(cx, cy, r * 1.1, 4, 0)}" ${paint}/>`;
  }
}

function entityNames(scene: OfflineScene): string[] {
  if (scene.entities.length > 0) return scene.entities.slice(0, 6);
  // Without entities, the prompt's longest words stand in for them, so every prompt gets a composition.
  const words = [...new Set(scene.prompt.toLowerCase().match(/[a-z]{4,}/g) ?? [])];
  return words.sort((a, b) => b.length - a.length || a.localeCompare(b)).slice(0, 3);
}

function composeSvg(scene: OfflineScene, options: OfflineImageOptions, font: Font, palette: Palette): string {
  const { width, height } = options;
  const next = random(seedOf(JSON.stringify({ scene, variant: options.variant })));
  const unit = Math.min(width, height);
  const horizon =
    height *
    (scene.perspective === "bird's eye view" ? 0.25 : scene.perspective === 'low angle' ? 0.78 : 0.62);
  const captionHeight = Math.round(unit * 0.16);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    '<defs>',
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.sky[0]}"/><stop offset="1" stop-color="${palette.sky[1]}"/></linearGradient>`,
    `<radialGradient id="glow"><stop offset="0" stop-color="${palette.light}" stop-opacity="0.9"/><stop offset="1" stop-color="${palette.light}" stop-opacity="0"/></radialGradient>`,
    '</defs>',
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
  ];

  // The light source: a sun by day, a moon by night, placed by the seed.
  const lightX = width * (0.15 + 0.7 * next());
  const lightY = horizon * (0.25 + 0.3 * next());
  parts.push(
    `<circle cx="${lightX.toFixed(1)}" cy="${lightY.toFixed(1)}" r="${(unit * 0.22).toFixed(1)}" fill="url(#glow)"/>`,
  );
  parts.push(
    `<circle cx="${lightX.toFixed(1)}" cy="${lightY.toFixed(1)}" r="${(unit * 0.07).toFixed(1)}" fill="${palette.light}"/>`,
  );
  if (palette.dark) {
    for (let index = 0; index < 40; index += 1) {
      parts.push(
        `<circle cx="${(next() * width).toFixed(1)}" cy="${(next() * horizon).toFixed(1)}" r="${(1 + next() * 2).toFixed(1)}" fill="#ffffff" opacity="${(0.4 + next() * 0.6).toFixed(2)}"/>`,
      );
    }
  }

  // Rolling ground in layers, darker towards the viewer.
  for (let layer = 0; layer < 3; layer += 1) {
    const top = horizon + layer * (height - horizon) * 0.18;
    const colour = mix(palette.ground, '#000000', layer * 0.12);
    const crest = (unit * 0.05 * (1 + next())).toFixed(1);
    parts.push(
      `<path d="M0 ${top.toFixed(1)} Q ${(width * (0.25 + next() * 0.5)).toFixed(1)} ${(top - Number(crest)).toFixed(1)} ${width} ${top.toFixed(1)} L ${width} ${height} L 0 ${height} Z" fill="${colour}"/>`,
    );
  }

  // Stripes for retro, a grid for isometric: the style shows in the picture, not only in the caption.
  if (scene.style === 'retro') {
    for (let index = 0; index < 5; index += 1) {
      const y = lightY + (index - 2) * unit * 0.025;
      parts.push(
        `<rect x="${(lightX - unit * 0.08).toFixed(1)}" y="${y.toFixed(1)}" width="${(unit * 0.16).toFixed(1)}" height="${(unit * 0.008).toFixed(1)}" fill="${palette.sky[0]}"/>`,
      );
    }
  }
  if (scene.perspective === 'isometric') {
    for (let index = -10; index <= 10; index += 1) {
      const x = width / 2 + index * unit * 0.1;
      parts.push(
        `<path d="M${x.toFixed(1)} ${horizon.toFixed(1)} L ${(x - unit * 0.4).toFixed(1)} ${height}" stroke="${palette.text}" stroke-opacity="0.15" stroke-width="2"/>`,
      );
    }
  }

  // One labelled shape per entity, spread across the scene like a row of subjects.
  const names = entityNames(scene);
  const count = Math.max(1, names.length);
  const closeUp = scene.perspective === 'close-up' ? 1.5 : scene.perspective === 'wide shot' ? 0.7 : 1;
  const labelSize = Math.max(12, Math.round(unit * 0.032));
  names.forEach((name, index) => {
    const local = random(seedOf(`${name}|${options.variant}`));
    const kind = SHAPES[Math.floor(local() * SHAPES.length)] ?? 'circle';
    const r = Math.min((width / count) * 0.32, unit * 0.16) * closeUp * (0.8 + local() * 0.35);
    const cx = (width * (index + 0.5)) / count + (local() - 0.5) * (width / count) * 0.2;
    const cy = Math.min(horizon + (height - horizon) * 0.25, height - captionHeight - r - labelSize * 2);
    const fill = palette.accents[index % palette.accents.length] ?? '#2364aa';
    parts.push(
      `<ellipse cx="${cx.toFixed(1)}" cy="${(cy + r * 1.05).toFixed(1)}" rx="${(r * 0.9).toFixed(1)}" ry="${(r * 0.18).toFixed(1)}" fill="#000000" opacity="0.18"/>`,
    );
    parts.push(shapeSvg(kind, cx, cy, r, fill, mix(fill, '#000000', 0.35)));
    if (
      scene.detailLevel === 'detailed' ||
      scene.detailLevel === 'highly detailed' ||
      scene.detailLevel === 'intricate'
    ) {
      parts.push(shapeSvg(kind, cx, cy, r * 0.55, mix(fill, '#ffffff', 0.35), mix(fill, '#000000', 0.2)));
    }
    const label = wrapText(font, name, labelSize, (width / count) * 0.9, 1)[0] ?? name;
    const labelX = cx - textWidth(font, label, labelSize) / 2;
    parts.push(textPath(font, label, labelX, cy + r * 1.05 + labelSize * 1.6, labelSize, palette.text));
  });

  // Grain for rough or grainy textures.
  if (scene.texture === 'grainy' || scene.texture === 'rough') {
    for (let index = 0; index < 600; index += 1) {
      parts.push(
        `<rect x="${(next() * width).toFixed(0)}" y="${(next() * height).toFixed(0)}" width="2" height="2" fill="${next() > 0.5 ? '#ffffff' : '#000000'}" opacity="0.12"/>`,
      );
    }
  }

  // The caption: the prompt, on a band that keeps it readable on any background.
  const captionSize = Math.max(12, Math.round(unit * 0.034));
  const lines = wrapText(font, scene.prompt, captionSize, width * 0.92, 2);
  parts.push(
    `<rect x="0" y="${height - captionHeight}" width="${width}" height="${captionHeight}" fill="#000000" opacity="0.55"/>`,
  );
  lines.forEach((line, index) => {
    const baseline = height - captionHeight + captionSize * 1.5 + index * captionSize * 1.35;
    parts.push(textPath(font, line, width * 0.04, baseline, captionSize, '#ffffff'));
  });
  parts.push('</svg>');
  return parts.join('');
}

export async function renderOfflineImage(
  scene: OfflineScene,
  options: OfflineImageOptions,
): Promise<Uint8Array> {
  const [{ default: sharp }, font] = await Promise.all([import('sharp'), loadFont()]);
  const palette = choosePalette({
    text: [scene.prompt, ...scene.entities, ...scene.keywords].join(' '),
    style: scene.style,
    lighting: scene.lighting,
    colorStyle: scene.colorStyle,
  });
  const svg = composeSvg(scene, options, font, palette);
  const image = sharp(Buffer.from(svg), { density: 72 }).resize(options.width, options.height, {
    fit: 'fill',
  });
  const quality = options.quality ?? 85;
  const encoded =
    options.format === 'jpeg'
      ? image.jpeg({ quality: Math.max(1, quality), mozjpeg: true })
      : options.format === 'webp'
        ? image.webp({ quality: Math.max(1, quality) })
        : image.png({ compressionLevel: 9 });
  return new Uint8Array(await encoded.toBuffer());
}
