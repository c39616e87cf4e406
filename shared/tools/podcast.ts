import { DEFAULT_GUEST_VOICE_ID, DEFAULT_HOST_VOICE_ID, podcastVoiceIdSchema } from '../models';
import { INVALID_URL_MESSAGE, isWebAddress } from '../validation/web-address';
import * as z from '../validation/zod';
import { clientFields } from './common';

/** Create Podcast (spec 001 §2, §3, §5, §7, §8, §9). */

export const PODCAST_FORMATS = ['bulletin', 'conversation'] as const;
export type PodcastFormat = (typeof PODCAST_FORMATS)[number];
export const DEFAULT_PODCAST_FORMAT: PodcastFormat = 'bulletin';

export const PODCAST_MESSAGES = {
  textRequired: 'Please enter some text to convert to speech',
  urlRequired: 'Please enter a URL to import content from',
  noAudio: 'No audio content returned.',
  generationFailed: 'Failed to generate audio. Please try again.',
  importFailed: 'Failed to import content. Please try again.',
} as const;

/** Enough for a long episode (well over 5,000 words), bounded so one job stays within its time. */
export const MAX_SCRIPT_CHARS = 100_000;
/** The public API may ask for the MP3 inline; only small files fit in a job result. */
export const MAX_INLINE_AUDIO_BYTES = 250_000;

export const textToSpeechRequestSchema = z.object({
  text: z.string().check(
    z.maxLength(MAX_SCRIPT_CHARS),
    z.refine((value) => value.trim().length > 0, PODCAST_MESSAGES.textRequired),
  ),
  voice: z._default(podcastVoiceIdSchema, DEFAULT_HOST_VOICE_ID),
  guestVoice: z._default(podcastVoiceIdSchema, DEFAULT_GUEST_VOICE_ID),
  format: z._default(z.enum(PODCAST_FORMATS), DEFAULT_PODCAST_FORMAT),
  /** The public API's `audioContent` (base64 MP3, 001 §7), for files up to MAX_INLINE_AUDIO_BYTES. */
  includeAudioContent: z._default(z.boolean(), false),
  ...clientFields,
});
export type TextToSpeechRequest = z.output<typeof textToSpeechRequestSchema>;

export const fetchContentRequestSchema = z.object({
  url: z.string().check(
    z.trim(),
    z.refine((value) => value.length > 0, PODCAST_MESSAGES.urlRequired),
    z.refine((value) => value.length === 0 || isWebAddress(value), INVALID_URL_MESSAGE),
  ),
});

export type Speaker = 'host' | 'guest';

export interface ScriptTurn {
  readonly speaker: Speaker;
  readonly text: string;
}

const PREFIX = /^\s*(host|guest)\s*:\s*/i;

/**
 * The turns of a script. A bulletin is the host alone. A conversation alternates speakers by `Host:`
 * and `Guest:` line prefixes (unprefixed lines continue the current turn); a script without any prefix
 * is split into turns by paragraph, host first.
 */
export function splitScript(text: string, format: PodcastFormat): ScriptTurn[] {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0);
  if (format === 'bulletin') return paragraphs.map((paragraph) => ({ speaker: 'host', text: paragraph }));
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (!lines.some((line) => PREFIX.test(line))) {
    return paragraphs.map((paragraph, index) => ({
      speaker: index % 2 === 0 ? 'host' : 'guest',
      text: paragraph,
    }));
  }
  const turns: { speaker: Speaker; text: string }[] = [];
  for (const line of lines) {
    const match = PREFIX.exec(line);
    const content = (match ? line.slice(match[0].length) : line).trim();
    if (match) {
      turns.push({ speaker: match[1]?.toLowerCase() === 'guest' ? 'guest' : 'host', text: content });
    } else if (content.length > 0) {
      const last = turns[turns.length - 1];
      if (last) last.text = last.text ? `${last.text} ${content}` : content;
      else turns.push({ speaker: 'host', text: content });
    }
  }
  return turns.filter((turn) => turn.text.length > 0);
}
