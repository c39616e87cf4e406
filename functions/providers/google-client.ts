import { ApiError, GoogleGenAI } from '@google/genai';
import type { ProviderError } from './ports';
import {
  badResponseError,
  type ErrorContext,
  errorFromHttpFailure,
  isMalformedJson,
  networkError,
  networkFailureReason,
} from './provider-errors';
import type { CallSettingsInput } from './resilient-call';
import { retryAfterFromHeaders, retryDelayFromGoogleError } from './retry-after';

/**
 * The Gemini API client (Gemini text, Gemini image, Imagen). Its SDK hides response headers, so a fetch
 * wrapper reads every failed reply itself (status, Google's error body, retry-after) and throws the
 * ProviderError; the SDK passes errors from fetch through unchanged.
 */

export interface GoogleConfig {
  readonly apiKey: string;
  /** Another endpoint (proxy, test server); the Gemini API's public URL when absent. */
  readonly baseUrl?: string;
  readonly settings?: CallSettingsInput;
}

export const GOOGLE_CONTEXT: ErrorContext = { provider: 'google', label: 'Google' };

interface GoogleErrorBody {
  readonly error?: {
    readonly code?: unknown;
    readonly message?: unknown;
    readonly status?: unknown;
    readonly details?: readonly { readonly reason?: unknown }[];
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Google's error body: `{ error: { code, message, status: "RESOURCE_EXHAUSTED", details: [...] } }`. */
function googleFailure(
  context: ErrorContext,
  status: number,
  body: unknown,
  headers?: Headers,
): ProviderError {
  const error = (body as GoogleErrorBody | undefined)?.error;
  const reasons = Array.isArray(error?.details)
    ? error.details
        .map((detail) => detail?.reason)
        .filter((reason): reason is string => typeof reason === 'string')
    : [];
  const code = [typeof error?.status === 'string' ? error.status : '', ...reasons].join(' ').trim();
  return errorFromHttpFailure(context, {
    status,
    code: code === '' ? undefined : code,
    message: typeof error?.message === 'string' ? error.message : undefined,
    retryAfterMs: retryAfterFromHeaders(headers) ?? retryDelayFromGoogleError(body),
  });
}

export function connectGoogle(config: GoogleConfig, context: ErrorContext): GoogleGenAI {
  const fetchWithErrors = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const response = await fetch(input, init);
    if (response.ok) return response;
    const text = await response.text().catch(() => '');
    throw googleFailure(context, response.status, parseJson(text), response.headers);
  };
  return new GoogleGenAI({
    apiKey: config.apiKey,
    // Explicit, so that GOOGLE_GENAI_USE_VERTEXAI in the environment cannot switch backends.
    vertexai: false,
    httpOptions: {
      ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
      fetch: fetchWithErrors,
      // Retries are ours (resilient-call.ts).
      retryOptions: { attempts: 1 },
    },
  });
}

export function mapGoogleError(context: ErrorContext, error: unknown): ProviderError {
  if (error instanceof ApiError) {
    // Errors sent inside a stream: "got status: 500 . {json}" or the bare JSON body.
    const start = error.message.indexOf('{');
    const body = start === -1 ? undefined : parseJson(error.message.slice(start));
    return googleFailure(context, error.status, body);
  }
  const reason = networkFailureReason(error);
  if (reason !== undefined) return networkError(context, reason, error);
  if (isMalformedJson(error)) return badResponseError(context, 'malformed JSON', error);
  return badResponseError(context, error instanceof Error ? error.message : 'unexpected failure', error);
}
