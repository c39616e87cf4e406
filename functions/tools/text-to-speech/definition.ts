import type { MediaToolDefinition } from '#functions/media/media-tool';
import type { UsageMeter } from '#functions/media/usage-meter';
import { summarizeMp3 } from '#functions/providers/mp3-frames';
import { Mp3StreamEncoder, speakOffline } from '#functions/providers/offline-speech';
import { ProviderError } from '#functions/providers/ports';
import { loadProviderKeys } from '#functions/providers/provider-keys';
import { resolveSpeechProvider } from '#functions/providers/provider-resolver';
import { splitForSpeech } from '#functions/providers/speech-text';
import { type PodcastVoiceId, SPEECH_MODEL } from '#shared/models';
import { NO_USAGE, type UsageMeasure } from '#shared/prices';
// Not re-exported by podcast.ts: the results module reads the podcast's formats, so the two would load each other.
import type { TextToSpeechResult } from '#shared/tool-results';
import {
  MAX_INLINE_AUDIO_BYTES,
  splitScript,
  type TextToSpeechRequest,
  textToSpeechRequestSchema,
} from '#shared/tools/podcast';
import { estimatedSpeechUsage } from '#shared/usage-estimate';

/**
 * Create Podcast as a media job: the script becomes turns (host, or host and guest), each turn is cut
 * into segments of a few sentences, and each segment is spoken and appended to one MP3. Progress is
 * segments done over segments. OpenAI speaks when its key is configured, else the offline voices.
 */

/** Short segments keep progress moving and bound the memory one segment needs. */
const SEGMENT_CHARS = 600;

interface Segment {
  readonly voice: PodcastVoiceId;
  readonly text: string;
}

function segmentsOf(input: TextToSpeechRequest): Segment[] {
  return splitScript(input.text, input.format).flatMap((turn) => {
    const voice =
      turn.speaker === 'guest' && input.format === 'conversation' ? input.guestVoice : input.voice;
    return splitForSpeech(turn.text, SEGMENT_CHARS).map((text) => ({ voice, text }));
  });
}

type Speak = (
  segments: readonly Segment[],
  onSegment: (done: number) => Promise<void>,
  meter: UsageMeter,
) => Promise<{
  audio: Uint8Array;
  durationSeconds: number;
}>;

const charactersOf = (segments: readonly Segment[]) =>
  segments.reduce((sum, segment) => sum + segment.text.length, 0);

/** What speaking some text consumed: its characters and the audio's length. */
const spoken = (characters: number, seconds: number): UsageMeasure => ({
  ...NO_USAGE,
  speechCharacters: characters,
  speechSeconds: seconds,
});

const speakWithOffline: Speak = (segments, onSegment, meter) =>
  meter.call(
    estimatedSpeechUsage(charactersOf(segments)),
    async () => {
      const encoder = await Mp3StreamEncoder.create();
      for (const [index, segment] of segments.entries()) {
        encoder.add(await speakOffline(segment.text, segment.voice));
        await onSegment(index + 1);
      }
      return encoder.finish();
    },
    (speech) => spoken(charactersOf(segments), speech.durationSeconds),
  );

function speakWithProvider(resolution: ReturnType<typeof resolveSpeechProvider>): Speak {
  return async (segments, onSegment, meter) => {
    const parts: Uint8Array[] = [];
    let durationSeconds = 0;
    for (const [index, segment] of segments.entries()) {
      // One call per segment, each recorded at its characters until its audio is measured.
      const part = await meter.call(
        estimatedSpeechUsage(segment.text.length),
        async () => {
          const { audio } = await resolution.provider.synthesize({
            apiModelId: resolution.apiModelId,
            voice: resolution.apiVoice(segment.voice),
            text: segment.text,
          });
          // Each part may start with an ID3 tag; its duration is its own frames'.
          return { audio, seconds: summarizeMp3(audio).durationSeconds };
        },
        ({ seconds }) => spoken(segment.text.length, seconds),
      );
      parts.push(part.audio);
      durationSeconds += part.seconds;
      await onSegment(index + 1);
    }
    return { audio: new Uint8Array(Buffer.concat(parts)), durationSeconds };
  };
}

export const textToSpeechTool: MediaToolDefinition<TextToSpeechRequest, TextToSpeechResult> = {
  name: 'text-to-speech',
  requestSchema: textToSpeechRequestSchema,
  // A script for a client is that client's job: charged to it and held to its budget (docs/decisions.md, "Client budgets that tell the truth").
  clientId: (input) => input.clientId ?? null,
  savesToClient: () => false,

  async run(input, context) {
    let speak: Speak;
    let servedBy: string;
    try {
      const resolution = resolveSpeechProvider(await loadProviderKeys());
      speak = speakWithProvider(resolution);
      servedBy = resolution.servedBy;
    } catch (error) {
      if (!(error instanceof ProviderError) || error.kind !== 'not_configured') throw error;
      speak = speakWithOffline;
      servedBy = 'offline';
    }
    const segments = segmentsOf(input);
    const status = (done: number) =>
      `Speaking segment ${Math.min(done + 1, segments.length)} of ${segments.length}`;
    await context.progress(0, segments.length, status(0));
    const meter = context.meter({ provider: servedBy, modelId: SPEECH_MODEL.id, ownKey: false });
    const { audio, durationSeconds } = await speak(
      segments,
      (done) => context.progress(done, segments.length, status(done)),
      meter,
    );
    const audioUrl = await context.store('podcast.mp3', audio);
    const inline = input.includeAudioContent && audio.byteLength <= MAX_INLINE_AUDIO_BYTES;
    return {
      result: {
        audioUrl,
        durationSeconds: Math.round(durationSeconds * 10) / 10,
        bytes: audio.byteLength,
        ...(inline ? { audioContent: Buffer.from(audio).toString('base64') } : {}),
        format: input.format,
        voice: input.voice,
        ...(input.format === 'conversation' ? { guestVoice: input.guestVoice } : {}),
        segments: segments.length,
        provider: servedBy,
      },
      servedBy,
      usage: meter.usage(),
    };
  },

  contentToSave: () => null,

  activity: (input, result) => ({
    action: 'podcast_generation',
    resourceType: 'podcast',
    details: {
      format: input.format,
      voice: input.voice,
      ...(input.format === 'conversation' ? { guestVoice: input.guestVoice } : {}),
      durationSeconds: result.durationSeconds,
      characters: input.text.length,
    },
  }),
};
