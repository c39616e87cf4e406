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
import {
  type FakeLinkedInServer,
  linkedinFailures,
  startFakeLinkedInServer,
} from '../testing/fake-linkedin-server';
import { fakeAppClient } from '../testing/fake-platform-kit';
import { LINKEDIN_VERSION, linkedinAdapter, littleText } from './linkedin-adapter';

const app = fakeAppClient('linkedin');
const ORGANIZATION = 'urn:li:organization:90210001';

let fake: FakeLinkedInServer;
let endpoints: ChannelEndpoints;

beforeEach(async () => {
  fake = await startFakeLinkedInServer();
  endpoints = { originOverride: fake.origin };
});
afterEach(() => fake.close());

async function connectedOrganization(): Promise<ConnectedAccount> {
  const tokens = await connect(linkedinAdapter, app, endpoints);
  return { accountId: ORGANIZATION, accessToken: tokens.accessToken };
}

describe('the LinkedIn adapter: connecting', () => {
  it('asks for the organization scopes with PKCE and exchanges the code with the secret in the form', async () => {
    const { authorizeUrl } = await consentRoundTrip(linkedinAdapter, app, endpoints);
    expect(authorizeUrl.pathname).toBe('/oauth/v2/authorization');
    expect(authorizeUrl.searchParams.get('scope')).toBe(
      'w_organization_social r_organization_social rw_organization_admin',
    );
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    const tokens = await connect(linkedinAdapter, app, endpoints);
    expect(tokens.accessToken).toBeTruthy();
    expect(tokens.refreshToken).toBeTruthy();
    const [tokenRequest] = requestsTo(fake.requests, 'POST', '/oauth/v2/accessToken');
    expect(tokenRequest?.headers.authorization).toBeUndefined();
    expect(Object.fromEntries(new URLSearchParams(tokenRequest?.bodyText))).toMatchObject({
      grant_type: 'authorization_code',
      client_id: app.clientId,
      client_secret: app.clientSecret,
      redirect_uri: REDIRECT_URI,
    });
  });

  it('refuses the wrong PKCE verifier with LinkedIn’s description', async () => {
    const { callback } = await consentRoundTrip(linkedinAdapter, app, endpoints);
    const code = callback.searchParams.get('code') ?? '';
    const error = await failureOf(exchangeCode(linkedinAdapter, app, endpoints, REDIRECT_URI, code, 'nope'));
    expect(errorFields(error)).toMatchObject({ platform: 'linkedin', kind: 'refused' });
    expect((error as Error).message).toMatch(
      /^LinkedIn refused the authorization: Unable to retrieve access token/,
    );
  });

  it('refreshes with the same refresh token; a revoked one is token_expired', async () => {
    const tokens = await connect(linkedinAdapter, app, endpoints);
    const refreshed = await refreshTokens(linkedinAdapter, app, endpoints, tokens.refreshToken ?? '');
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).toBe(tokens.refreshToken);
    fake.revokeRefreshTokens();
    const error = await failureOf(refreshTokens(linkedinAdapter, app, endpoints, tokens.refreshToken ?? ''));
    expect(errorFields(error)).toMatchObject({ kind: 'token_expired' });
  });
});

describe('the LinkedIn adapter: organizations and posts', () => {
  it('lists the organizations the member administers, every call versioned and on Rest.li 2.0', async () => {
    const tokens = await connect(linkedinAdapter, app, endpoints);
    expect(await linkedinAdapter.listAccounts(tokens.accessToken, endpoints)).toEqual([
      { accountId: ORGANIZATION, name: 'Harbor Dental Group' },
    ]);
    const [acls] = requestsTo(fake.requests, 'GET', '/rest/organizationAcls');
    expect(Object.fromEntries(new URL(acls?.url ?? '', fake.origin).searchParams)).toMatchObject({
      q: 'roleAssignee',
      role: 'ADMINISTRATOR',
      state: 'APPROVED',
    });
    const rest = fake.requests.filter((request) => request.url.startsWith('/rest/'));
    expect(rest.map((request) => request.url.split('?')[0])).toEqual([
      '/rest/organizationAcls',
      '/rest/organizations/90210001',
    ]);
    for (const request of rest) {
      expect(request.headers['linkedin-version']).toBe(LINKEDIN_VERSION);
      expect(request.headers['x-restli-protocol-version']).toBe('2.0.0');
      expect(request.headers.authorization).toBe(`Bearer ${tokens.accessToken}`);
    }
  });

  it('publishes text as the organization, escaping little-format markup, the URN from x-restli-id', async () => {
    const account = await connectedOrganization();
    const published = await linkedinAdapter.publish(account, { text: 'Open (Sat) #smile @ 9' }, endpoints);
    const [request] = requestsTo(fake.requests, 'POST', '/rest/posts');
    expect(request?.body).toEqual({
      author: ORGANIZATION,
      commentary: 'Open \\(Sat\\) #smile \\@ 9',
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
    });
    expect(request?.headers['linkedin-version']).toBe(LINKEDIN_VERSION);
    expect(published.postId).toBe(fake.posts[0]?.id);
    expect(published.postId).toMatch(/^urn:li:share:\d+$/);
    expect(published.postUrl).toBe(`${fake.origin}/feed/update/${published.postId}`);
    expect(await (await fetch(published.postUrl)).text()).toContain('Harbor Dental Group');
  });

  it('uploads an image first (initializeUpload, then the bytes) and names its URN in the post', async () => {
    const account = await connectedOrganization();
    await linkedinAdapter.publish(account, { text: 'New chairs', image: TEST_IMAGE }, endpoints);
    const [initialize] = requestsTo(fake.requests, 'POST', '/rest/images');
    expect(initialize?.url).toBe('/rest/images?action=initializeUpload');
    expect(initialize?.body).toEqual({ initializeUploadRequest: { owner: ORGANIZATION } });
    const [put] = requestsTo(fake.requests, 'PUT', /^\/dms-uploads\//);
    expect(put?.headers.authorization).toBe(`Bearer ${account.accessToken}`);
    expect(fake.uploads[0]?.uploaded).toEqual({
      contentType: 'image/png',
      byteLength: TEST_IMAGE.bytes.byteLength,
    });
    expect(fake.posts[0]?.sent.content).toEqual({ media: { id: fake.uploads[0]?.image } });
  });

  it('finds a post by the organization and its text since a time', async () => {
    const account = await connectedOrganization();
    const published = await linkedinAdapter.publish(account, { text: 'Lost (answer)' }, endpoints);
    const createdAt = fake.posts[0]?.createdAt ?? 0;
    expect(
      await linkedinAdapter.findPost(account, 'Lost (answer)', new Date(createdAt - 60_000), endpoints),
    ).toEqual(published);
    const [finder] = requestsTo(fake.requests, 'GET', '/rest/posts');
    expect(new URL(finder?.url ?? '', fake.origin).searchParams.get('author')).toBe(ORGANIZATION);
    expect(
      await linkedinAdapter.findPost(account, 'Other', new Date(createdAt - 60_000), endpoints),
    ).toBeNull();
    expect(
      await linkedinAdapter.findPost(account, 'Lost (answer)', new Date(createdAt + 2000), endpoints),
    ).toBeNull();
  });

  it('deletes a post by its encoded URN', async () => {
    const account = await connectedOrganization();
    const { postId } = await linkedinAdapter.publish(account, { text: 'Bye' }, endpoints);
    await linkedinAdapter.deletePost(account, postId, endpoints);
    const [request] = requestsTo(fake.requests, 'DELETE', `/rest/posts/${encodeURIComponent(postId)}`);
    expect(request?.headers['x-restli-method']).toBe('DELETE');
    expect(fake.posts).toEqual([]);
    expect(
      errorFields(await failureOf(linkedinAdapter.deletePost(account, postId, endpoints))),
    ).toMatchObject({
      kind: 'refused',
      status: 404,
    });
  });

  it('escapes each reserved character but keeps hashtags', () => {
    expect(littleText('a\\b|c{d}e@f[g]h(i)j<k>l#m*n_o~p # q #1')).toBe(
      'a\\\\b\\|c\\{d\\}e\\@f\\[g\\]h\\(i\\)j\\<k\\>l#m\\*n\\_o\\~p \\# q #1',
    );
  });
});

describe('the LinkedIn adapter: failures', () => {
  it('takes 401 EXPIRED_ACCESS_TOKEN for token_expired', async () => {
    const account = await connectedOrganization();
    fake.expireAccessTokens();
    expect(
      errorFields(await failureOf(linkedinAdapter.publish(account, { text: 'Hi' }, endpoints))),
    ).toMatchObject({
      kind: 'token_expired',
      status: 401,
      message: 'The token used in the request has expired',
    });
  });

  it('takes 429 with retry-after for rate_limited and 5xx for unavailable', async () => {
    const account = await connectedOrganization();
    fake.failNext(linkedinFailures.rateLimited('90'));
    expect(
      errorFields(await failureOf(linkedinAdapter.publish(account, { text: 'Hi' }, endpoints))),
    ).toMatchObject({
      kind: 'rate_limited',
      retryAfterMs: 90_000,
    });
    fake.failNext(linkedinFailures.unavailable(), { method: 'PUT' });
    expect(
      errorFields(
        await failureOf(linkedinAdapter.publish(account, { text: 'Hi', image: TEST_IMAGE }, endpoints)),
      ),
    ).toMatchObject({ kind: 'unavailable', status: 504 });
    expect(fake.posts).toEqual([]);
  });

  it('refuses with LinkedIn’s message for a validation error', async () => {
    const account = await connectedOrganization();
    const error = await failureOf(linkedinAdapter.publish(account, { text: 'x'.repeat(3001) }, endpoints));
    expect(errorFields(error)).toMatchObject({
      kind: 'refused',
      status: 422,
      message: 'ERROR :: /commentary :: length 3001 exceeds 3000\n',
    });
    fake.failNext(linkedinFailures.validation('ERROR :: /author :: not a valid organization'));
    expect(
      errorFields(await failureOf(linkedinAdapter.publish(account, { text: 'x' }, endpoints))).message,
    ).toBe('ERROR :: /author :: not a valid organization');
  });

  it('is refused by a LinkedIn that no longer serves this API version', async () => {
    await fake.close();
    fake = await startFakeLinkedInServer({ activeVersions: ['202511'] });
    endpoints = { originOverride: fake.origin };
    const tokens = await connect(linkedinAdapter, app, endpoints);
    expect(
      errorFields(await failureOf(linkedinAdapter.listAccounts(tokens.accessToken, endpoints))),
    ).toMatchObject({
      kind: 'refused',
      status: 426,
      message: `Requested version ${LINKEDIN_VERSION} is not active`,
    });
  });
});
