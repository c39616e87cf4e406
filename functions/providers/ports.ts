/**
 * Ports for AI providers. Adapters (OpenAI-compatible, Anthropic, Google, Offline) implement them; the
 * generation engine only ever sees these interfaces.
 */

import type { ServingProvider } from '#shared/models';

export type ProviderName = ServingProvider;

export interface TextGenerationRequest {
  /** The provider's real API model id (from the registry in shared/models.ts). */
  readonly apiModelId: string;
  readonly system: string;
  readonly prompt: string;
  readonly maxOutputTokens: number;
  readonly signal?: AbortSignal;
}

export type TextStreamEvent =
  | { readonly type: 'text'; readonly text: string }
  | {
      readonly type: 'usage';
      readonly inputTokens: number;
      /** Every output token billed, reasoning included. */
      readonly outputTokens: number;
      /** The part of `outputTokens` spent reasoning, where the provider reports it apart. */
      readonly reasoningTokens?: number;
    };

export interface TextProvider {
  readonly name: ProviderName;
  streamText(request: TextGenerationRequest): AsyncIterable<TextStreamEvent>;
}

export interface ImageGenerationRequest {
  readonly apiModelId: string;
  readonly prompt: string;
  readonly size?: string;
  readonly quality?: string;
  readonly outputFormat: 'png' | 'jpeg' | 'webp';
  readonly compression?: number;
  readonly count: number;
  readonly signal?: AbortSignal;
}

export interface GeneratedImage {
  readonly data: Uint8Array;
  readonly mimeType: string;
  /** The size and quality the provider says it produced (it decides when asked for `auto`). */
  readonly size?: string;
  readonly quality?: string;
}

export interface ImageProvider {
  readonly name: ProviderName;
  generateImages(request: ImageGenerationRequest): Promise<readonly GeneratedImage[]>;
}

export interface SpeechRequest {
  readonly apiModelId: string;
  readonly voice: string;
  readonly text: string;
  readonly signal?: AbortSignal;
}

export interface SpeechProvider {
  readonly name: ProviderName;
  synthesize(
    request: SpeechRequest,
  ): Promise<{ readonly audio: Uint8Array; readonly mimeType: 'audio/mpeg' }>;
}

export type ProviderErrorKind =
  | 'auth'
  | 'unknown_model'
  | 'refused'
  | 'rate_limited'
  | 'timeout'
  | 'server'
  | 'bad_response'
  /** The reply stopped at the output-token limit: incomplete, and the same request would stop again. */
  | 'truncated'
  | 'network'
  /** The provider rejected the request itself (HTTP 400): a setting it does not accept. */
  | 'invalid_request'
  /** No key is configured for the provider, and nothing can stand in for it. */
  | 'not_configured';

export interface ProviderErrorOptions {
  /** How long the provider asked us to wait before trying again (retry-after headers, RetryInfo). */
  readonly retryAfterMs?: number;
  /** Overrides the kind's default, e.g. a 429 for an exhausted quota is not worth retrying. */
  readonly retryable?: boolean;
  readonly cause?: unknown;
}

/** A provider failure with a message a user can act on ("OpenAI rejected the API key", ...). */
export class ProviderError extends Error {
  constructor(
    readonly provider: ProviderName,
    readonly kind: ProviderErrorKind,
    message: string,
    readonly status?: number,
    private readonly options: ProviderErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ProviderError';
  }

  get retryAfterMs(): number | undefined {
    return this.options.retryAfterMs;
  }

  /** Worth another delivery of the job: the same request may succeed later. */
  get retryable(): boolean {
    return (
      this.options.retryable ??
      (this.kind === 'rate_limited' ||
        this.kind === 'server' ||
        this.kind === 'timeout' ||
        this.kind === 'network')
    );
  }
}
