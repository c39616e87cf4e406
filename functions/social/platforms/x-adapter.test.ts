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
import { fakeAppClient } from '../testing/fake-platform-kit';
import { DEFAULT_X_USER, type FakeXServer, startFakeXServer, xFailures } from '../testing/fake-x-server';
import { sameTweetText, xAdapter } from './x-adapter';

const app = fakeAppClient('x');

let fake: FakeXServer;
let endpoints: ChannelEndpoints;

beforeEach(async () => {
  fake = await startFakeXServer();
  endpoints = { originOverride: fake.origin };
});
afterEach(() => fake.close());

async function connectedUser(): Promise<ConnectedAccount> {
  const tokens = await connect(xAdapter, app, endpoints);
  return { accountId: DEFAULT_X_USER.id, accessToken: tokens.accessToken };
}

describe('the X adapter: connecting', () => {
  it('asks for the posting scopes and offline.access with PKCE; the token request is HTTP Basic', async () => {
    const { authorizeUrl, callback, state } = await consentRoundTrip(xAdapter, app, endpoints);
    expect(authorizeUrl.pathname).toBe('/i/oauth2/authorize');
    expect(authorizeUrl.searchParams.get('scope')).toBe(
      'tweet.read tweet.write users.read media.write offline.access',
    );
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(callback.searchParams.get('state')).toBe(state);
    const tokens = await connect(xAdapter, app, endpoints);
    expect(tokens.refreshToken).toBeTruthy();
    const [tokenRequest] = requestsTo(fake.requests, 'POST', '/2/oauth2/token');
    expect(tokenRequest?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64')}`,
    );
  });

  it('refuses the wrong PKCE verifier', async () => {
    const { callback } = await consentRoundTrip(xAdapter, app, endpoints);
    const code = callback.searchParams.get('code') ?? '';
    const error = await failureOf(exchangeCode(xAdapter, app, endpoints, REDIRECT_URI, code, 'guess'));
    expect(errorFields(error)).toMatchObject({
      platform: 'x',
      kind: 'refused',
      message: 'X refused the authorization: Value passed for the token was invalid.',
    });
  });

  it('refreshes into a new refresh token; the spent one, like a revoked one, is token_expired', async () => {
    const tokens = await connect(xAdapter, app, endpoints);
    const refreshed = await refreshTokens(xAdapter, app, endpoints, tokens.refreshToken ?? '');
    expect(refreshed.refreshToken).toBeTruthy();
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
    const spent = await failureOf(refreshTokens(xAdapter, app, endpoints, tokens.refreshToken ?? ''));
    expect(errorFields(spent)).toMatchObject({
      kind: 'token_expired',
      message: 'X refused the refresh: Value passed for the token was invalid.',
    });
    fake.revokeRefreshTokens();
    const revoked = await failureOf(refreshTokens(xAdapter, app, endpoints, refreshed.refreshToken ?? ''));
    expect(errorFields(revoked)).toMatchObject({ kind: 'token_expired' });
  });
});

describe('the X adapter: the account and posts', () => {
  it('lists the signed-in user as the one account', async () => {
    const tokens = await connect(xAdapter, app, endpoints);
    expect(await xAdapter.listAccounts(tokens.accessToken, endpoints)).toEqual([
      { accountId: DEFAULT_X_USER.id, name: '@harbordental' },
    ]);
    expect(requestsTo(fake.requests, 'GET', '/2/users/me')[0]?.headers.authorization).toBe(
      `Bearer ${tokens.accessToken}`,
    );
  });

  it('posts text as JSON and links the post', async () => {
    const account = await connectedUser();
    const published = await xAdapter.publish(account, { text: 'Smile & floss' }, endpoints);
    const [request] = requestsTo(fake.requests, 'POST', '/2/tweets');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body).toEqual({ text: 'Smile & floss' });
    expect(published).toEqual({
      postId: fake.posts[0]?.id,
      postUrl: `${fake.origin}/i/web/status/${fake.posts[0]?.id}`,
    });
    expect(await (await fetch(published.postUrl)).text()).toContain('Smile &amp; floss');
  });

  it('uploads an image as multipart with media_category tweet_image, then names its media id', async () => {
    const account = await connectedUser();
    await xAdapter.publish(account, { text: 'New chairs', image: TEST_IMAGE }, endpoints);
    const [upload] = requestsTo(fake.requests, 'POST', '/2/media/upload');
    expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload?.bodyText).toContain('name="media_category"\r\n\r\ntweet_image');
    expect(upload?.bodyText).toMatch(
      /name="media"; filename="image"\r\nContent-Type: image\/png\r\n\r\n.PNG/,
    );
    expect(fake.media).toEqual([
      {
        id: expect.any(String),
        ownerId: DEFAULT_X_USER.id,
        category: 'tweet_image',
        contentType: 'image/png',
      },
    ]);
    const [tweet] = requestsTo(fake.requests, 'POST', '/2/tweets');
    expect(tweet?.body).toEqual({ text: 'New chairs', media: { media_ids: [fake.media[0]?.id] } });
  });

  it('finds a post though X shows its links as t.co and its ampersands as entities', async () => {
    const account = await connectedUser();
    const text = 'Book now & save: https://harbor.example.test/book';
    const published = await xAdapter.publish(account, { text, image: TEST_IMAGE }, endpoints);
    expect(fake.posts[0]?.shownText).not.toBe(text);
    const createdAt = fake.posts[0]?.createdAt ?? 0;
    expect(await xAdapter.findPost(account, text, new Date(createdAt - 60_000), endpoints)).toEqual(
      published,
    );
    const [timeline] = requestsTo(fake.requests, 'GET', `/2/users/${DEFAULT_X_USER.id}/tweets`);
    const query = new URL(timeline?.url ?? '', fake.origin).searchParams;
    expect(query.get('start_time')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(query.get('tweet.fields')).toBe('created_at');
    expect(await xAdapter.findPost(account, 'Book now', new Date(createdAt - 60_000), endpoints)).toBeNull();
    expect(await xAdapter.findPost(account, text, new Date(createdAt + 2000), endpoints)).toBeNull();
  });

  it('compares texts as X shows them', () => {
    expect(sameTweetText('a & b <c>', 'a &amp; b &lt;c&gt;')).toBe(true);
    expect(sameTweetText('see https://x.example/a', 'see https://t.co/abc https://t.co/media')).toBe(true);
    expect(sameTweetText('see', 'see more')).toBe(false);
    expect(sameTweetText('see https://x.example/a', 'see')).toBe(false);
  });

  it('deletes a post', async () => {
    const account = await connectedUser();
    const { postId } = await xAdapter.publish(account, { text: 'Bye' }, endpoints);
    await xAdapter.deletePost(account, postId, endpoints);
    expect(requestsTo(fake.requests, 'DELETE', `/2/tweets/${postId}`)).toHaveLength(1);
    expect(fake.posts).toEqual([]);
    expect(errorFields(await failureOf(xAdapter.deletePost(account, postId, endpoints)))).toMatchObject({
      kind: 'refused',
      status: 404,
    });
  });
});

describe('the X adapter: failures', () => {
  it('takes 401 for token_expired', async () => {
    const account = await connectedUser();
    fake.expireAccessTokens();
    expect(errorFields(await failureOf(xAdapter.publish(account, { text: 'Hi' }, endpoints)))).toMatchObject({
      kind: 'token_expired',
      status: 401,
      message: 'Unauthorized',
    });
  });

  it('takes 429 for rate_limited, waiting what retry-after or else x-rate-limit-reset says', async () => {
    const account = await connectedUser();
    fake.failNext(xFailures.rateLimited({ retryAfter: '20', resetInSeconds: 900 }));
    expect(errorFields(await failureOf(xAdapter.publish(account, { text: 'Hi' }, endpoints)))).toMatchObject({
      kind: 'rate_limited',
      status: 429,
      retryAfterMs: 20_000,
    });
    fake.failNext(xFailures.rateLimited({ resetInSeconds: 600 }));
    const { retryAfterMs } = errorFields(
      await failureOf(xAdapter.publish(account, { text: 'Hi' }, endpoints)),
    );
    expect(retryAfterMs).toBeGreaterThan(590_000);
    expect(retryAfterMs).toBeLessThanOrEqual(601_000);
  });

  it('takes 5xx for unavailable, also when the upload fails and nothing was posted', async () => {
    const account = await connectedUser();
    fake.failNext(xFailures.unavailable(), { path: '/2/media/upload' });
    expect(
      errorFields(await failureOf(xAdapter.publish(account, { text: 'Hi', image: TEST_IMAGE }, endpoints))),
    ).toMatchObject({ kind: 'unavailable', status: 503, message: 'Service Unavailable' });
    expect(requestsTo(fake.requests, 'POST', '/2/tweets')).toEqual([]);
  });

  it('refuses a text too long by X’s weighted count with X’s own message', async () => {
    const account = await connectedUser();
    // 140 CJK characters weigh 280: one more is over.
    const error = await failureOf(xAdapter.publish(account, { text: '歯'.repeat(141) }, endpoints));
    expect(errorFields(error)).toMatchObject({ kind: 'refused', status: 400 });
    expect((error as Error).message).toMatch(/^Your Tweet text is too long\./);
    await xAdapter.publish(account, { text: '歯'.repeat(140) }, endpoints);
  });

  it('refuses a duplicate with X’s detail', async () => {
    const account = await connectedUser();
    await xAdapter.publish(account, { text: 'Same again' }, endpoints);
    expect(
      errorFields(await failureOf(xAdapter.publish(account, { text: 'Same again' }, endpoints))),
    ).toMatchObject({
      kind: 'refused',
      status: 403,
      message: 'You are not allowed to create a Tweet with duplicate content.',
    });
  });
});
