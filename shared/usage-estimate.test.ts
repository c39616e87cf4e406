import { describe, expect, it } from 'vitest';
import { SPEECH_MODEL } from './models';
import { costOf, SPEECH_PRICE } from './prices';
import { estimatedSpeechUsage, estimateSpeechJob } from './usage-estimate';

/**
 * docs/decisions.md, "Usage an owner reads at a glance; filters in the public API": speech is estimated from
 * its characters, priced by the speech price's minutes.
 */
describe('the speech estimate', () => {
  it('is the characters at 15 a second, priced per minute of audio', () => {
    const usage = estimatedSpeechUsage(1_800);
    expect(usage.speechCharacters).toBe(1_800);
    expect(usage.speechSeconds).toBe(120);
    // Two minutes at $0.015 a minute.
    expect(costOf(SPEECH_MODEL.id, 'openai', usage).microUsd).toBe(2 * SPEECH_PRICE.perMinute * 1_000_000);
    expect(estimateSpeechJob(SPEECH_MODEL.id, 1_800)).toBe(30_000);
  });
});
