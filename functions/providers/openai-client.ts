import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { ProviderError } from './ports';
import {
  badResponseError,
  type ErrorContext,
  errorFromHttpFailure,
  isMalformedJson,
  networkError,
  networkFailureReason,
  timeoutError,
} from './provider-errors';
import type { CallSettingsInput } from './resilient-call';
import { retryAfterFromHeaders } from './retry-after';

/**
 * The OpenAI SDK client shared by the text, image and speech adapters. It also serves xAI (same wire
 * format at https://api.x.ai/v1) and any OpenAI-compatible server (Ollama, vLLM) through a base URL.
 */

export interface OpenAiCompatibleConfig {
  readonly provider: 'openai' | 'xai';
  readonly apiKey: string;
  /** Defaults to the provider's public API; set it for a proxy, a test server or Ollama/vLLM. */
  readonly baseUrl?: string;
  /**
   * Whether the base URL serves OpenAI's own API (decides the request dialect and how errors name the
   * server). Derived from the host when absent; tests set it to emulate api.openai.com locally.
   */
  readonly officialApi?: boolean;
  readonly settings?: CallSettingsInput;
}

export const DEFAULT_BASE_URLS = {
  openai: 'https://api.openai.com/v1',
  xai: 'https://api.x.ai/v1',
} as const;

export interface OpenAiConnection {
  readonly client: OpenAI;
  readonly context: ErrorContext;
  /**
   * OpenAI and xAI take `max_completion_tokens` (`max_tokens` is deprecated there, and OpenAI's reasoning
   * models refuse it); other compatible servers (Ollama, vLLM) reliably take `max_tokens`.
   */
  readonly tokenLimitField: 'max_completion_tokens' | 'max_tokens';
  readonly isOfficialOpenAi: boolean;
}

export function connectOpenAi(config: OpenAiCompatibleConfig): OpenAiConnection {
  const baseURL = config.baseUrl ?? DEFAULT_BASE_URLS[config.provider];
  const isOfficialOpenAi =
    config.provider === 'openai' && (config.officialApi ?? new URL(baseURL).hostname === 'api.openai.com');
  const label =
    config.provider === 'xai'
      ? 'xAI'
      : isOfficialOpenAi
        ? 'OpenAI'
        : `the OpenAI-compatible server at ${new URL(baseURL).host}`;
  return {
    // Retries and timeouts are ours (resilient-call.ts), so the SDK's are off; its logger would print
    // provider replies, which may hold client data.
    client: new OpenAI({ apiKey: config.apiKey, baseURL, maxRetries: 0, logLevel: 'off' }),
    context: { provider: config.provider, label },
    tokenLimitField: isOfficialOpenAi || config.provider === 'xai' ? 'max_completion_tokens' : 'max_tokens',
    isOfficialOpenAi,
  };
}

/** Status implied by the `type` of an error event inside a stream, which carries no HTTP status. */
function statusOfStreamError(type: string | undefined): number {
  if (type === 'invalid_request_error') return 400;
  if (type === 'rate_limit_exceeded' || type === 'requests' || type === 'tokens') return 429;
  return 500;
}

interface OpenAiErrorBody {
  readonly message?: unknown;
  readonly code?: unknown;
  readonly type?: unknown;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export function mapOpenAiError(context: ErrorContext, timeoutMs: number, error: unknown): ProviderError {
  if (error instanceof APIConnectionTimeoutError) return timeoutError(context, timeoutMs, error);
  if (error instanceof APIConnectionError) {
    return networkError(context, networkFailureReason(error) ?? 'network failure', error);
  }
  if (error instanceof APIError) {
    const body = (error.error ?? {}) as OpenAiErrorBody;
    const code = text(body.code) ?? text(body.type);
    return errorFromHttpFailure(
      context,
      {
        status: error.status ?? statusOfStreamError(text(body.type)),
        code,
        message: text(body.message),
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
