/**
 * The offline picture's colours, chosen from the words of the prompt and its settings: named colours
 * in the prompt first, then the colour style, the lighting and the style. Pure and deterministic.
 */

export interface Palette {
  readonly sky: readonly [string, string];
  readonly ground: string;
  readonly accents: readonly string[];
  readonly light: string;
  readonly text: string;
  /** Night-like scenes show a moon, the others a sun. */
  readonly dark: boolean;
}

const NAMED_COLOURS: Readonly<Record<string, string>> = {
  red: '#d7263d',
  crimson: '#b3122e',
  orange: '#f46036',
  amber: '#f2a541',
  gold: '#e8b923',
  golden: '#e8b923',
  yellow: '#f6d743',
  lime: '#9bd34d',
  green: '#2e933c',
  forest: '#1f6f3f',
  teal: '#14867d',
  turquoise: '#2ec4b6',
  cyan: '#30c5ff',
  blue: '#2364aa',
  navy: '#1b2a4a',
  ocean: '#1d6a96',
  sky: '#7ec8e3',
  purple: '#6a4c93',
  violet: '#8f5fd7',
  lavender: '#b8a1e3',
  pink: '#f28fad',
  magenta: '#d62d87',
  brown: '#8b5a2b',
  wood: '#a0703f',
  beige: '#e8d8b0',
  sand: '#dcc48e',
  white: '#f4f4f2',
  silver: '#b8c0c8',
  grey: '#7d868f',
  gray: '#7d868f',
  black: '#1c1c1e',
};

const COLOUR_STYLES: Readonly<Record<string, readonly string[]>> = {
  vibrant: ['#ff3366', '#20a4f3', '#ffd23f', '#2ec4b6'],
  muted: ['#8d9b87', '#b7a38a', '#7b8ea3', '#a68a8a'],
  pastel: ['#ffd1dc', '#c1e1c1', '#aec6cf', '#fdfd96'],
  monochrome: ['#2b2d42', '#5c677d', '#8d99ae', '#d9dde3'],
  'black and white': ['#111111', '#555555', '#aaaaaa', '#f2f2f2'],
  'warm tones': ['#e07a5f', '#f2cc8f', '#d1495b', '#edae49'],
  'cool tones': ['#3d5a80', '#98c1d9', '#293241', '#5fa8d3'],
};

const LIGHTING_SKIES: Readonly<Record<string, { sky: [string, string]; light: string; dark: boolean }>> = {
  'golden hour': { sky: ['#f9a03f', '#fbe3b1'], light: '#ffd27a', dark: false },
  night: { sky: ['#0b1026', '#2b3467'], light: '#f1f3ff', dark: true },
  neon: { sky: ['#14001f', '#3a0a5a'], light: '#ff2fd1', dark: true },
  'dramatic lighting': { sky: ['#1d1d2b', '#6b4f4f'], light: '#ffcf70', dark: false },
  'studio lighting': { sky: ['#e9edf2', '#ffffff'], light: '#ffffff', dark: false },
  'soft light': { sky: ['#dfe7f0', '#f7f3ee'], light: '#fff6e0', dark: false },
  'natural light': { sky: ['#87bde8', '#e3f1fb'], light: '#fff4c2', dark: false },
};

const STYLE_TINTS: Readonly<Record<string, readonly string[]>> = {
  anime: ['#ff7eb6', '#7afcff', '#feff9c'],
  retro: ['#e76f51', '#f4a261', '#2a9d8f', '#264653'],
  cinematic: ['#0f4c5c', '#e36414', '#fb8b24'],
  surreal: ['#7209b7', '#f72585', '#4cc9f0'],
  minimalist: ['#222222', '#e63946'],
  'concept art': ['#3a506b', '#5bc0be', '#c8553d'],
  illustration: ['#ef476f', '#ffd166', '#06d6a0', '#118ab2'],
  '3D render': ['#4361ee', '#4cc9f0', '#f72585'],
};

const DEFAULT_ACCENTS = ['#2364aa', '#f46036', '#2e933c', '#e8b923', '#6a4c93'];

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[a-z]+/g) ?? [];
}

/** Mixes two #rrggbb colours; `amount` 0 is `a`, 1 is `b`. */
export function mix(a: string, b: string, amount: number): string {
  const channel = (hex: string, index: number) =>
    Number.parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16);
  const parts = [0, 1, 2].map((index) =>
    Math.round(channel(a, index) * (1 - amount) + channel(b, index) * amount)
      .toString(16)
      .padStart(2, '0'),
  );
  return `#${parts.join('')}`;
}

export function luminance(hex: string): number {
  const channel = (index: number) => Number.parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16) / 255;
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

export interface PaletteInput {
  readonly text: string;
  readonly style: string;
  readonly lighting: string;
  readonly colorStyle: string;
}

export function choosePalette(input: PaletteInput): Palette {
  const named = [...new Set(wordsOf(input.text).flatMap((word) => NAMED_COLOURS[word] ?? []))];
  const accents = [
    ...named,
    ...(COLOUR_STYLES[input.colorStyle] ?? []),
    ...(STYLE_TINTS[input.style] ?? []),
    ...DEFAULT_ACCENTS,
  ].slice(0, 6);
  const lit = LIGHTING_SKIES[input.lighting] ?? {
    sky: [mix(accents[0] ?? '#2364aa', '#ffffff', 0.55), mix(accents[1] ?? '#f46036', '#ffffff', 0.85)],
    light: '#fff4c2',
    dark: false,
  };
  const greyscale = input.colorStyle === 'black and white' || input.colorStyle === 'monochrome';
  const tone = (hex: string) => {
    if (!greyscale) return hex;
    const level = Math.round(luminance(hex) * 255)
      .toString(16)
      .padStart(2, '0');
    return `#${level}${level}${level}`;
  };
  const sky: [string, string] = [tone(lit.sky[0]), tone(lit.sky[1])];
  const ground = tone(mix(accents[2] ?? '#2e933c', lit.dark ? '#000000' : '#ffffff', lit.dark ? 0.55 : 0.25));
  return {
    sky,
    ground,
    accents: accents.map(tone),
    light: tone(lit.light),
    text: luminance(ground) > 0.55 ? '#1c1c1e' : '#ffffff',
    dark: lit.dark,
  };
}
