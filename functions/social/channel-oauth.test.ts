import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeServer, sendJson, startFakeServer } from '#functions/providers/testing/fake-http-server';
import { CHANNEL_PLATFORM_INFO, CHANNEL_PLATFORMS } from '#shared/channels';
import {
  authorizationUrl,
  exchangeCode,
  generateCodeVerifier,
  generateState,
  refreshTokens,
} from './channel-oauth';
import type { ChannelEndpoints } from './channel-port';
import { CHANNEL_ADAPTERS } from './platforms/adapters';
import { gbpAdapter } from './platforms/gbp-adapter';
import { linkedinAdapter } from './platforms/linkedin-adapter';
import { xAdapter } from './platforms/x-adapter';
import { connect, consentRoundTrip, errorFields, failureOf, REDIRECT_URI } from './testing/channel-test-kit';
import { type FakeChannelPlatforms, startFakeChannelPlatforms } from './testing/fake-channel-platforms';

describe('authorizationUrl', () => {
  const app = { clientId: 'client-1', clientSecret: 'secret-1' };
  const endpoints: ChannelEndpoints = { originOverride: 'http://127.0.0.1:9' };

  it('carries the S256 challenge of the verifier, the state, the scopes and the adapter’s extra parameters', () => {
    const verifier = generateCodeVerifier();
    const state = generateState();
    const url = authorizationUrl(gbpAdapter, app, endpoints, REDIRECT_URI, state, verifier);
    expect(url.origin).toBe('http://127.0.0.1:9');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'client-1',
      redirect_uri: REDIRECT_URI,
      state,
      code_challenge_method: 'S256',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      scope: 'https://www.googleapis.com/auth/business.manage',
      access_type: 'offline',
      prompt: 'consent',
    });
  });

  it('uses the real hosts when nothing overrides them', () => {
    const url = (platform: (typeof CHANNEL_PLATFORMS)[number]) =>
      authorizationUrl(CHANNEL_ADAPTERS[platform], app, {}, REDIRECT_URI, 's', generateCodeVerifier());
    expect(CHANNEL_PLATFORMS.map((platform) => `${url(platform).origin}${url(platform).pathname}`)).toEqual([
      'https://accounts.google.com/o/oauth2/v2/auth',
      'https://www.facebook.com/v21.0/dialog/oauth',
      'https://www.facebook.com/v21.0/dialog/oauth',
      'https://www.linkedin.com/oauth/v2/authorization',
      'https://x.com/i/oauth2/authorize',
    ]);
    expect(url('x').searchParams.has('access_type')).toBe(false);
  });
});

describe('every adapter against the fake platforms together', () => {
  let platforms: FakeChannelPlatforms;
  beforeAll(async () => {
    platforms = await startFakeChannelPlatforms();
  });
  afterAll(() => platforms.close());

  it.each(CHANNEL_PLATFORMS)(
    '%s connects through its consent page and lists its accounts',
    async (platform) => {
      const adapter = CHANNEL_ADAPTERS[platform];
      expect(adapter.platform).toBe(platform);
      expect(adapter.app).toBe(CHANNEL_PLATFORM_INFO[platform].app);
      const endpoints = platforms.endpoints[platform];
      const tokens = await connect(adapter, platforms.credentials[adapter.app], endpoints);
      const accounts = await adapter.listAccounts(tokens.accessToken, endpoints);
      expect(accounts.length).toBeGreaterThan(0);
      const [account] = accounts;
      const connected = {
        accountId: account?.accountId ?? '',
        accessToken: account?.accountToken ?? tokens.accessToken,
      };
      const post = {
        text: `Hello from ${platform}`,
        image: {
          url: 'https://media.example.test/a.png',
          bytes: new Uint8Array([1]),
          contentType: 'image/png',
        },
      };
      const published = await adapter.publish(connected, post, endpoints);
      expect(published.postUrl.startsWith(platforms.origins[platform])).toBe(true);
    },
  );

  it('shares one Meta origin between Facebook and Instagram and accepts the credentials it names', () => {
    expect(platforms.origins.facebook).toBe(platforms.origins.instagram);
    expect(new Set(Object.values(platforms.origins)).size).toBe(4);
    expect(platforms.credentials.meta.clientId).toBe('lbm-studio-meta-client');
  });

  it('refuses an app whose secret is wrong', async () => {
    const app = { ...platforms.credentials.linkedin, clientSecret: 'wrong' };
    const { callback, codeVerifier } = await consentRoundTrip(
      linkedinAdapter,
      app,
      platforms.endpoints.linkedin,
    );
    const code = callback.searchParams.get('code') ?? '';
    const error = await failureOf(
      exchangeCode(linkedinAdapter, app, platforms.endpoints.linkedin, REDIRECT_URI, code, codeVerifier),
    );
    expect(errorFields(error)).toMatchObject({
      kind: 'refused',
      message: 'LinkedIn refused the authorization: Client authentication failed',
    });
  });
});

describe('a token endpoint’s odd answers', () => {
  let reply: { status: number; body: unknown };
  let server: FakeServer;
  let endpoints: ChannelEndpoints;
  const app = { clientId: 'client-1', clientSecret: 'secret-1' };

  beforeEach(async () => {
    reply = { status: 200, body: {} };
    server = await startFakeServer((_request, response) => sendJson(response, reply.status, reply.body));
    endpoints = { originOverride: server.origin };
  });
  afterEach(() => server.close());

  // X's credentials go as HTTP Basic through arctic; LinkedIn's in a form posted here: answered alike.
  describe.each([
    ['HTTP Basic', xAdapter],
    ['the form', linkedinAdapter],
  ])('with the credentials as %s', (_how, adapter) => {
    it('keeps an expires_in sent as a string, and the old refresh token when none comes back', async () => {
      reply = { status: 200, body: { access_token: 'new-access', token_type: 'bearer', expires_in: '3600' } };
      const before = Date.now();
      const tokens = await refreshTokens(adapter, app, endpoints, 'old-refresh');
      expect(tokens).toMatchObject({ accessToken: 'new-access', refreshToken: 'old-refresh' });
      expect(Date.parse(tokens.expiresAt ?? '')).toBeGreaterThanOrEqual(before + 3_600_000);
      const [request] = server.requests;
      expect(Object.fromEntries(new URLSearchParams(request?.bodyText))).toMatchObject({
        grant_type: 'refresh_token',
        refresh_token: 'old-refresh',
      });
    });

    it('takes 5xx for unavailable and 429 for rate_limited', async () => {
      reply = { status: 503, body: { error: 'temporarily_unavailable' } };
      expect(errorFields(await failureOf(refreshTokens(adapter, app, endpoints, 'r')))).toMatchObject({
        kind: 'unavailable',
        status: 503,
      });
      reply = { status: 429, body: {} };
      expect(errorFields(await failureOf(refreshTokens(adapter, app, endpoints, 'r')))).toMatchObject({
        kind: 'rate_limited',
      });
    });

    it('takes an answer without an access token for unavailable', async () => {
      reply = { status: 200, body: { token_type: 'bearer' } };
      expect(errorFields(await failureOf(refreshTokens(adapter, app, endpoints, 'r')))).toMatchObject({
        kind: 'unavailable',
      });
    });

    it('takes invalid_grant on a refresh for token_expired, but invalid_client for refused', async () => {
      reply = { status: 400, body: { error: 'invalid_grant', error_description: 'Token has been revoked.' } };
      expect(errorFields(await failureOf(refreshTokens(adapter, app, endpoints, 'r')))).toMatchObject({
        kind: 'token_expired',
      });
      reply = { status: 401, body: { error: 'invalid_client' } };
      expect(errorFields(await failureOf(refreshTokens(adapter, app, endpoints, 'r')))).toMatchObject({
        kind: 'refused',
      });
    });

    it('takes an unreachable token endpoint for unavailable', async () => {
      await server.close();
      expect(errorFields(await failureOf(refreshTokens(adapter, app, endpoints, 'r')))).toMatchObject({
        kind: 'unavailable',
      });
    });
  });
});
