import { CHANNEL_PLATFORM_INFO, type ChannelPlatform } from '#shared/channels';
import { type ChannelEndpoints, ChannelError, type ChannelErrorKind } from '../channel-port';

/**
 * What every adapter does over HTTP: one `fetch` per call (the port's adapters never retry; docs/architecture.md,
 * "Publishing channels"), the platform's hosts or the fake platforms' origin, and the classification of
 * a failed answer into a ChannelError.
 */

/** A URL on one of the platform's real hosts, or the same path and query on the override origin. */
export function platformUrl(endpoints: ChannelEndpoints, realOrigin: string, pathAndQuery: string): string {
  const origin = endpoints.originOverride?.replace(/\/+$/, '') ?? realOrigin;
  return `${origin}${pathAndQuery}`;
}

export interface PlatformCall {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly url: string;
  /** Sent as `Authorization: Bearer …`. */
  readonly bearer?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly json?: unknown;
  readonly form?: URLSearchParams;
  /** Bytes or multipart form data, sent as they are. */
  readonly body?: Uint8Array | FormData;
}

export interface PlatformReply {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The body parsed as JSON; undefined when empty or not JSON. */
  readonly body: unknown;
}

/** Turns a non-2xx answer into the platform's ChannelError. */
export type ClassifyFailure = (reply: PlatformReply) => ChannelError;

/**
 * Long enough for a slow photo fetch on the platform's side, short enough to fail inside a worker's
 * time: an answer that never comes is `unavailable`, and the service asks `findPost` whether it went out.
 */
const PLATFORM_TIMEOUT_MS = 30_000;

export async function callPlatform(
  platform: ChannelPlatform,
  call: PlatformCall,
  classify: ClassifyFailure,
): Promise<PlatformReply> {
  const headers: Record<string, string> = { accept: 'application/json', ...call.headers };
  if (call.bearer) headers.authorization = `Bearer ${call.bearer}`;
  let body: string | Uint8Array | FormData | undefined = call.body;
  if (call.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.json);
  } else if (call.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = call.form.toString();
  }
  let response: Response;
  let text: string;
  try {
    response = await fetch(call.url, {
      method: call.method,
      headers,
      body,
      signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS),
    });
    text = await response.text();
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError'
        ? `did not answer within ${PLATFORM_TIMEOUT_MS / 1000} s`
        : `could not be reached (${causeOf(error)})`;
    throw new ChannelError(platform, 'unavailable', `${platformName(platform)} ${reason}`);
  }
  const reply: PlatformReply = {
    status: response.status,
    headers: response.headers,
    text,
    body: parseJson(text),
  };
  if (response.status < 200 || response.status > 299) throw classify(reply);
  return reply;
}

function causeOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function platformName(platform: ChannelPlatform): string {
  return CHANNEL_PLATFORM_INFO[platform].name;
}

/**
 * The kind a status alone says: 429 throttled, 401 the token, 5xx the platform; anything else is the
 * platform refusing this request. Each adapter refines it with the platform's own codes.
 */
export function kindOfStatus(status: number): ChannelErrorKind {
  if (status === 429) return 'rate_limited';
  if (status === 401) return 'token_expired';
  if (status >= 500) return 'unavailable';
  return 'refused';
}

/** A ChannelError for `reply`, with the wait `retry-after` asks for when it is throttling. */
export function channelError(
  platform: ChannelPlatform,
  kind: ChannelErrorKind,
  reply: PlatformReply,
  message: string | undefined,
  retryAfter: number | undefined = retryAfterMs(reply.headers),
): ChannelError {
  return new ChannelError(
    platform,
    kind,
    message ?? `${platformName(platform)} answered HTTP ${reply.status}`,
    reply.status,
    kind === 'rate_limited' ? retryAfter : undefined,
  );
}

/** `retry-after` as delay-seconds or an HTTP date (RFC 9110, 10.2.3), in milliseconds from `now`. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The platform answered 2xx without what the call needs: treated as an outage, not a refusal. */
export function malformedReply(platform: ChannelPlatform, what: string): ChannelError {
  return new ChannelError(platform, 'unavailable', `${platformName(platform)} answered without ${what}`);
}

export function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export function records(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.map(record) : [];
}

export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Whether a post made at `time` (an ISO date-time, or epoch milliseconds) is at or after `since`.
 * Platforms keep whole seconds (Graph's `created_time`), so `since` counts from the start of its second.
 */
export function madeSince(time: unknown, since: Date): boolean {
  const at = typeof time === 'number' ? time : typeof time === 'string' ? Date.parse(time) : Number.NaN;
  return !Number.isNaN(at) && at >= Math.floor(since.getTime() / 1000) * 1000;
}
