import { type RecordedRequest, TINY_PNG } from '#functions/providers/testing/fake-http-server';
import { authorizationUrl, exchangeCode, generateCodeVerifier, generateState } from '../channel-oauth';
import type {
  ChannelAdapter,
  ChannelAppCredentials,
  ChannelEndpoints,
  ChannelError,
  ChannelImage,
  OAuthTokens,
} from '../channel-port';
import { followConsent, pathOf } from './fake-platform-kit';

/** Helpers the adapters' tests share (no test-runner imports: assertions stay in the tests). */

export const REDIRECT_URI = 'http://127.0.0.1:5173/api/channels/callback';

export interface ConsentRoundTrip {
  readonly authorizeUrl: URL;
  /** Where the consent's Allow sent the user back. */
  readonly callback: URL;
  readonly codeVerifier: string;
  readonly state: string;
}

/** Authorize URL, the fake's consent page, Allow: the callback with its code, as a browser would see it. */
export async function consentRoundTrip(
  adapter: ChannelAdapter,
  app: ChannelAppCredentials,
  endpoints: ChannelEndpoints,
  decision: 'allow' | 'deny' = 'allow',
): Promise<ConsentRoundTrip> {
  const codeVerifier = generateCodeVerifier();
  const state = generateState();
  const authorizeUrl = authorizationUrl(adapter, app, endpoints, REDIRECT_URI, state, codeVerifier);
  const callback = await followConsent(authorizeUrl, decision);
  return { authorizeUrl, callback, codeVerifier, state };
}

/** A whole connect: consent, then the code exchanged for the tokens to keep. */
export async function connect(
  adapter: ChannelAdapter,
  app: ChannelAppCredentials,
  endpoints: ChannelEndpoints,
): Promise<OAuthTokens> {
  const { callback, codeVerifier } = await consentRoundTrip(adapter, app, endpoints);
  return exchangeCode(
    adapter,
    app,
    endpoints,
    REDIRECT_URI,
    callback.searchParams.get('code') ?? '',
    codeVerifier,
  );
}

/** The error a call ends with; a call that succeeds fails the test through the thrown Error. */
export async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

export function errorFields(error: unknown) {
  const { name, platform, kind, message, status, retryAfterMs } = error as ChannelError;
  return { name, platform, kind, message, status, retryAfterMs };
}

/** The requests a fake received for one method and path, in order. */
export function requestsTo(
  requests: readonly RecordedRequest[],
  method: string,
  path: string | RegExp,
): RecordedRequest[] {
  return requests.filter(
    (request) =>
      request.method === method &&
      (typeof path === 'string' ? pathOf(request) === path : path.test(pathOf(request))),
  );
}

/** A 1×1 PNG as publishing takes an image: a URL the platform fetches (never fetched here) and the bytes. */
export const TEST_IMAGE: ChannelImage = {
  url: 'https://media.example.test/clients/harbor/cleaning.png',
  bytes: TINY_PNG,
  contentType: 'image/png',
};
