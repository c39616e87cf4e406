import { describe, expect, it } from 'vitest';
import { IMAGE_MODEL_IDS, LANGUAGE_MODELS, SPEECH_MODEL } from './models';
import {
  costOf,
  formatUsd,
  IMAGE_PRICES,
  imageUnitPrice,
  microToUsd,
  NO_USAGE,
  priceOf,
  priceRows,
  TEXT_PRICES,
  usdToMicro,
} from './prices';

/**
 * docs/decisions.md, "Usage, cost, budgets and bulk runs": the price table covers every model of the spec's
 * lists, and costs add up.
 */
describe('the price table', () => {
  it('has a dated price with its source for every model of every list', () => {
    for (const model of LANGUAGE_MODELS) expect(TEXT_PRICES[model.id], model.id).toBeDefined();
    for (const id of IMAGE_MODEL_IDS) expect(IMAGE_PRICES[id], id).toBeDefined();
    expect(priceOf(SPEECH_MODEL.id)?.kind).toBe('speech');
    for (const row of priceRows()) {
      expect(row.price.asOf, row.modelId).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(row.price.source, row.modelId).toMatch(/^https:\/\//);
      // An estimate says why it is one.
      if (!row.price.verified) expect(row.price.note, row.modelId).toBeTruthy();
    }
  });

  it('marks as unconfirmed every price of a model served by a successor we have no price for', () => {
    expect(TEXT_PRICES['claude-sonnet-4.1-20250514']?.verified).toBe(false);
    expect(TEXT_PRICES['o4-mini-2025-04-16']?.verified).toBe(false);
    expect(TEXT_PRICES['gpt-4o']?.verified).toBe(true);
  });
});

describe('costOf', () => {
  it('prices tokens per million: input and output, reasoning counted in the output', () => {
    const usage = { ...NO_USAGE, inputTokens: 1_200, outputTokens: 900, reasoningTokens: 400 };
    // GPT-5: $1.25 in, $10 out per million.
    expect(costOf('gpt-5-2025-08-07', 'openai', usage)).toEqual({
      microUsd: 1_200 * 1.25 + 900 * 10,
      priceAsOf: '2025-08-07',
      verified: true,
    });
  });

  it('rounds once, at the end, to whole micro-dollars', () => {
    // gpt-4o-mini: 7 × 0.15 + 3 × 0.6 = 2.85 micro-dollars.
    expect(costOf('gpt-4o-mini', 'openai', { ...NO_USAGE, inputTokens: 7, outputTokens: 3 }).microUsd).toBe(
      3,
    );
  });

  it('prices images by size and quality, and `auto` at the dearest figure', () => {
    const images = [
      { count: 2, size: '1024x1024', quality: 'low' },
      { count: 1, size: '1536x1024', quality: 'high' },
    ];
    expect(costOf('gpt-image-1', 'openai', { ...NO_USAGE, images }).microUsd).toBe(
      usdToMicro(2 * 0.011 + 0.25),
    );
    const price = IMAGE_PRICES['gpt-image-1'];
    expect(imageUnitPrice(price, '1024x1024', 'auto')).toBe(0.167);
    expect(imageUnitPrice(price, 'auto', 'auto')).toBe(0.25);
    expect(imageUnitPrice(IMAGE_PRICES['imagen-4.0-generate-001'], '16:9', 'high')).toBe(0.04);
  });

  it('prices speech per minute', () => {
    expect(costOf(SPEECH_MODEL.id, 'openai', { ...NO_USAGE, speechSeconds: 90 }).microUsd).toBe(
      usdToMicro(1.5 * 0.015),
    );
  });

  it('charges nothing for offline drafts, the user’s own key or an unknown model', () => {
    const usage = { ...NO_USAGE, inputTokens: 5_000, outputTokens: 5_000 };
    expect(costOf('gpt-4o', 'offline', usage).microUsd).toBe(0);
    expect(costOf('gpt-4o', 'openai', usage, { ownKey: true }).microUsd).toBe(0);
    expect(costOf('no-such-model', 'openai', usage).microUsd).toBe(0);
  });
});

describe('formatUsd', () => {
  it('shows cents at least, and every micro-dollar there is: no amount is rounded to the cent', () => {
    expect(formatUsd(50)).toBe('$50.00');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(0.0042)).toBe('$0.0042');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(0.167)).toBe('$0.167');
    expect(formatUsd(0.0025)).toBe('$0.0025');
    expect(formatUsd(microToUsd(12_345_678))).toBe('$12.345678');
    expect(formatUsd(microToUsd(1))).toBe('$0.000001');
    // A total of rows reads as their exact sum, not as a sum of rounded cents.
    expect(formatUsd(microToUsd(167_000 + 167_000 + 167_000))).toBe('$0.501');
  });
});
