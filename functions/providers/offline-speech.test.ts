import { describe, expect, it } from 'vitest';
import { looksLikeMp3 } from './media-bytes';
import { summarizeMp3 } from './mp3-frames';
import { Mp3StreamEncoder, OFFLINE_SAMPLE_RATE, OFFLINE_VOICES, speakOffline } from './offline-speech';

const SENTENCE = 'The community garden opens on Saturday morning with free seedlings for every family.';

describe('offline speech', () => {
  it('encodes a valid MP3 whose length matches the text at the voice’s pace', async () => {
    const text = Array.from({ length: 6 }, () => SENTENCE).join(' ');
    const encoder = await Mp3StreamEncoder.create();
    encoder.add(await speakOffline(text, 'alloy'), 0);
    const { audio, durationSeconds } = encoder.finish();
    expect(looksLikeMp3(audio)).toBe(true);
    // Frame sync on the first byte pair: 11 set bits.
    expect(audio[0]).toBe(0xff);
    expect((audio[1] ?? 0) & 0xe0).toBe(0xe0);
    const mp3 = summarizeMp3(audio);
    expect(mp3.sampleRate).toBe(OFFLINE_SAMPLE_RATE);
    // Every byte is frames: the walk reaches the end of the file.
    expect(mp3.durationSeconds).toBeCloseTo(durationSeconds, 0);
    const words = text.split(/\s+/).length;
    const expectedSeconds = (words / (OFFLINE_VOICES.alloy?.speed ?? 0)) * 60;
    expect(Math.abs(mp3.durationSeconds - expectedSeconds) / expectedSeconds).toBeLessThan(0.1);
  }, 60_000);

  it('has ten voices that sound different', async () => {
    const voices = Object.keys(OFFLINE_VOICES) as (keyof typeof OFFLINE_VOICES)[];
    expect(voices).toHaveLength(10);
    const settings = new Set(voices.map((voice) => JSON.stringify(OFFLINE_VOICES[voice])));
    expect(settings.size).toBe(10);
    const [host, guest] = await Promise.all([
      speakOffline('Good morning.', 'alloy'),
      speakOffline('Good morning.', 'shimmer'),
    ]);
    expect(host.length).toBeGreaterThan(OFFLINE_SAMPLE_RATE / 4);
    expect(Buffer.from(host.buffer).equals(Buffer.from(guest.buffer))).toBe(false);
  }, 60_000);
});
