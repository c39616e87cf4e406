import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exchangeCode } from '../channel-oauth';
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
import { instagramAdapter } from './instagram-adapter';

const app = fakeAppClient('meta');
const INSTAGRAM = '17841400000000001';

let fake: FakeMetaServer;
let endpoints: ChannelEndpoints;

beforeEach(async () => {
  fake = await startFakeMetaServer();
  endpoints = { originOverride: fake.origin };
});
afterEach(() => fake.close());

async function connectedInstagram(): Promise<ConnectedAccount> {
  const tokens = await connect(instagramAdapter, app, endpoints);
  const [account] = await instagramAdapter.listAccounts(tokens.accessToken, endpoints);
  return { accountId: account?.accountId ?? '', accessToken: account?.accountToken ?? '' };
}

function form(bodyText: string | undefined): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(bodyText));
}

describe('the Instagram adapter: connecting', () => {
  it('asks Meta for the Page scopes and Instagram’s, with PKCE, and keeps a long-lived token', async () => {
    const { authorizeUrl } = await consentRoundTrip(instagramAdapter, app, endpoints);
    expect(authorizeUrl.searchParams.get('scope')).toBe(
      'pages_show_list pages_manage_posts pages_read_engagement instagram_basic instagram_content_publish',
    );
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    const tokens = await connect(instagramAdapter, app, endpoints);
    expect(requestsTo(fake.requests, 'GET', '/v21.0/oauth/access_token')).toHaveLength(1);
    expect(tokens.refreshToken).toBeUndefined();
    expect(tokens.expiresAt).toBeTruthy();
  });

  it('refuses the wrong PKCE verifier', async () => {
    const { callback } = await consentRoundTrip(instagramAdapter, app, endpoints);
    const code = callback.searchParams.get('code') ?? '';
    const error = await failureOf(
      exchangeCode(instagramAdapter, app, endpoints, REDIRECT_URI, code, 'not-it'),
    );
    expect(errorFields(error)).toMatchObject({ platform: 'instagram', kind: 'refused' });
  });
});

describe('the Instagram adapter: accounts and posts', () => {
  it('lists only the Pages with an Instagram account, as @username with the Page’s token', async () => {
    const tokens = await connect(instagramAdapter, app, endpoints);
    const accounts = await instagramAdapter.listAccounts(tokens.accessToken, endpoints);
    expect(accounts.map(({ accountId, name }) => ({ accountId, name }))).toEqual([
      { accountId: INSTAGRAM, name: '@harbordental' },
    ]);
    expect(accounts[0]?.accountToken).toBeTruthy();
    const [request] = requestsTo(fake.requests, 'GET', '/v21.0/me/accounts');
    expect(new URL(request?.url ?? '', fake.origin).searchParams.get('fields')).toBe(
      'id,name,access_token,instagram_business_account{id,username}',
    );
  });

  it('publishes an image in two steps, a container then media_publish, and links the permalink', async () => {
    const account = await connectedInstagram();
    const published = await instagramAdapter.publish(
      account,
      { text: 'Smile!', image: TEST_IMAGE },
      endpoints,
    );
    const [container] = requestsTo(fake.requests, 'POST', `/v21.0/${INSTAGRAM}/media`);
    expect(form(container?.bodyText)).toEqual({
      image_url: TEST_IMAGE.url,
      caption: 'Smile!',
      access_token: account.accessToken,
    });
    const [publish] = requestsTo(fake.requests, 'POST', `/v21.0/${INSTAGRAM}/media_publish`);
    expect(form(publish?.bodyText).creation_id).toMatch(/^\d+$/);
    expect(published).toEqual({ postId: fake.posts[0]?.id, postUrl: fake.posts[0]?.permalink });
    expect(await (await fetch(published.postUrl)).text()).toContain('@harbordental');
  });

  it('refuses a post without an image before calling Instagram', async () => {
    const account = await connectedInstagram();
    const sent = fake.requests.length;
    const error = await failureOf(instagramAdapter.publish(account, { text: 'Words only' }, endpoints));
    expect(errorFields(error)).toMatchObject({ kind: 'refused', message: 'Instagram posts need an image' });
    expect(fake.requests).toHaveLength(sent);
  });

  it('still answers the post when its permalink cannot be read: it is out, a retry would post it twice', async () => {
    const account = await connectedInstagram();
    fake.failNext(graphFailures.unavailable(), { method: 'GET', path: /^\/v21\.0\/\d+$/ });
    const published = await instagramAdapter.publish(
      account,
      { text: 'Smile!', image: TEST_IMAGE },
      endpoints,
    );
    expect(published).toEqual({ postId: fake.posts[0]?.id, postUrl: 'https://www.instagram.com/' });
  });

  it('finds a post by its caption since a time', async () => {
    const account = await connectedInstagram();
    const published = await instagramAdapter.publish(
      account,
      { text: 'Lost answer', image: TEST_IMAGE },
      endpoints,
    );
    const createdAt = fake.posts[0]?.createdAt ?? 0;
    expect(
      await instagramAdapter.findPost(account, 'Lost answer', new Date(createdAt - 60_000), endpoints),
    ).toEqual(published);
    expect(
      await instagramAdapter.findPost(account, 'Other', new Date(createdAt - 60_000), endpoints),
    ).toBeNull();
    expect(
      await instagramAdapter.findPost(account, 'Lost answer', new Date(createdAt + 2000), endpoints),
    ).toBeNull();
  });

  it('does not delete: Instagram’s API does not allow it', async () => {
    const account = await connectedInstagram();
    const { postId } = await instagramAdapter.publish(
      account,
      { text: 'Forever', image: TEST_IMAGE },
      endpoints,
    );
    const sent = fake.requests.length;
    const error = await failureOf(instagramAdapter.deletePost(account, postId, endpoints));
    expect(errorFields(error)).toMatchObject({
      platform: 'instagram',
      kind: 'not_supported',
      message: 'Instagram does not allow deleting posts through its API',
    });
    expect(fake.requests).toHaveLength(sent);
  });
});

describe('the Instagram adapter: failures', () => {
  it('takes an expired Page token for token_expired', async () => {
    const account = await connectedInstagram();
    fake.expireAccessTokens();
    const error = await failureOf(
      instagramAdapter.publish(account, { text: 'Hi', image: TEST_IMAGE }, endpoints),
    );
    expect(errorFields(error)).toMatchObject({ kind: 'token_expired' });
  });

  it('takes 429 with retry-after for rate_limited, and 5xx for unavailable', async () => {
    const account = await connectedInstagram();
    fake.failNext(graphFailures.rateLimited('12'));
    expect(
      errorFields(
        await failureOf(instagramAdapter.publish(account, { text: 'Hi', image: TEST_IMAGE }, endpoints)),
      ),
    ).toMatchObject({ kind: 'rate_limited', retryAfterMs: 12_000 });
    fake.failNext(graphFailures.unavailable(), { path: `/v21.0/${INSTAGRAM}/media_publish` });
    expect(
      errorFields(
        await failureOf(instagramAdapter.publish(account, { text: 'Hi', image: TEST_IMAGE }, endpoints)),
      ),
    ).toMatchObject({ kind: 'unavailable', status: 500 });
    expect(fake.posts).toEqual([]);
  });

  it('refuses with Instagram’s message for a caption that is too long', async () => {
    const account = await connectedInstagram();
    const error = await failureOf(
      instagramAdapter.publish(account, { text: 'x'.repeat(2201), image: TEST_IMAGE }, endpoints),
    );
    expect(errorFields(error)).toMatchObject({
      kind: 'refused',
      status: 400,
      message: '(#100) The caption is too long.',
    });
  });
});
