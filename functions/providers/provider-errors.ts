import { clipText } from '#shared/text';
import { ProviderError, type ProviderErrorKind, type ProviderName } from './ports';

/**
 * Turns every way a provider call can fail into a ProviderError whose message names the provider and
 * says what happened in words a user can act on. Each adapter extracts the facts from its SDK's error
 * (status, provider error code, headers); the wording and the classification live here, once.
 */

export interface ErrorContext {
  readonly provider: ProviderName;
  /** How the provider is named in messages: 'OpenAI', 'xAI', 'the OpenAI-compatible server at …'. */
  readonly label: string;
  readonly apiModelId?: string;
}

export interface HttpFailure {
  readonly status: number;
  /** The provider's machine-readable error code or type (`model_not_found`, `rate_limit_error`, …). */
  readonly code?: string | undefined;
  readonly message?: string | undefined;
  readonly retryAfterMs?: number | undefined;
}

const REFUSAL_CODES =
  /content_policy|content_filter|moderation_blocked|safety|responsible_ai|image_generation_user_error/i;
const UNKNOWN_MODEL_CODES = /model_not_found|not_found_error|unknown_model|NOT_FOUND/;
const BAD_KEY_CODES = /API_KEY_INVALID|invalid_api_key|authentication_error|permission_error|UNAUTHENTICATED/;
const QUOTA_CODES = /insufficient_quota|billing/i;

const MAX_DETAIL = 300;

/** A provider's own explanation, shortened and on one line, fit to be shown after ours. */
export function providerDetail(message: string | undefined): string {
  const text = (message ?? '').replace(/\s+/g, ' ').trim();
  if (text === '') return '';
  return clipText(text, MAX_DETAIL);
}

const withDetail = (sentence: string, detail: string): string =>
  detail === '' ? `${sentence}.` : `${sentence}: ${detail}`;

/**
 * The label where it starts a sentence: 'the OpenAI-compatible server at …' becomes 'The …'; brand
 * names keep their own case ('xAI').
 */
const subject = (context: ErrorContext): string => context.label.replace(/^the /, 'The ');

const modelName = (context: ErrorContext): string =>
  context.apiModelId === undefined ? 'the requested model' : `the model "${context.apiModelId}"`;

export function errorFromHttpFailure(
  context: ErrorContext,
  failure: HttpFailure,
  cause?: unknown,
): ProviderError {
  const { status } = failure;
  const code = failure.code ?? '';
  const detail = providerDetail(failure.message);
  const make = (kind: ProviderErrorKind, message: string, extra: { retryable?: boolean } = {}) =>
    new ProviderError(context.provider, kind, message, status, {
      cause,
      retryAfterMs: failure.retryAfterMs,
      ...extra,
    });

  if (status === 401 || status === 403 || BAD_KEY_CODES.test(code) || /API key not valid/i.test(detail)) {
    // The provider's wording can echo part of the key, so it is left out.
    return make(
      'auth',
      `${subject(context)} rejected the API key (HTTP ${status}). Ask an administrator to check the API key for ${context.label}.`,
    );
  }
  if (status === 429) {
    if (QUOTA_CODES.test(code) || QUOTA_CODES.test(detail)) {
      return make(
        'rate_limited',
        withDetail(`${subject(context)} says the account has run out of credit or quota (HTTP 429)`, detail),
        { retryable: false },
      );
    }
    return make(
      'rate_limited',
      `${subject(context)} is receiving too many requests (HTTP 429) and asked us to slow down. Try again in a minute.`,
    );
  }
  if (status >= 500) {
    return make(
      'server',
      withDetail(`${subject(context)} had a server problem (HTTP ${status}). Try again shortly`, detail),
    );
  }
  if (REFUSAL_CODES.test(code)) {
    return make(
      'refused',
      withDetail(`${subject(context)} declined this request under its content policy`, detail),
    );
  }
  if (status === 404 || UNKNOWN_MODEL_CODES.test(code)) {
    return make(
      'unknown_model',
      withDetail(`${subject(context)} does not offer ${modelName(context)} (HTTP ${status})`, detail),
    );
  }
  if (status === 408) {
    return make('timeout', `${subject(context)} gave up waiting for the request (HTTP 408).`);
  }
  if (status >= 400) {
    return make(
      'invalid_request',
      withDetail(`${subject(context)} rejected the request (HTTP ${status})`, detail),
    );
  }
  return make('bad_response', `${subject(context)} answered with an unexpected HTTP status ${status}.`);
}

export function timeoutError(context: ErrorContext, timeoutMs: number, cause?: unknown): ProviderError {
  const seconds = Math.round(timeoutMs / 100) / 10;
  return new ProviderError(
    context.provider,
    'timeout',
    `${subject(context)} did not answer within ${seconds} s. Try again, or choose another model.`,
    undefined,
    { cause },
  );
}

export function badResponseError(context: ErrorContext, what: string, cause?: unknown): ProviderError {
  return new ProviderError(
    context.provider,
    'bad_response',
    `${subject(context)} sent a reply that could not be read (${what}).`,
    undefined,
    { cause },
  );
}

export function refusedError(context: ErrorContext, reason: string): ProviderError {
  return new ProviderError(
    context.provider,
    'refused',
    `${subject(context)} declined to produce this content (${reason}). Rephrase the request and try again.`,
  );
}

/** The model hit its output-token limit: the reply is cut off mid-way, so it must not be used as complete. */
export function truncatedReplyError(context: ErrorContext): ProviderError {
  return new ProviderError(
    context.provider,
    'truncated',
    `${subject(context)} stopped at its output limit before the reply was complete, so the incomplete text was not used. Try again, ask for a shorter piece, or choose another model.`,
  );
}

export function truncatedStreamError(context: ErrorContext): ProviderError {
  return new ProviderError(
    context.provider,
    'network',
    `${subject(context)} closed the connection before the reply was complete.`,
  );
}

const NETWORK_CODES: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection closed',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_SOCKET: 'connection closed',
  UND_ERR_CLOSED: 'connection closed',
};

function* causeChain(error: unknown): Generator<unknown> {
  let current = error;
  for (let depth = 0; depth < 6 && current !== undefined && current !== null; depth += 1) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

/** 'connection refused', 'host not found', … when the error is a network failure; undefined otherwise. */
export function networkFailureReason(error: unknown): string | undefined {
  for (const link of causeChain(error)) {
    const code = (link as { code?: unknown }).code;
    if (typeof code === 'string' && code in NETWORK_CODES) return NETWORK_CODES[code];
  }
  for (const link of causeChain(error)) {
    if (link instanceof TypeError && /fetch failed|terminated|network/i.test(link.message))
      return 'network failure';
  }
  return undefined;
}

export function networkError(context: ErrorContext, reason: string, cause?: unknown): ProviderError {
  return new ProviderError(
    context.provider,
    'network',
    `Could not reach ${context.label} (${reason}).`,
    undefined,
    {
      cause,
    },
  );
}

/** A JSON.parse failure anywhere in the chain: the provider sent something that is not JSON. */
export function isMalformedJson(error: unknown): boolean {
  for (const link of causeChain(error)) {
    if (link instanceof SyntaxError) return true;
    if (
      link instanceof Error &&
      /JSON|parsing stream chunk/i.test(link.message) &&
      /parse|Unexpected/i.test(link.message)
    ) {
      return true;
    }
  }
  return false;
}
