import {
  IMAGE_MODELS,
  type ImageModelId,
  LANGUAGE_MODELS,
  type ModelProvider,
  type ServingProvider,
  SPEECH_MODEL,
} from './models';

/**
 * What AI usage costs, per model of the spec's lists (shared/models.ts), in one place that
 * the usage page shows. Each price names the date it was published and the provider's page it comes
 * from. A job's cost is computed from this table when the job finishes and stored with it, so changing a
 * price here never rewrites history.
 *
 * Many spec ids are served today by a successor model (docs/models.md). Where we do not know the
 * successor's price with confidence, the entry keeps the spec model's own last published price and is
 * marked `verified: false` with a note saying so: the usage page shows that mark next to the price, so
 * nobody mistakes an estimate for an invoice. Check these against the provider's page before billing.
 *
 * Money is counted in micro-dollars (integers) on the server, so sums of thousands of jobs stay exact.
 * A price per million tokens in dollars is, conveniently, micro-dollars per token.
 */

export const PRICE_PAGES: Readonly<Record<ModelProvider, string>> = {
  openai: 'https://openai.com/api/pricing/',
  anthropic: 'https://www.anthropic.com/pricing#api',
  google: 'https://ai.google.dev/gemini-api/docs/pricing',
  xai: 'https://docs.x.ai/docs/models',
};

interface PriceSource {
  /** The date the provider published this price (ISO date). */
  readonly asOf: string;
  /** The provider's pricing page. */
  readonly source: string;
  /** False where the serving model's own price is not known to us: the price is an estimate. */
  readonly verified: boolean;
  /** Why the price is what it is (the model that is actually billed, the assumption made). */
  readonly note: string | null;
}

export interface TextPrice extends PriceSource {
  readonly kind: 'text';
  /** Dollars per million input tokens. */
  readonly inputPerMillion: number;
  /** Dollars per million output tokens; reasoning tokens are billed as output. */
  readonly outputPerMillion: number;
}

export interface ImagePrice extends PriceSource {
  readonly kind: 'image';
  /** Dollars per image when size and quality make no difference (or are not listed below). */
  readonly perImage: number;
  /** Dollars per image by pixel size, then by quality, where the provider prices them apart. */
  readonly bySize?: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

export interface SpeechPrice extends PriceSource {
  readonly kind: 'speech';
  /** Dollars per minute of audio produced. */
  readonly perMinute: number;
}

const published = (provider: ModelProvider, asOf: string, note: string | null = null): PriceSource => ({
  asOf,
  source: PRICE_PAGES[provider],
  verified: true,
  note,
});

const estimated = (provider: ModelProvider, asOf: string, note: string): PriceSource => ({
  asOf,
  source: PRICE_PAGES[provider],
  verified: false,
  note,
});

const text = (inputPerMillion: number, outputPerMillion: number, source: PriceSource): TextPrice => ({
  kind: 'text',
  inputPerMillion,
  outputPerMillion,
  ...source,
});

const SONNET_NOTE =
  'Served by Claude Sonnet 4.6, whose price we have not confirmed; Claude Sonnet 4 and 4.5 list $3 / $15, assumed unchanged.';
const OPUS_NOTE =
  'Served by Claude Opus 4.8, whose price we have not confirmed; Claude Opus 4.5 (2025-11-24) lists $5 / $25, assumed unchanged.';
const GROK_NOTE =
  "Served by Grok 4.3, whose price we have not confirmed; Grok 4's list price ($3 / $15) is used.";

/** Text models, by spec id (every language model of every list). */
export const TEXT_PRICES: Readonly<Record<string, TextPrice>> = {
  'claude-sonnet-4.1-20250514': text(3, 15, estimated('anthropic', '2025-09-29', SONNET_NOTE)),
  'claude-sonnet-4-20250514': text(3, 15, estimated('anthropic', '2025-09-29', SONNET_NOTE)),
  'claude-opus-4.1-20250514': text(5, 25, estimated('anthropic', '2025-11-24', OPUS_NOTE)),
  'claude-opus-4-20250514': text(5, 25, estimated('anthropic', '2025-11-24', OPUS_NOTE)),
  'claude-3-haiku-20240307': text(
    1,
    5,
    published('anthropic', '2025-10-15', 'Served and billed as Claude Haiku 4.5.'),
  ),
  'gpt-5-2025-08-07': text(1.25, 10, published('openai', '2025-08-07')),
  'gpt-5-mini-2025-08-07': text(0.25, 2, published('openai', '2025-08-07')),
  'gpt-5-nano-2025-08-07': text(0.05, 0.4, published('openai', '2025-08-07')),
  'gpt-4.1-2025-04-14': text(2, 8, published('openai', '2025-04-14')),
  'o3-2025-04-16': text(2, 8, published('openai', '2025-06-10', 'After the June 2025 price cut.')),
  'o4-mini-2025-04-16': text(
    1.1,
    4.4,
    estimated(
      'openai',
      '2025-04-16',
      "Served by GPT-5.6 Terra, whose price we have not confirmed; o4-mini's own list price is used.",
    ),
  ),
  'gpt-4o': text(2.5, 10, published('openai', '2024-08-06')),
  'gpt-4o-mini': text(0.15, 0.6, published('openai', '2024-07-18')),
  'grok-3': text(3, 15, estimated('xai', '2025-07-09', GROK_NOTE)),
  'grok-4': text(3, 15, estimated('xai', '2025-07-09', GROK_NOTE)),
};

const GPT_IMAGE_SIZES = {
  '1024x1024': { low: 0.011, medium: 0.042, high: 0.167 },
  '1024x1536': { low: 0.016, medium: 0.063, high: 0.25 },
  '1536x1024': { low: 0.016, medium: 0.063, high: 0.25 },
} as const;

/** Image models, by spec id. */
export const IMAGE_PRICES: Readonly<Record<ImageModelId, ImagePrice>> = {
  'grok-aurora': {
    kind: 'image',
    perImage: 0.07,
    ...estimated(
      'xai',
      '2025-03-19',
      "Served by Grok Imagine, whose price we have not confirmed; grok-2-image's $0.07 per image is used.",
    ),
  },
  'gpt-image-1': {
    kind: 'image',
    perImage: GPT_IMAGE_SIZES['1024x1024'].high,
    bySize: GPT_IMAGE_SIZES,
    ...estimated(
      'openai',
      '2025-04-23',
      "Served by GPT Image 2, whose price we have not confirmed; GPT Image 1's prices per size and quality are used.",
    ),
  },
  'dall-e-3': {
    kind: 'image',
    perImage: 0.04,
    bySize: {
      '1024x1024': { standard: 0.04, hd: 0.08 },
      '1792x1024': { standard: 0.08, hd: 0.12 },
      '1024x1792': { standard: 0.08, hd: 0.12 },
    },
    ...estimated(
      'openai',
      '2023-11-06',
      "Served by GPT Image 2, whose price we have not confirmed; DALL·E 3's own prices are used.",
    ),
  },
  'dall-e-2': {
    kind: 'image',
    perImage: 0.02,
    bySize: {
      '256x256': { standard: 0.016 },
      '512x512': { standard: 0.018 },
      '1024x1024': { standard: 0.02 },
    },
    ...estimated(
      'openai',
      '2023-11-06',
      "Served by GPT Image 2, whose price we have not confirmed; DALL·E 2's own prices are used.",
    ),
  },
  'gemini-2.5-flash-image-preview': {
    kind: 'image',
    perImage: 0.039,
    ...estimated(
      'google',
      '2025-08-26',
      "Served by Gemini 3.1 Flash Image, whose price we have not confirmed; Gemini 2.5 Flash Image's $0.039 per image is used.",
    ),
  },
  'imagen-4.0-ultra-generate-001': {
    kind: 'image',
    perImage: 0.134,
    ...estimated(
      'google',
      '2025-11-20',
      'Served by Gemini 3 Pro Image; $0.134 per 1K/2K image as we last saw it listed, not confirmed.',
    ),
  },
  'imagen-4.0-generate-001': {
    kind: 'image',
    perImage: 0.04,
    ...estimated(
      'google',
      '2025-06-24',
      "Served by Gemini 3.1 Flash Image, whose price we have not confirmed; Imagen 4's $0.04 per image is used.",
    ),
  },
};

export const SPEECH_PRICE: SpeechPrice = {
  kind: 'speech',
  perMinute: 0.015,
  ...published('openai', '2025-03-20', "OpenAI's own estimate per minute of audio for gpt-4o-mini-tts."),
};

export type ModelPrice = TextPrice | ImagePrice | SpeechPrice;

export function textPriceOf(modelId: string): TextPrice | null {
  return Object.hasOwn(TEXT_PRICES, modelId) ? (TEXT_PRICES[modelId] ?? null) : null;
}

export function imagePriceOf(modelId: string): ImagePrice | null {
  return Object.hasOwn(IMAGE_PRICES, modelId) ? IMAGE_PRICES[modelId as ImageModelId] : null;
}

/** The price a model id is billed at: text, image or speech. */
export function priceOf(modelId: string): ModelPrice | null {
  if (modelId === SPEECH_MODEL.id) return SPEECH_PRICE;
  return textPriceOf(modelId) ?? imagePriceOf(modelId);
}

// ---------------------------------------------------------------------------------------------------
// Usage and its cost

/** What one job consumed, as the job engine records it (summed over its attempts). */
export interface UsageMeasure {
  readonly inputTokens: number;
  /** Output tokens, reasoning included (it is billed as output). */
  readonly outputTokens: number;
  /** The part of `outputTokens` spent reasoning, where the provider reports it apart. */
  readonly reasoningTokens: number;
  readonly images: readonly ImageUsage[];
  readonly speechCharacters: number;
  readonly speechSeconds: number;
}

export interface ImageUsage {
  readonly count: number;
  /** Pixel size (`1024x1024`), an aspect ratio (`16:9`) or `auto`. */
  readonly size: string;
  /** The quality asked for or reported (`high`, `standard`, `auto`, …). */
  readonly quality: string;
}

export const NO_USAGE: UsageMeasure = {
  inputTokens: 0,
  outputTokens: 0,
  reasoningTokens: 0,
  images: [],
  speechCharacters: 0,
  speechSeconds: 0,
};

export function addUsage(a: UsageMeasure, b: UsageMeasure): UsageMeasure {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    reasoningTokens: a.reasoningTokens + b.reasoningTokens,
    images: [...a.images, ...b.images],
    speechCharacters: a.speechCharacters + b.speechCharacters,
    speechSeconds: a.speechSeconds + b.speechSeconds,
  };
}

export function imageCount(usage: Pick<UsageMeasure, 'images'>): number {
  return usage.images.reduce((sum, image) => sum + image.count, 0);
}

/**
 * Dollars per image of this size and quality. `auto` (the provider decides) and sizes the table does
 * not list are priced at the dearest listed figure for the size, or of the model, so an estimate never
 * undercounts.
 */
export function imageUnitPrice(price: ImagePrice, size: string, quality: string): number {
  const bySize = price.bySize;
  if (!bySize) return price.perImage;
  const qualities = Object.hasOwn(bySize, size) ? bySize[size] : undefined;
  const dearest = (table: Readonly<Record<string, number>>) => Math.max(...Object.values(table));
  if (!qualities) return Math.max(...Object.values(bySize).map(dearest));
  return Object.hasOwn(qualities, quality) ? (qualities[quality] ?? dearest(qualities)) : dearest(qualities);
}

/** The cost breakdown behind a figure: which price was used, and how much each part costs. */
export interface CostResult {
  /** Whole micro-dollars (1e-6 USD). */
  readonly microUsd: number;
  /** The `asOf` date of the price used, or null when nothing was billed (offline, unknown model). */
  readonly priceAsOf: string | null;
  readonly verified: boolean;
}

/**
 * The cost of one job's usage with `modelId`. Offline jobs, and jobs paid with the user's own provider
 * key, cost the agency nothing. Rounded once, to whole micro-dollars, at the end. `provider` is the one
 * that served it, as stored with the job's attempts (a string there): only 'offline' changes the price.
 */
export function costOf(
  modelId: string,
  provider: ServingProvider | (string & {}),
  usage: UsageMeasure,
  options: { readonly ownKey?: boolean } = {},
): CostResult {
  const free: CostResult = { microUsd: 0, priceAsOf: null, verified: true };
  if (provider === 'offline' || options.ownKey) return free;
  const price = priceOf(modelId);
  if (!price) return free;
  let micro = 0;
  if (price.kind === 'text') {
    micro = usage.inputTokens * price.inputPerMillion + usage.outputTokens * price.outputPerMillion;
  } else if (price.kind === 'image') {
    for (const image of usage.images) {
      micro += image.count * imageUnitPrice(price, image.size, image.quality) * 1_000_000;
    }
  } else {
    micro = (usage.speechSeconds / 60) * price.perMinute * 1_000_000;
  }
  return { microUsd: Math.round(micro), priceAsOf: price.asOf, verified: price.verified };
}

export const MICRO_PER_USD = 1_000_000;

export function microToUsd(micro: number): number {
  return micro / MICRO_PER_USD;
}

export function usdToMicro(usd: number): number {
  return Math.round(usd * MICRO_PER_USD);
}

/** Costs are kept in micro-dollars: an amount in dollars has at most this many decimals. */
const USD_DECIMALS = 6;

/**
 * An amount at its real precision, cents at least: `$12.30`, `$0.167`, `$0.0025`, `$1,234.567891`.
 * Costs are kept to the micro-dollar (`microToUsd`), and an agency bills a client from these figures,
 * so none is rounded to the cent: a job at $0.167 does not read $0.17, and a total
 * is the exact sum of its rows.
 */
export function formatUsd(usd: number): string {
  return `$${usd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: USD_DECIMALS })}`;
}

/** Rows of the price table as the usage page lists them, in the spec lists' order. */
export interface PriceRow {
  readonly modelId: string;
  readonly label: string;
  readonly provider: ModelProvider;
  readonly price: ModelPrice;
}

export function priceRows(): PriceRow[] {
  const rows: PriceRow[] = [];
  for (const model of LANGUAGE_MODELS) {
    const price = textPriceOf(model.id);
    if (price) rows.push({ modelId: model.id, label: model.label, provider: model.provider, price });
  }
  for (const model of IMAGE_MODELS) {
    rows.push({
      modelId: model.id,
      label: model.label,
      provider: model.provider,
      price: IMAGE_PRICES[model.id as ImageModelId],
    });
  }
  rows.push({
    modelId: SPEECH_MODEL.id,
    label: SPEECH_MODEL.label,
    provider: SPEECH_MODEL.provider,
    price: SPEECH_PRICE,
  });
  return rows;
}
