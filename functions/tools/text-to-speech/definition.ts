import type { MediaToolDefinition } from '#functions/media/media-tool';
import { summarizeMp3 } from '#functions/providers/mp3-frames';
import { Mp3StreamEncoder, speakOffline } from '#functions/providers/offline-speech';
import { ProviderError } from '#functions/providers/ports';
import { loadProviderKeys } from '#functions/providers/provider-keys';
import { resolveSpeechProvider } from '#functions/providers/provider-resolver';
import { splitForSpeech } from '#functions/providers/speech-text';
import { type PodcastVoiceId, SPEECH_MODEL } from '#shared/models';
import { NO_USAGE } from '#shared/prices';
import {
  MAX_INLINE_AUDIO_BYTES,
  splitScript,
  type TextToSpeechRequest,
  type TextToSpeechResult,
  textToSpeechRequestSchema,
} from '#shared/tools/podcast';

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
) => Promise<{
  audio: Uint8Array;
  durationSeconds: number;
}>;

const speakWithOffline: Speak = async (segments, onSegment) => {
  const encoder = await Mp3StreamEncoder.create();
  for (const [index, segment] of segments.entries()) {
    encoder.add(await speakOffline(segment.text, segment.voice));
    await onSegment(index + 1);
  }
  return encoder.finish();
};

function speakWithProvider(resolution: ReturnType<typeof resolveSpeechProvider>): Speak {
  return async (segments, onSegment) => {
    const parts: Uint8Array[] = [];
    for (const [index, segment] of segments.entries()) {
      const { audio } = await resolution.provider.synthesize({
        apiModelId: resolution.apiModelId,
        voice: resolution.apiVoice(segment.voice),
        text: segment.text,
      });
      parts.push(audio);
      await onSegment(index + 1);
    }
    const audio = new Uint8Array(Buffer.concat(parts));
    // Each part may start with an ID3 tag; the duration is the sum of the parts' frames.
    const durationSeconds = parts.reduce((sum, part) => sum + summarizeMp3(part).durationSeconds, 0);
    return { audio, durationSeconds };
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
    const { audio, durationSeconds } = await speak(segments, (done) =>
      context.progress(done, segments.length, status(done)),
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
      usage: {
        modelId: SPEECH_MODEL.id,
        measure: {
          ...NO_USAGE,
          speechCharacters: segments.reduce((sum, segment) => sum + segment.text.length, 0),
          speechSeconds: durationSeconds,
        },
      },
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
