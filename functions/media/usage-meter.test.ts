import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AttemptUsage, StoredJob } from '#functions/generation/job-store';
import { ProviderError } from '#functions/providers/ports';
import { costOf, type ImageUsage, NO_USAGE, type UsageMeasure } from '#shared/prices';
import { estimateImageJob } from '#shared/usage-estimate';
import { UsageMeter } from './usage-meter';

/**
 * docs/decisions.md, "Usage an owner reads at a glance; filters in the public API": a media call's estimate
 * is saved before the call, so a crash during it still counts; the call's measure replaces it, a refusal
 * withdraws it, and a call cut off keeps it, marked. The job store is a stand-in that keeps what the
 * attempt's usage was last saved as.
 */

const store = vi.hoisted(() => ({ saved: [] as AttemptUsage[] }));
vi.mock('#functions/generation/job-store', () => ({
  saveAttemptUsage: async (_job: StoredJob, usage: AttemptUsage) => {
    store.saved.push(usage);
  },
}));

const job: StoredJob = {
  id: '01JMETER',
  tool: 'image-generation',
  status: 'running',
  progress: 0,
  result: null,
  error: null,
  servedBy: null,
  savedContentId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  userId: 'user-1',
  userEmail: 'user@example.com',
  isAdmin: false,
  userAgent: null,
  parentJobId: null,
  request: {},
  attempts: 1,
  partial: null,
  neverQueued: false,
  accounting: null,
};
const meterFor = (provider: string) =>
  new UsageMeter(job, { provider, modelId: 'gpt-image-1', ownKey: false });

const images = (count: number, size: string, quality: string): UsageMeasure => ({
  ...NO_USAGE,
  images: [{ count, size, quality }],
});
const drawn = (quality: string): ImageUsage[] => [{ count: 1, size: '1024x1024', quality }];
const last = () => store.saved.at(-1);

beforeEach(() => {
  store.saved.length = 0;
});

describe('a media job’s usage meter', () => {
  it('saves the call’s estimate, priced by the price table, before the provider is called', async () => {
    const meter = meterFor('openai');
    let savedBeforeCall: AttemptUsage | undefined;
    await meter.call(
      images(2, '1024x1024', 'auto'),
      async () => {
        savedBeforeCall = last();
        return drawn('medium');
      },
      (made) => ({ ...NO_USAGE, images: made }),
    );
    expect(savedBeforeCall).toMatchObject({ provider: 'openai', modelId: 'gpt-image-1', estimated: true });
    // `auto` is priced at the size's dearest quality, as the job's own estimate is: 2 × $0.167.
    const pending = savedBeforeCall?.measure ?? NO_USAGE;
    expect(costOf('gpt-image-1', 'openai', pending).microUsd).toBe(334_000);
    expect(costOf('gpt-image-1', 'openai', pending).microUsd).toBe(
      estimateImageJob('gpt-image-1', [{ count: 2, size: '1024x1024', quality: 'auto' }]),
    );
    // The call's own measure is the attempt's usage, not an estimate.
    expect(meter.usage()).toEqual({
      modelId: 'gpt-image-1',
      measure: { ...NO_USAGE, images: drawn('medium') },
      ownKey: false,
    });
  });

  it('saves what the calls so far measured plus the next call’s estimate', async () => {
    const meter = meterFor('openai');
    const measure = (made: ImageUsage[]) => ({ ...NO_USAGE, images: made });
    await meter.call(images(1, '1024x1024', 'high'), async () => drawn('low'), measure);
    let pending: AttemptUsage | undefined;
    await meter.call(
      images(1, '1024x1024', 'high'),
      async () => {
        pending = last();
        return drawn('low');
      },
      measure,
    );
    expect(pending?.estimated).toBe(true);
    expect(pending?.measure.images).toEqual([
      { count: 1, size: '1024x1024', quality: 'low' },
      { count: 1, size: '1024x1024', quality: 'high' },
    ]);
  });

  it('withdraws the estimate of a call the provider refused: it billed nothing', async () => {
    const meter = meterFor('openai');
    await meter.call(
      images(1, '1024x1024', 'high'),
      async () => drawn('high'),
      (made) => ({
        ...NO_USAGE,
        images: made,
      }),
    );
    await expect(
      meter.call(
        images(1, '1024x1024', 'high'),
        () => Promise.reject(new ProviderError('openai', 'refused', 'Rejected by the safety system.', 400)),
        () => NO_USAGE,
      ),
    ).rejects.toThrow('safety system');
    expect(last()).toEqual({
      provider: 'openai',
      modelId: 'gpt-image-1',
      measure: { ...NO_USAGE, images: drawn('high') },
      ownKey: false,
    });
    expect(meter.usage().estimated).toBeUndefined();
  });

  it('keeps the estimate of a call cut off after the provider may have done the work, marked', async () => {
    const meter = meterFor('openai');
    await expect(
      meter.call(
        images(1, '1024x1024', 'high'),
        () => Promise.reject(new ProviderError('openai', 'timeout', 'OpenAI did not answer in time.')),
        () => NO_USAGE,
      ),
    ).rejects.toThrow('in time');
    expect(last()?.estimated).toBe(true);
    expect(meter.usage()).toMatchObject({ estimated: true, measure: images(1, '1024x1024', 'high') });
  });

  it('records no estimate for an offline call: it costs nothing', async () => {
    const meter = meterFor('offline');
    await meter.call(
      images(1, '1024x1024', 'high'),
      async () => drawn('auto'),
      (made) => ({
        ...NO_USAGE,
        images: made,
      }),
    );
    await expect(
      meter.call(
        images(1, '1024x1024', 'high'),
        () => Promise.reject(new ProviderError('offline', 'refused', 'No image.')),
        () => NO_USAGE,
      ),
    ).rejects.toThrow();
    expect(store.saved).toEqual([]);
    expect(meter.usage().measure.images).toEqual(drawn('auto'));
  });
});
