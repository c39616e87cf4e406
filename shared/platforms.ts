/**
 * The social platforms (001 §3 platform definition, §9 platform table): name, maximum length, optimal
 * hint, the five length presets of the slider and the image sizes. The one copy of these numbers; the
 * composer, the parser, the form and the result cards all read them from here.
 */

export const SOCIAL_PLATFORM_IDS = ['facebook', 'instagram', 'linkedin', 'twitter'] as const;
export type SocialPlatformId = (typeof SOCIAL_PLATFORM_IDS)[number];

export type LengthLevel = 1 | 2 | 3 | 4 | 5;

export interface SocialPlatform {
  readonly id: SocialPlatformId;
  readonly name: string;
  readonly maxLength: number;
  readonly optimalHint: { readonly min: number; readonly max: number };
  /** Target characters at slider levels 1-5. */
  readonly lengthPresets: readonly [number, number, number, number, number];
  /** 'WxH' sizes for images made for this platform. */
  readonly imageSizes: readonly string[];
}

export const SOCIAL_PLATFORMS: Readonly<Record<SocialPlatformId, SocialPlatform>> = {
  facebook: {
    id: 'facebook',
    name: 'Facebook',
    maxLength: 63_206,
    optimalHint: { min: 200, max: 400 },
    lengthPresets: [150, 250, 350, 500, 800],
    imageSizes: ['1200x630', '1080x1080', '1080x1920'],
  },
  instagram: {
    id: 'instagram',
    name: 'Instagram',
    maxLength: 2_200,
    optimalHint: { min: 300, max: 500 },
    // The spec's result-check table says 800 at level 5; the slider's 2200 is used for both the request
    // and the badge, so a post written to the chosen target is also shown as on target (decisions.md).
    lengthPresets: [100, 200, 350, 500, 2_200],
    imageSizes: ['1080x1080', '1080x1350', '1080x1920'],
  },
  linkedin: {
    id: 'linkedin',
    name: 'LinkedIn',
    maxLength: 3_000,
    optimalHint: { min: 400, max: 600 },
    lengthPresets: [200, 350, 500, 750, 1_200],
    imageSizes: ['1200x627', '1080x1080'],
  },
  twitter: {
    id: 'twitter',
    name: 'X',
    maxLength: 280,
    optimalHint: { min: 180, max: 220 },
    lengthPresets: [80, 140, 200, 240, 270],
    imageSizes: ['1200x675', '1080x1080'],
  },
};

export const LENGTH_LEVELS: readonly LengthLevel[] = [1, 2, 3, 4, 5];
export const DEFAULT_LENGTH_LEVEL: LengthLevel = 3;
export const MIN_TARGET_CHARACTERS = 50;
/** The 'On Target' badge shows when the post is within this many characters of its target. */
export const ON_TARGET_TOLERANCE = 10;
/** X counts every link as this many characters, whatever its length (t.co wrapping). */
export const X_URL_LENGTH = 23;

export function isLengthLevel(value: number): value is LengthLevel {
  return Number.isInteger(value) && value >= 1 && value <= 5;
}

export function presetTarget(platform: SocialPlatformId, level: LengthLevel): number {
  return SOCIAL_PLATFORMS[platform].lengthPresets[level - 1] ?? SOCIAL_PLATFORMS[platform].lengthPresets[2];
}

/** The target-character input's rule on blur: whole characters within 50..the platform's maximum. */
export function clampTarget(platform: SocialPlatformId, value: number): number {
  const max = SOCIAL_PLATFORMS[platform].maxLength;
  if (!Number.isFinite(value)) return MIN_TARGET_CHARACTERS;
  return Math.min(max, Math.max(MIN_TARGET_CHARACTERS, Math.round(value)));
}

/** The slider level whose preset is nearest to `characters` (the lower level on a tie). */
export function nearestLevel(platform: SocialPlatformId, characters: number): LengthLevel {
  let best: LengthLevel = 1;
  for (const level of LENGTH_LEVELS) {
    const distance = Math.abs(presetTarget(platform, level) - characters);
    if (distance < Math.abs(presetTarget(platform, best) - characters)) best = level;
  }
  return best;
}

/** The characters a post is written to: the custom target when given (clamped), else the level's preset. */
export function targetCharacters(
  platform: SocialPlatformId,
  level: LengthLevel,
  customTarget?: number | null,
): number {
  return customTarget == null ? presetTarget(platform, level) : clampTarget(platform, customTarget);
}

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/giu;

/**
 * X's weighted length (twitter-text v3 configuration): a URL counts 23; code points in Latin, general
 * punctuation and similar ranges count 1; everything else (CJK, emoji) counts 2.
 */
export function xCharacterCount(text: string): number {
  let count = 0;
  const withoutUrls = text.normalize('NFC').replace(URL_PATTERN, () => {
    count += X_URL_LENGTH;
    return '';
  });
  for (const character of withoutUrls) {
    const code = character.codePointAt(0) ?? 0;
    const light =
      code <= 4_351 ||
      (code >= 8_192 && code <= 8_205) ||
      (code >= 8_208 && code <= 8_223) ||
      (code >= 8_242 && code <= 8_247);
    count += light ? 1 : 2;
  }
  return count;
}

/** A post's length as its platform counts it: X's weighted count on X, code points elsewhere. */
export function platformLength(platform: SocialPlatformId, text: string): number {
  return platform === 'twitter' ? xCharacterCount(text) : Array.from(text).length;
}

export function isOnTarget(platform: SocialPlatformId, text: string, target: number): boolean {
  return Math.abs(platformLength(platform, text) - target) <= ON_TARGET_TOLERANCE;
}

/** The image sizes compatible with the selected platforms: each selected platform's sizes, each once. */
export function imageSizesFor(platforms: readonly SocialPlatformId[]): string[] {
  const sizes: string[] = [];
  for (const platform of platforms) {
    for (const size of SOCIAL_PLATFORMS[platform].imageSizes) if (!sizes.includes(size)) sizes.push(size);
  }
  return sizes;
}

/** Words of a brief that say nothing about its subject. */
const BRIEF_NOISE = new Set(
  `the and for with our your you this that from about into are was were will have has had why how what when
where who which can could should would please write post posts create make about over under more most than
then them they their its it's matters matter need needs get gets new news update updates share`.split(/\s+/u),
);

const briefWords = (text: string): string[] =>
  (text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [])
    .map((word) => word.replace(/['’]s$/u, ''))
    .filter((word) => word.length >= 3 && !BRIEF_NOISE.has(word));

/**
 * Whether a post says something about its brief: a content word of the brief (or one sharing its first
 * five letters: "floss" and "flossing") appears in the post's text outside its hashtags. A post that
 * only thanks and says "Contact us" is not on target, whatever its length.
 */
export function saysSomethingAbout(post: string, brief: string): boolean {
  const wanted = briefWords(brief);
  if (wanted.length === 0) return true;
  const said = briefWords(post.replace(/#[\p{L}\p{N}_]+/gu, ' '));
  const stemOf = (word: string) => word.slice(0, 5);
  return wanted.some((word) => said.some((other) => other === word || stemOf(other) === stemOf(word)));
}
