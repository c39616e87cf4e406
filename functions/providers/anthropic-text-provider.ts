import Anthropic, { APIConnectionError, APIConnectionTimeoutError, APIError } from '@anthropic-ai/sdk';
import type { ProviderError, TextGenerationRequest, TextProvider, TextStreamEvent } from './ports';
import {
  badResponseError,
  type ErrorContext,
  errorFromHttpFailure,
  isMalformedJson,
  networkError,
  networkFailureReason,
  refusedError,
  timeoutError,
  truncatedReplyError,
  truncatedStreamError,
} from './provider-errors';
import {
  type CallSettingsInput,
  callSettings,
  DEFAULT_TIMEOUTS_MS,
  streamWithRetries,
} from './resilient-call';
import { retryAfterFromHeaders } from './retry-after';

/** Anthropic Messages API streaming: text deltas, input usage at message_start, output usage at message_delta. */

export interface AnthropicConfig {
  readonly apiKey: string;
  readonly baseUrl?: string;
  readonly settings?: CallSettingsInput;
}

const CONTEXT: ErrorContext = { provider: 'anthropic', label: 'Anthropic' };

export function createAnthropicTextProvider(config: AnthropicConfig): TextProvider {
  // Retries and timeouts are ours (resilient-call.ts); the SDK logger would print provider replies.
  const client = new Anthropic({
    apiKey: config.apiKey,
    baseURL: config.baseUrl ?? 'https://api.anthropic.com',
    maxRetries: 0,
    logLevel: 'off',
  });
  const settings = callSettings(config.settings, DEFAULT_TIMEOUTS_MS.text);
  return {
    name: 'anthropic',
    streamText: (request) => {
      const context = { ...CONTEXT, apiModelId: request.apiModelId };
      return streamWithRetries(
        context,
        settings,
        (error) => mapAnthropicError(context, settings.timeoutMs, error),
        (signal) => openStream(client, context, request, signal),
        request.signal,
      );
    },
  };
}

async function* openStream(
  client: Anthropic,
  context: ErrorContext,
  request: TextGenerationRequest,
  signal: AbortSignal,
): AsyncGenerator<TextStreamEvent> {
  const stream = await client.messages.create(
    {
      model: request.apiModelId,
      max_tokens: request.maxOutputTokens,
      system: request.system,
      messages: [{ role: 'user', content: request.prompt }],
      stream: true,
    },
    { signal },
  );
  let inputTokens = 0;
  let outputTokens = 0;
  let finished = false;
  for await (const event of stream) {
    switch (event.type) {
      case 'message_start': {
        const usage = event.message.usage;
        inputTokens =
          usage.input_tokens +
          (usage.cache_creation_input_tokens ?? 0) +
          (usage.cache_read_input_tokens ?? 0);
        outputTokens = usage.output_tokens;
        break;
      }
      case 'content_block_delta':
        if (event.delta.type === 'text_delta' && event.delta.text)
          yield { type: 'text', text: event.delta.text };
        break;
      case 'message_delta':
        outputTokens = event.usage.output_tokens ?? outputTokens;
        if (event.delta.stop_reason === 'refusal') throw refusedError(context, 'stopped for safety reasons');
        if (event.delta.stop_reason === 'max_tokens') {
          // The tokens were spent: they count before the job fails. Anthropic bills thinking as output
          // tokens and does not report it apart.
          yield { type: 'usage', inputTokens, outputTokens };
          throw truncatedReplyError(context);
        }
        break;
      case 'message_stop':
        finished = true;
        break;
      default:
        break;
    }
  }
  if (!finished) throw truncatedStreamError(context);
  yield { type: 'usage', inputTokens, outputTokens };
}

/** HTTP status implied by the error `type` of an `event: error` inside a stream. */
const STREAM_ERROR_STATUS: Readonly<Record<string, number>> = {
  invalid_request_error: 400,
  authentication_error: 401,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  overloaded_error: 529,
};

export function mapAnthropicError(context: ErrorContext, timeoutMs: number, error: unknown): ProviderError {
  if (error instanceof APIConnectionTimeoutError) return timeoutError(context, timeoutMs, error);
  if (error instanceof APIConnectionError) {
    return networkError(context, networkFailureReason(error) ?? 'network failure', error);
  }
  if (error instanceof APIError) {
    const type = typeof error.type === 'string' ? error.type : undefined;
    return errorFromHttpFailure(
      context,
      {
        status: error.status ?? STREAM_ERROR_STATUS[type ?? ''] ?? 500,
        code: type,
        message: error.apiMessage ?? undefined,
        retryAfterMs: retryAfterFromHeaders(error.headers),
      },
      error,
    );
  }
  if (isMalformedJson(error)) return badResponseError(context, 'malformed JSON', error);
  const reason = networkFailureReason(error);
  if (reason !== undefined) return networkError(context, reason, error);
  return badResponseError(context, error instanceof Error ? error.message : 'unexpected failure', error);
}
