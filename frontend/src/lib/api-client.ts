import type * as z from 'zod/mini';
import { getIdToken } from './auth/session';
import { endSession, SESSION_ENDED_MESSAGE } from './auth/session-ended';
import { getRuntimeConfig } from './config';

/**
 * The one way the app calls its HTTP API. It adds the signed-in user's ID token, sends and reads JSON,
 * and turns the server's `{ error: { code, message } }` into an ApiError carrying the server's message,
 * which screens show as the toast description (spec 000 §8: the server message when present).
 */

export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  constructor(
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    /** The server's error code (`NOT_FOUND`, `FORBIDDEN`…), or a client-side one (`NETWORK_ERROR`…). */
    readonly code: string,
    message: string,
    /** True when the message is the server's own; otherwise screens show their spec fallback text. */
    readonly fromServer = false,
  ) {
    super(message);
  }
}

/**
 * The server refused the session (401): the client has already started signing the user out, and the
 * route guard takes them to `/auth`. Callers must not retry, toast or show an empty state for it: check
 * with `isSessionEnded(error)` and stop.
 */
export class SessionEndedError extends ApiError {
  override readonly name = 'SessionEndedError';
  constructor() {
    super(401, 'SESSION_ENDED', SESSION_ENDED_MESSAGE);
  }
}

/** True for the API's 401: the session is over and the call must not be retried. */
export function isSessionEnded(error: unknown): error is SessionEndedError {
  return error instanceof SessionEndedError;
}

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Serialised as JSON. */
  body?: unknown;
  /** A body sent as it is, with its media type (a CSV upload), instead of `body`. */
  text?: { readonly content: string; readonly type: string };
  /** Validates (and may transform) the response body; without it the body is trusted as T. */
  schema?: z.ZodMiniType<T>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface ApiClientDependencies {
  fetch: typeof fetch;
  getToken: () => Promise<string | null>;
  baseUrl: () => string;
  /** Called once per refused session (401 to a signed-in call): signs the user out. */
  onSessionEnded: () => void;
}

const defaultDependencies: ApiClientDependencies = {
  fetch: (input, init) => fetch(input, init),
  getToken: getIdToken,
  baseUrl: () => getRuntimeConfig().apiUrl,
  onSessionEnded: () => void endSession(),
};

function readErrorBody(body: unknown): { code: string; message: string } | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const { error } = body;
  if (typeof error !== 'object' || error === null) return null;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : 'ERROR';
  const message = 'message' in error && typeof error.message === 'string' ? error.message : null;
  return message ? { code, message } : null;
}

export function createApiClient(deps: ApiClientDependencies = defaultDependencies) {
  async function request<T>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
    if (!path.startsWith('/')) throw new Error(`API paths start with '/': ${path}`);
    const token = await deps.getToken();
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (token) headers.authorization = `Bearer ${token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.text) headers['content-type'] = options.text.type;
    const body =
      options.text?.content ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined);

    let response: Response;
    try {
      response = await deps.fetch(`${deps.baseUrl()}${path}`, {
        method: options.method ?? 'GET',
        headers,
        ...(body !== undefined ? { body } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached. Check your connection.');
    }

    const text = await response.text();
    let reply: unknown = null;
    if (text !== '') {
      try {
        reply = JSON.parse(text);
      } catch {
        if (response.ok)
          throw new ApiError(response.status, 'INVALID_RESPONSE', 'The server sent an invalid response.');
      }
    }

    if (response.status === 401) {
      // A token was refused (expired beyond refresh, revoked, or issued by another pool): the session
      // is over. Without a token the user was already signed out, and the guard handles that.
      if (token) deps.onSessionEnded();
      throw new SessionEndedError();
    }
    if (!response.ok) {
      const error = readErrorBody(reply);
      throw new ApiError(
        response.status,
        error?.code ?? `HTTP_${response.status}`,
        error?.message ?? `The request failed (HTTP ${response.status}).`,
        error !== null,
      );
    }
    if (!options.schema) return reply as T;
    const parsed = options.schema.safeParse(reply);
    if (!parsed.success)
      throw new ApiError(response.status, 'INVALID_RESPONSE', 'The server sent an unexpected response.');
    return parsed.data;
  }

  type Options<T> = Omit<ApiRequestOptions<T>, 'method' | 'body' | 'text'>;
  return {
    request,
    get: <T>(path: string, options?: Options<T>) => request<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body?: unknown, options?: Options<T>) =>
      request<T>(path, { ...options, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, options?: Options<T>) =>
      request<T>(path, { ...options, method: 'PUT', body }),
    delete: <T>(path: string, options?: Options<T>) => request<T>(path, { ...options, method: 'DELETE' }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's client: same-origin `/api/...` locally, the HTTP API's URL in AWS. */
export const api: ApiClient = createApiClient();

/**
 * For the public routes (a review link's page): never sends the signed-in user's token, so a
 * colleague opening a client's link is the anonymous reviewer the link is for, and a 401 ends nothing.
 */
export const publicApi: ApiClient = createApiClient({
  ...defaultDependencies,
  getToken: async () => null,
  onSessionEnded: () => undefined,
});

/** The message to show for a failed call (spec 000 §8): the server's message when present, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isSessionEnded(error)) return error.message;
  return error instanceof ApiError && error.fromServer ? error.message : fallback;
}
