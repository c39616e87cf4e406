import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exchangeCode, refreshTokens } from '../channel-oauth';
import type { ChannelEndpoints, ConnectedAccount } from '../channel-port';
import {
  connect,
  consentRoundTrip,
  errorFields,
  failureOf,
  REDIRECT_URI,
  requestsTo,
  TEST_IMAGE,
} from '../testing/channel-test-kit';
import { type FakeMetaServer, graphFailures, startFakeMetaServer } from '../testing/fake-meta-server';
import { fakeAppClient } from '../testing/fake-platform-kit';
import { facebookAdapter } from './facebook-adapter';

const app = fakeAppClient('meta');
const PAGE = '104000000000001';

let fake: FakeMetaServer;
let endpoints: ChannelEndpoints;

beforeEach(async () => {
  fake = await startFakeMetaServer();
  endpoints = { originOverride: fake.origin };
});
afterEach(() => fake.close());

/** Connected as the first Page, with the Page token listAccounts handed over. */
async function connectedPage(): Promise<ConnectedAccount> {
  const tokens = await connect(facebookAdapter, app, endpoints);
  const accounts = await facebookAdapter.listAccounts(tokens.accessToken, endpoints);
  const page = accounts.find((account) => account.accountId === PAGE);
  return { accountId: PAGE, accessToken: page?.accountToken ?? '' };
}

function form(bodyText: string | undefined): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(bodyText));
}

describe('the Facebook adapter: connecting', () => {
  it('asks Facebook Login for the Page scopes with PKCE', async () => {
    const { authorizeUrl, callback, state } = await consentRoundTrip(facebookAdapter, app, endpoints);
    expect(authorizeUrl.pathname).toBe('/v21.0/dialog/oauth');
    expect(Object.fromEntries(authorizeUrl.searchParams)).toMatchObject({
      client_id: app.clientId,
      redirect_uri: REDIRECT_URI,
      scope: 'pages_show_list pages_manage_posts pages_read_engagement',
      code_challenge_method: 'S256',
    });
    expect(callback.searchParams.get('state')).toBe(state);
  });

  it('exchanges the code with the secret in the form, then swaps for a long-lived user token', async () => {
    const before = Date.now();
    const tokens = await connect(facebookAdapter, app, endpoints);
    const [code, exchange] = requestsTo(fake.requests, 'POST', '/v21.0/oauth/access_token').concat(
      requestsTo(fake.requests, 'GET', '/v21.0/oauth/access_token'),
    );
    expect(code?.headers.authorization).toBeUndefined();
    expect(form(code?.bodyText)).toMatchObject({
      grant_type: 'authorization_code',
      client_id: app.clientId,
      client_secret: app.clientSecret,
      redirect_uri: REDIRECT_URI,
    });
    const exchanged = new URL(exchange?.url ?? '', fake.origin).searchParams;
    expect(exchanged.get('grant_type')).toBe('fb_exchange_token');
    expect(exchanged.get('client_secret')).toBe(app.clientSecret);
    // Meta issues no refresh token: a dead long-lived token means reconnecting.
    expect(tokens.refreshToken).toBeUndefined();
    expect(Date.parse(tokens.expiresAt ?? '')).toBeGreaterThanOrEqual(before + 5_184_000_000);
    expect(tokens.accessToken).not.toBe(exchanged.get('fb_exchange_token'));
  });

  it('refuses the wrong PKCE verifier with Graph’s message', async () => {
    const { callback, codeVerifier } = await consentRoundTrip(facebookAdapter, app, endpoints);
    const code = callback.searchParams.get('code') ?? '';
    const error = await failureOf(exchangeCode(facebookAdapter, app, endpoints, REDIRECT_URI, code, 'wrong'));
    expect(errorFields(error)).toMatchObject({
      platform: 'facebook',
      kind: 'refused',
      message: 'Facebook refused the authorization: Invalid code verifier.',
    });
    expect(
      (await exchangeCode(facebookAdapter, app, endpoints, REDIRECT_URI, code, codeVerifier)).accessToken,
    ).toBeTruthy();
  });

  it('has no refresh: Graph refuses the grant, which means reconnecting', async () => {
    const error = await failureOf(refreshTokens(facebookAdapter, app, endpoints, 'anything'));
    expect(errorFields(error)).toMatchObject({
      kind: 'token_expired',
      message: 'Facebook refused the refresh: Unsupported grant_type',
    });
  });
});

describe('the Facebook adapter: Pages and posts', () => {
  it('lists the user’s Pages with each Page’s own token', async () => {
    const tokens = await connect(facebookAdapter, app, endpoints);
    const accounts = await facebookAdapter.listAccounts(tokens.accessToken, endpoints);
    expect(accounts.map(({ accountId, name }) => ({ accountId, name }))).toEqual([
      { accountId: '104000000000001', name: 'Harbor Dental' },
      { accountId: '104000000000002', name: 'Harbor Dental Westside' },
    ]);
    expect(
      accounts.every((account) => account.accountToken && account.accountToken !== tokens.accessToken),
    ).toBe(true);
    const [request] = requestsTo(fake.requests, 'GET', '/v21.0/me/accounts');
    const query = new URL(request?.url ?? '', fake.origin).searchParams;
    expect(query.get('fields')).toBe('id,name,access_token');
    expect(query.get('access_token')).toBe(tokens.accessToken);
  });

  it('publishes text to the Page’s feed with the Page token', async () => {
    const account = await connectedPage();
    const published = await facebookAdapter.publish(account, { text: 'Open Saturday 9–1' }, endpoints);
    const [request] = requestsTo(fake.requests, 'POST', `/v21.0/${PAGE}/feed`);
    expect(form(request?.bodyText)).toEqual({
      message: 'Open Saturday 9–1',
      access_token: account.accessToken,
    });
    expect(published.postId).toMatch(new RegExp(`^${PAGE}_\\d+$`));
    expect(published.postUrl).toBe(`${fake.origin}/${published.postId}`);
    expect(await (await fetch(published.postUrl)).text()).toContain('Open Saturday 9–1');
  });

  it('publishes an image as a Page photo, answering the photo’s feed post id', async () => {
    const account = await connectedPage();
    const published = await facebookAdapter.publish(
      account,
      { text: 'Our new lobby', image: TEST_IMAGE },
      endpoints,
    );
    const [request] = requestsTo(fake.requests, 'POST', `/v21.0/${PAGE}/photos`);
    expect(form(request?.bodyText)).toEqual({
      url: TEST_IMAGE.url,
      caption: 'Our new lobby',
      access_token: account.accessToken,
    });
    expect(published.postId).toBe(fake.posts[0]?.id);
    expect(fake.posts[0]).toMatchObject({ text: 'Our new lobby', imageUrl: TEST_IMAGE.url });
  });

  it('finds a post by its message since a time', async () => {
    const account = await connectedPage();
    const published = await facebookAdapter.publish(account, { text: 'Lost answer' }, endpoints);
    const createdAt = fake.posts[0]?.createdAt ?? 0;
    const found = await facebookAdapter.findPost(
      account,
      'Lost answer',
      new Date(createdAt - 60_000),
      endpoints,
    );
    expect(found).toEqual({ postId: published.postId, postUrl: published.postUrl });
    const [request] = requestsTo(fake.requests, 'GET', `/v21.0/${PAGE}/feed`);
    expect(new URL(request?.url ?? '', fake.origin).searchParams.get('fields')).toBe(
      'id,message,created_time,permalink_url',
    );
    expect(
      await facebookAdapter.findPost(account, 'Other text', new Date(createdAt - 60_000), endpoints),
    ).toBeNull();
    expect(
      await facebookAdapter.findPost(account, 'Lost answer', new Date(createdAt + 2000), endpoints),
    ).toBeNull();
  });

  it('deletes a post; deleting it again is refused with Graph’s message', async () => {
    const account = await connectedPage();
    const { postId } = await facebookAdapter.publish(account, { text: 'Oops' }, endpoints);
    await facebookAdapter.deletePost(account, postId, endpoints);
    expect(requestsTo(fake.requests, 'DELETE', `/v21.0/${postId}`)).toHaveLength(1);
    expect(fake.posts).toEqual([]);
    const error = await failureOf(facebookAdapter.deletePost(account, postId, endpoints));
    expect(errorFields(error)).toMatchObject({ kind: 'refused', status: 400 });
    expect((error as Error).message).toMatch(/^Unsupported delete request/);
  });
});

describe('the Facebook adapter: failures', () => {
  it('takes code 190 (an expired token) for token_expired', async () => {
    const account = await connectedPage();
    fake.expireAccessTokens();
    const error = await failureOf(facebookAdapter.publish(account, { text: 'Hi' }, endpoints));
    expect(errorFields(error)).toMatchObject({ kind: 'token_expired', status: 400 });
    expect((error as Error).message).toMatch(/^Error validating access token: Session has expired/);
  });

  it('takes HTTP 429 with retry-after, and code 32 with HTTP 400, for rate_limited', async () => {
    const account = await connectedPage();
    fake.failNext(graphFailures.rateLimited('45'));
    expect(
      errorFields(await failureOf(facebookAdapter.publish(account, { text: 'Hi' }, endpoints))),
    ).toMatchObject({
      kind: 'rate_limited',
      status: 429,
      retryAfterMs: 45_000,
      message: '(#4) Application request limit reached',
    });
    fake.failNext(graphFailures.pageRateLimited());
    expect(
      errorFields(await failureOf(facebookAdapter.publish(account, { text: 'Hi' }, endpoints))),
    ).toMatchObject({
      kind: 'rate_limited',
      status: 400,
      retryAfterMs: undefined,
    });
  });

  it('takes 5xx for unavailable', async () => {
    const account = await connectedPage();
    fake.failNext(graphFailures.unavailable());
    expect(
      errorFields(await failureOf(facebookAdapter.publish(account, { text: 'Hi' }, endpoints))),
    ).toMatchObject({
      kind: 'unavailable',
      status: 500,
    });
  });

  it('refuses with Graph’s message for an invalid parameter (code 100)', async () => {
    const account = await connectedPage();
    fake.failNext(graphFailures.invalidParameter('Message is too long'));
    expect(
      errorFields(await failureOf(facebookAdapter.publish(account, { text: 'Hi' }, endpoints))),
    ).toMatchObject({
      kind: 'refused',
      status: 400,
      message: '(#100) Message is too long',
    });
    expect(fake.posts).toEqual([]);
  });

  it('refuses posting to a Page with the user’s token instead of the Page’s', async () => {
    const tokens = await connect(facebookAdapter, app, endpoints);
    const error = await failureOf(
      facebookAdapter.publish(
        { accountId: PAGE, accessToken: tokens.accessToken },
        { text: 'Hi' },
        endpoints,
      ),
    );
    expect(errorFields(error)).toMatchObject({ kind: 'refused', status: 403 });
    expect((error as Error).message).toMatch(/^\(#200\)/);
  });
});
