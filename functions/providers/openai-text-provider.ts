import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import {
  connectOpenAi,
  mapOpenAiError,
  type OpenAiCompatibleConfig,
  type OpenAiConnection,
} from './openai-client';
import type { TextGenerationRequest, TextProvider, TextStreamEvent } from './ports';
import { refusedError, truncatedReplyError, truncatedStreamError } from './provider-errors';
import { callSettings, DEFAULT_TIMEOUTS_MS, streamWithRetries } from './resilient-call';
import { estimateTokens } from './token-estimate';

/** Chat Completions streaming (OpenAI, xAI, OpenAI-compatible servers), with usage in the last chunk. */
export function createOpenAiTextProvider(config: OpenAiCompatibleConfig): TextProvider {
  const connection = connectOpenAi(config);
  const settings = callSettings(config.settings, DEFAULT_TIMEOUTS_MS.text);
  return {
    name: config.provider,
    streamText: (request) =>
      streamWithRetries(
        { ...connection.context, apiModelId: request.apiModelId },
        settings,
        (error) =>
          mapOpenAiError(
            { ...connection.context, apiModelId: request.apiModelId },
            settings.timeoutMs,
            error,
          ),
        (signal) => openStream(connection, request, signal),
        request.signal,
      ),
  };
}

function requestBody(
  connection: OpenAiConnection,
  request: TextGenerationRequest,
): ChatCompletionCreateParamsStreaming {
  return {
    model: request.apiModelId,
    messages: [
      { role: 'system', content: request.system },
      { role: 'user', content: request.prompt },
    ],
    stream: true,
    stream_options: { include_usage: true },
    [connection.tokenLimitField]: request.maxOutputTokens,
  };
}

async function* openStream(
  connection: OpenAiConnection,
  request: TextGenerationRequest,
  signal: AbortSignal,
): AsyncGenerator<TextStreamEvent> {
  const context = { ...connection.context, apiModelId: request.apiModelId };
  const stream = await connection.client.chat.completions.create(requestBody(connection, request), {
    signal,
  });
  let finished = false;
  let truncated = false;
  let outputChars = 0;
  let usage: Usage | undefined;
  for await (const chunk of stream) {
    if (chunk.usage) usage = usageOf(chunk.usage);
    const choice = Array.isArray(chunk.choices) ? chunk.choices[0] : undefined;
    if (!choice) continue;
    if (choice.delta?.refusal) throw refusedError(context, choice.delta.refusal);
    const text = choice.delta?.content;
    if (text) {
      outputChars += text.length;
      yield { type: 'text', text };
    }
    if (choice.finish_reason === 'content_filter')
      throw refusedError(context, 'blocked by its content filter');
    // The usage chunk follows the last choice: read it, so a cut-off reply still counts what it cost.
    if (choice.finish_reason === 'length') truncated = true;
    if (choice.finish_reason) finished = true;
  }
  if (!finished) throw truncatedStreamError(context);
  // Compatible servers that ignore stream_options send no usage; an estimate keeps the accounting whole.
  yield {
    type: 'usage',
    ...(usage ?? {
      inputTokens: estimateTokens(request.system) + estimateTokens(request.prompt),
      outputTokens: Math.ceil(outputChars / 4),
    }),
  };
  if (truncated) throw truncatedReplyError(context);
}

type Usage = { inputTokens: number; outputTokens: number; reasoningTokens?: number };

/**
 * Chat Completions usage. OpenAI counts reasoning inside `completion_tokens` and reports it apart in
 * `completion_tokens_details`; a server that counts it outside (total = prompt + completion + reasoning)
 * gets it added, so `outputTokens` is always every output token billed.
 */
export function usageOf(usage: {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens?: number;
  completion_tokens_details?: { reasoning_tokens?: number } | null;
}): Usage {
  const reasoning = usage.completion_tokens_details?.reasoning_tokens ?? 0;
  const outside =
    reasoning > 0 &&
    usage.total_tokens !== undefined &&
    usage.total_tokens >= usage.prompt_tokens + usage.completion_tokens + reasoning;
  return {
    inputTokens: usage.prompt_tokens,
    outputTokens: usage.completion_tokens + (outside ? reasoning : 0),
    ...(reasoning > 0 ? { reasoningTokens: reasoning } : {}),
  };
}
