import { looksLikeMp3 } from './media-bytes';
import { connectOpenAi, mapOpenAiError, type OpenAiCompatibleConfig } from './openai-client';
import { ProviderError, type SpeechProvider } from './ports';
import { badResponseError } from './provider-errors';
import { callSettings, callWithRetries, DEFAULT_TIMEOUTS_MS } from './resilient-call';
import { splitForSpeech } from './speech-text';

/** OpenAI's speech endpoint takes at most 4096 characters per request. */
export const OPENAI_SPEECH_MAX_CHARS = 4096;

/** Text-to-speech through `/audio/speech`, MP3 out; long scripts are spoken piece by piece and joined. */
export function createOpenAiSpeechProvider(config: OpenAiCompatibleConfig): SpeechProvider {
  const connection = connectOpenAi(config);
  const settings = callSettings(config.settings, DEFAULT_TIMEOUTS_MS.speech);
  return {
    name: config.provider,
    synthesize: async (request) => {
      const context = { ...connection.context, apiModelId: request.apiModelId };
      const pieces = splitForSpeech(request.text, OPENAI_SPEECH_MAX_CHARS);
      if (pieces.length === 0) {
        throw new ProviderError(config.provider, 'invalid_request', 'There is no text to speak.');
      }
      const parts: Uint8Array[] = [];
      for (const input of pieces) {
        parts.push(
          await callWithRetries(
            context,
            settings,
            (error) => mapOpenAiError(context, settings.timeoutMs, error),
            async (signal) => {
              const response = await connection.client.audio.speech.create(
                { model: request.apiModelId, voice: request.voice, input, response_format: 'mp3' },
                { signal },
              );
              const audio = new Uint8Array(await response.arrayBuffer());
              if (!looksLikeMp3(audio)) throw badResponseError(context, 'the audio was not MP3');
              return audio;
            },
            request.signal,
          ),
        );
      }
      return { audio: new Uint8Array(Buffer.concat(parts)), mimeType: 'audio/mpeg' };
    },
  };
}
