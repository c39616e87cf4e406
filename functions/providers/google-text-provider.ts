import type { GenerateContentResponse } from '@google/genai';
import { connectGoogle, GOOGLE_CONTEXT, type GoogleConfig, mapGoogleError } from './google-client';
import type { TextGenerationRequest, TextProvider, TextStreamEvent } from './ports';
import {
  type ErrorContext,
  refusedError,
  truncatedReplyError,
  truncatedStreamError,
} from './provider-errors';
import { callSettings, DEFAULT_TIMEOUTS_MS, streamWithRetries } from './resilient-call';

/** Gemini `streamGenerateContent?alt=sse`: text parts as they come, usage metadata on the last chunk. */

/** Finish reasons that mean Google withheld content. */
export const GOOGLE_REFUSAL_REASONS: ReadonlySet<string> = new Set([
  'SAFETY',
  'RECITATION',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
]);

export function createGoogleTextProvider(config: GoogleConfig): TextProvider {
  const settings = callSettings(config.settings, DEFAULT_TIMEOUTS_MS.text);
  return {
    name: 'google',
    streamText: (request) => {
      const context = { ...GOOGLE_CONTEXT, apiModelId: request.apiModelId };
      return streamWithRetries(
        context,
        settings,
        (error) => mapGoogleError(context, error),
        (signal) => openStream(config, context, request, signal),
        request.signal,
      );
    },
  };
}

async function* openStream(
  config: GoogleConfig,
  context: ErrorContext,
  request: TextGenerationRequest,
  signal: AbortSignal,
): AsyncGenerator<TextStreamEvent> {
  const stream = await connectGoogle(config, context).models.generateContentStream({
    model: request.apiModelId,
    contents: request.prompt,
    config: {
      systemInstruction: request.system,
      maxOutputTokens: request.maxOutputTokens,
      abortSignal: signal,
    },
  });
  let finishReason: string | undefined;
  let usage: GenerateContentResponse['usageMetadata'];
  for await (const chunk of stream) {
    const blocked = chunk.promptFeedback?.blockReason;
    if (blocked) throw refusedError(context, `the prompt was blocked: ${blocked}`);
    const candidate = chunk.candidates?.[0];
    for (const part of candidate?.content?.parts ?? []) {
      // Thought summaries are the model's notes to itself, not part of the reply.
      if (part.text && !part.thought) yield { type: 'text', text: part.text };
    }
    if (candidate?.finishReason) finishReason = candidate.finishReason;
    if (chunk.usageMetadata) usage = chunk.usageMetadata;
  }
  if (finishReason && GOOGLE_REFUSAL_REASONS.has(finishReason)) {
    throw refusedError(context, `stopped by its safety filters: ${finishReason}`);
  }
  if (!finishReason) throw truncatedStreamError(context);
  const thoughts = usage?.thoughtsTokenCount ?? 0;
  yield {
    type: 'usage',
    inputTokens: usage?.promptTokenCount ?? 0,
    // Thinking tokens are billed as output.
    outputTokens: (usage?.candidatesTokenCount ?? 0) + thoughts,
    ...(thoughts > 0 ? { reasoningTokens: thoughts } : {}),
  };
  // After the usage: a reply cut off at the limit still cost its tokens.
  if (finishReason === 'MAX_TOKENS') throw truncatedReplyError(context);
}
