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
import { type FakeGbpServer, googleFailures, startFakeGbpServer } from '../testing/fake-gbp-server';
import { fakeAppClient } from '../testing/fake-platform-kit';
import { gbpAdapter } from './gbp-adapter';

const app = fakeAppClient('google');
const LOCATION = 'accounts/1029384756/locations/5550001';

let fake: FakeGbpServer;
let endpoints: ChannelEndpoints;

beforeEach(async () => {
  fake = await startFakeGbpServer();
  endpoints = { originOverride: fake.origin };
});
afterEach(() => fake.close());

async function connectedLocation(): Promise<ConnectedAccount> {
  const tokens = await connect(gbpAdapter, app, endpoints);
  return { accountId: LOCATION, accessToken: tokens.accessToken };
}

describe('the GBP adapter: connecting', () => {
  it('sends the user to Google’s consent with PKCE, offline access and the business.manage scope', async () => {
    const { authorizeUrl, callback, state } = await consentRoundTrip(gbpAdapter, app, endpoints);
    expect(authorizeUrl.pathname).toBe('/o/oauth2/v2/auth');
    expect(Object.fromEntries(authorizeUrl.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: app.clientId,
      redirect_uri: REDIRECT_URI,
      scope: 'https://www.googleapis.com/auth/business.manage',
      code_challenge_method: 'S256',
      access_type: 'offline',
      prompt: 'consent',
    });
    expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.get('code')).toBeTruthy();
  });

  it('shows who the app will publish as on the consent page', async () => {
    const { authorizeUrl } = await consentRoundTrip(gbpAdapter, app, endpoints);
    const html = await (await fetch(authorizeUrl)).text();
    expect(html).toContain('LBM Studio wants to publish as Dana Reyes');
    expect(html).toContain('Harbor Dental – Westside');
  });

  it('comes back with error=access_denied when the user denies', async () => {
    const { callback, state } = await consentRoundTrip(gbpAdapter, app, endpoints, 'deny');
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.has('code')).toBe(false);
  });

  it('exchanges the code for tokens, the app authenticated with HTTP Basic', async () => {
    const before = Date.now();
    const tokens = await connect(gbpAdapter, app, endpoints);
    expect(tokens.accessToken).toMatch(/^ya29\./);
    expect(tokens.refreshToken).toBeTruthy();
    const expiresAt = Date.parse(tokens.expiresAt ?? '');
    expect(expiresAt).toBeGreaterThanOrEqual(before + 3599_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 3599_000);
    const [tokenRequest] = requestsTo(fake.requests, 'POST', '/token');
    const basic = Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64');
    expect(tokenRequest?.headers.authorization).toBe(`Basic ${basic}`);
    expect(new URLSearchParams(tokenRequest?.bodyText).has('client_secret')).toBe(false);
  });

  it('refuses a code exchanged with the wrong PKCE verifier, and takes the right one after', async () => {
    const { callback, codeVerifier } = await consentRoundTrip(gbpAdapter, app, endpoints);
    const code = callback.searchParams.get('code') ?? '';
    const error = await failureOf(
      exchangeCode(gbpAdapter, app, endpoints, REDIRECT_URI, code, `${codeVerifier}x`),
    );
    expect(errorFields(error)).toMatchObject({
      name: 'ChannelError',
      platform: 'gbp',
      kind: 'refused',
      message: 'Google Business Profile refused the authorization: Invalid code verifier.',
    });
    const tokens = await exchangeCode(gbpAdapter, app, endpoints, REDIRECT_URI, code, codeVerifier);
    expect(tokens.accessToken).toMatch(/^ya29\./);
  });

  it('refreshes, keeping the refresh token Google does not send again; a revoked one is token_expired', async () => {
    const tokens = await connect(gbpAdapter, app, endpoints);
    const refreshed = await refreshTokens(gbpAdapter, app, endpoints, tokens.refreshToken ?? '');
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).toBe(tokens.refreshToken);
    await gbpAdapter.listAccounts(refreshed.accessToken, endpoints);

    fake.revokeRefreshTokens();
    const error = await failureOf(refreshTokens(gbpAdapter, app, endpoints, tokens.refreshToken ?? ''));
    expect(errorFields(error)).toMatchObject({
      kind: 'token_expired',
      message: 'Google Business Profile refused the refresh: Token has been expired or revoked.',
    });
  });
});

describe('the GBP adapter: accounts and posts', () => {
  it('lists every location of every account, reading only name and title', async () => {
    const tokens = await connect(gbpAdapter, app, endpoints);
    expect(await gbpAdapter.listAccounts(tokens.accessToken, endpoints)).toEqual([
      { accountId: 'accounts/1029384756/locations/5550001', name: 'Harbor Dental – Downtown' },
      { accountId: 'accounts/1029384756/locations/5550002', name: 'Harbor Dental – Westside' },
    ]);
    const [accounts] = requestsTo(fake.requests, 'GET', '/v1/accounts');
    expect(accounts?.headers.authorization).toBe(`Bearer ${tokens.accessToken}`);
    const [locations] = requestsTo(fake.requests, 'GET', '/v1/accounts/1029384756/locations');
    expect(new URL(locations?.url ?? '', fake.origin).searchParams.get('readMask')).toBe('name,title');
  });

  it('follows nextPageToken through the locations', async () => {
    await fake.close();
    fake = await startFakeGbpServer({ maxPageSize: 1 });
    endpoints = { originOverride: fake.origin };
    const tokens = await connect(gbpAdapter, app, endpoints);
    const accounts = await gbpAdapter.listAccounts(tokens.accessToken, endpoints);
    expect(accounts.map((account) => account.name)).toEqual([
      'Harbor Dental – Downtown',
      'Harbor Dental – Westside',
    ]);
    expect(requestsTo(fake.requests, 'GET', '/v1/accounts/1029384756/locations')).toHaveLength(2);
  });

  it('publishes a standard text post as a LocalPost, its name the post id and its searchUrl the link', async () => {
    const account = await connectedLocation();
    const published = await gbpAdapter.publish(account, { text: 'Spring cleaning special!' }, endpoints);
    const [request] = requestsTo(fake.requests, 'POST', `/v4/${LOCATION}/localPosts`);
    expect(request?.body).toEqual({
      languageCode: 'en-US',
      summary: 'Spring cleaning special!',
      topicType: 'STANDARD',
    });
    expect(request?.headers.authorization).toBe(`Bearer ${account.accessToken}`);
    expect(published.postId).toBe(fake.posts[0]?.name);
    expect(published.postId).toMatch(new RegExp(`^${LOCATION}/localPosts/\\d+$`));
    expect(published.postUrl).toBe(fake.posts[0]?.searchUrl);
    const page = await (await fetch(published.postUrl)).text();
    expect(page).toContain('Spring cleaning special!');
  });

  it('publishes an offer with its dates, coupon, call to action and photo', async () => {
    const account = await connectedLocation();
    await gbpAdapter.publish(
      account,
      {
        text: '20% off whitening this May',
        image: TEST_IMAGE,
        gbp: {
          topicType: 'OFFER',
          event: { title: 'May whitening', startDate: '2026-05-01', endDate: '2026-05-31' },
          offer: { couponCode: 'SMILE20', termsConditions: 'New patients only' },
          callToAction: { actionType: 'BOOK', url: 'https://harbor.example.test/book' },
        },
      },
      endpoints,
    );
    expect(fake.posts[0]?.sent).toEqual({
      languageCode: 'en-US',
      summary: '20% off whitening this May',
      topicType: 'OFFER',
      event: {
        title: 'May whitening',
        schedule: { startDate: { year: 2026, month: 5, day: 1 }, endDate: { year: 2026, month: 5, day: 31 } },
      },
      offer: { couponCode: 'SMILE20', termsConditions: 'New patients only' },
      callToAction: { actionType: 'BOOK', url: 'https://harbor.example.test/book' },
      media: [{ mediaFormat: 'PHOTO', sourceUrl: TEST_IMAGE.url }],
    });
  });

  it('sends a CALL action without a URL: Google dials the location’s phone', async () => {
    const account = await connectedLocation();
    await gbpAdapter.publish(
      account,
      {
        text: 'Call us today',
        gbp: { topicType: 'STANDARD', callToAction: { actionType: 'CALL', url: 'x' } },
      },
      endpoints,
    );
    expect(fake.posts[0]?.sent.callToAction).toEqual({ actionType: 'CALL' });
  });

  it('finds a post by its text made since a time, and nothing before or for another text', async () => {
    const account = await connectedLocation();
    await gbpAdapter.publish(account, { text: 'Another post' }, endpoints);
    const published = await gbpAdapter.publish(account, { text: 'Lost answer' }, endpoints);
    const createdAt = Date.parse(fake.posts[1]?.createTime ?? '');
    const found = await gbpAdapter.findPost(account, 'Lost answer', new Date(createdAt - 60_000), endpoints);
    expect(found).toEqual(published);
    expect(
      await gbpAdapter.findPost(account, 'Never sent', new Date(createdAt - 60_000), endpoints),
    ).toBeNull();
    expect(
      await gbpAdapter.findPost(account, 'Lost answer', new Date(createdAt + 2000), endpoints),
    ).toBeNull();
  });

  it('deletes a post by its name; a second delete is refused with Google’s message', async () => {
    const account = await connectedLocation();
    const { postId } = await gbpAdapter.publish(account, { text: 'Short-lived' }, endpoints);
    await gbpAdapter.deletePost(account, postId, endpoints);
    expect(requestsTo(fake.requests, 'DELETE', `/v4/${postId}`)).toHaveLength(1);
    expect(fake.posts).toEqual([]);
    const error = await failureOf(gbpAdapter.deletePost(account, postId, endpoints));
    expect(errorFields(error)).toMatchObject({
      kind: 'refused',
      status: 404,
      message: 'Requested entity was not found.',
    });
  });
});

describe('the GBP adapter: failures', () => {
  it('takes an expired access token for token_expired', async () => {
    const account = await connectedLocation();
    fake.expireAccessTokens();
    const error = await failureOf(gbpAdapter.publish(account, { text: 'Hello' }, endpoints));
    expect(errorFields(error)).toMatchObject({ platform: 'gbp', kind: 'token_expired', status: 401 });
    expect((error as Error).message).toMatch(/^Request had invalid authentication credentials/);
  });

  it('takes 429 for rate_limited, waiting what retry-after says in seconds or as a date', async () => {
    const account = await connectedLocation();
    fake.failNext(googleFailures.rateLimited('30'));
    expect(
      errorFields(await failureOf(gbpAdapter.publish(account, { text: 'Hi' }, endpoints))),
    ).toMatchObject({
      kind: 'rate_limited',
      status: 429,
      retryAfterMs: 30_000,
    });
    const inTwoMinutes = new Date(Math.ceil(Date.now() / 1000) * 1000 + 120_000);
    fake.failNext(googleFailures.rateLimited(inTwoMinutes.toUTCString()));
    const { retryAfterMs } = errorFields(
      await failureOf(gbpAdapter.publish(account, { text: 'Hi' }, endpoints)),
    );
    expect(retryAfterMs).toBeGreaterThan(110_000);
    expect(retryAfterMs).toBeLessThanOrEqual(121_000);
  });

  it('takes 5xx and an unreachable host for unavailable', async () => {
    const account = await connectedLocation();
    fake.failNext(googleFailures.unavailable());
    expect(
      errorFields(await failureOf(gbpAdapter.publish(account, { text: 'Hi' }, endpoints))),
    ).toMatchObject({
      kind: 'unavailable',
      status: 503,
      message: 'The service is currently unavailable.',
    });
    await fake.close();
    const error = await failureOf(gbpAdapter.publish(account, { text: 'Hi' }, endpoints));
    expect(errorFields(error)).toMatchObject({ kind: 'unavailable', status: undefined });
    expect((error as Error).message).toMatch(/^Google Business Profile could not be reached/);
  });

  it('refuses with Google’s message and the field it names', async () => {
    const account = await connectedLocation();
    const error = await failureOf(gbpAdapter.publish(account, { text: 'x'.repeat(1501) }, endpoints));
    expect(errorFields(error)).toMatchObject({
      kind: 'refused',
      status: 400,
      message: 'Request contains an invalid argument. (summary: The summary is longer than 1500 characters)',
    });
    fake.failNext(googleFailures.invalidArgument('event.title', 'The title is too long'));
    expect(errorFields(await failureOf(gbpAdapter.publish(account, { text: 'x' }, endpoints))).message).toBe(
      'Request contains an invalid argument. (event.title: The title is too long)',
    );
  });

  it('refuses a location the user cannot manage, and a date that is not a calendar date', async () => {
    const tokens = await connect(gbpAdapter, app, endpoints);
    const stranger = { accountId: 'accounts/1/locations/2', accessToken: tokens.accessToken };
    expect(
      errorFields(await failureOf(gbpAdapter.publish(stranger, { text: 'Hi' }, endpoints))),
    ).toMatchObject({
      kind: 'refused',
      status: 403,
      message: 'The caller does not have permission',
    });
    const post = {
      text: 'Open house',
      gbp: {
        topicType: 'EVENT' as const,
        event: { title: 'Open house', startDate: 'May 1', endDate: '2026-05-02' },
      },
    };
    const error = await failureOf(gbpAdapter.publish({ ...stranger, accountId: LOCATION }, post, endpoints));
    expect(errorFields(error)).toMatchObject({ kind: 'refused', platform: 'gbp' });
    expect(fake.posts).toEqual([]);
  });
});
