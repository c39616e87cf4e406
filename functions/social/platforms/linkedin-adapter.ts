import type {
  ChannelAccount,
  ChannelAdapter,
  ChannelEndpoints,
  ChannelError,
  ChannelImage,
  ConnectedAccount,
} from '../channel-port';
import {
  callPlatform,
  channelError,
  kindOfStatus,
  madeSince,
  malformedReply,
  type PlatformCall,
  type PlatformReply,
  platformUrl,
  record,
  records,
  text,
} from './platform-http';

/**
 * LinkedIn organization pages through the versioned Community Management API (`/rest/…`): a connection
 * is one organization the member administers, and it posts as the organization. An image is uploaded
 * first (the Images API gives an upload URL and the image's URN), then the post names it.
 */

const HOSTS = {
  web: 'https://www.linkedin.com',
  api: 'https://api.linkedin.com',
} as const;

const PLATFORM = 'linkedin';

/** The API version every REST call names; LinkedIn sunsets each about a year after it ships. */
export const LINKEDIN_VERSION = '202411';

const REST_HEADERS = {
  'LinkedIn-Version': LINKEDIN_VERSION,
  'X-Restli-Protocol-Version': '2.0.0',
} as const;

export const linkedinAdapter: ChannelAdapter = {
  platform: PLATFORM,
  app: 'linkedin',
  oauth: (endpoints) => ({
    authorizeUrl: platformUrl(endpoints, HOSTS.web, '/oauth/v2/authorization'),
    tokenUrl: platformUrl(endpoints, HOSTS.web, '/oauth/v2/accessToken'),
    scopes: ['w_organization_social', 'r_organization_social', 'rw_organization_admin'],
    clientAuthentication: 'body',
  }),

  async listAccounts(accessToken, endpoints) {
    const acls = await rest(
      endpoints,
      accessToken,
      'GET',
      '/rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED&count=100',
    );
    const organizations = new Set(
      records(record(acls.body).elements).flatMap((acl) => {
        const urn = text(acl.organization);
        return urn ? [urn] : [];
      }),
    );
    const accounts: ChannelAccount[] = [];
    for (const urn of organizations) {
      const id = urn.split(':').at(-1) ?? urn;
      const organization = record(
        (await rest(endpoints, accessToken, 'GET', `/rest/organizations/${id}`)).body,
      );
      accounts.push({ accountId: urn, name: text(organization.localizedName) ?? urn });
    }
    return accounts;
  },

  async publish(account, post, endpoints) {
    const image = post.image ? await uploadImage(account, post.image, endpoints) : undefined;
    const reply = await rest(endpoints, account.accessToken, 'POST', '/rest/posts', {
      json: {
        author: account.accountId,
        commentary: littleText(post.text),
        visibility: 'PUBLIC',
        distribution: {
          feedDistribution: 'MAIN_FEED',
          targetEntities: [],
          thirdPartyDistributionChannels: [],
        },
        ...(image ? { content: { media: { id: image } } } : {}),
        lifecycleState: 'PUBLISHED',
        isReshareDisabledByAuthor: false,
      },
    });
    const postId = reply.headers.get('x-restli-id') ?? text(record(reply.body).id);
    if (!postId) throw malformedReply(PLATFORM, 'the post’s URN (x-restli-id)');
    return { postId, postUrl: postUrl(endpoints, postId) };
  },

  async findPost(account, postText, since, endpoints) {
    const reply = await rest(
      endpoints,
      account.accessToken,
      'GET',
      `/rest/posts?q=author&author=${encodeURIComponent(account.accountId)}&count=50&sortBy=CREATED`,
      { headers: { 'X-RestLi-Method': 'FINDER' } },
    );
    const sent = littleText(postText);
    const match = records(record(reply.body).elements).find(
      (post) =>
        (post.commentary === sent || post.commentary === postText) && madeSince(post.createdAt, since),
    );
    const postId = text(match?.id);
    return postId ? { postId, postUrl: postUrl(endpoints, postId) } : null;
  },

  async deletePost(account, postId, endpoints) {
    await rest(endpoints, account.accessToken, 'DELETE', `/rest/posts/${encodeURIComponent(postId)}`, {
      headers: { 'X-RestLi-Method': 'DELETE' },
    });
  },
};

async function uploadImage(
  account: ConnectedAccount,
  image: ChannelImage,
  endpoints: ChannelEndpoints,
): Promise<string> {
  const reply = await rest(endpoints, account.accessToken, 'POST', '/rest/images?action=initializeUpload', {
    json: { initializeUploadRequest: { owner: account.accountId } },
  });
  const value = record(record(reply.body).value);
  const uploadUrl = text(value.uploadUrl);
  const imageUrn = text(value.image);
  if (!uploadUrl || !imageUrn) throw malformedReply(PLATFORM, 'an upload URL and image URN');
  // The upload URL is LinkedIn's own (a signed dms-uploads URL), used as it came.
  await callPlatform(
    PLATFORM,
    {
      method: 'PUT',
      url: uploadUrl,
      bearer: account.accessToken,
      headers: { 'content-type': image.contentType },
      body: image.bytes,
    },
    linkedinError,
  );
  return imageUrn;
}

function rest(
  endpoints: ChannelEndpoints,
  accessToken: string,
  method: PlatformCall['method'],
  pathAndQuery: string,
  extra: { readonly json?: unknown; readonly headers?: Readonly<Record<string, string>> } = {},
): Promise<PlatformReply> {
  return callPlatform(
    PLATFORM,
    {
      method,
      url: platformUrl(endpoints, HOSTS.api, pathAndQuery),
      bearer: accessToken,
      headers: { ...REST_HEADERS, ...extra.headers },
      ...(extra.json === undefined ? {} : { json: extra.json }),
    },
    linkedinError,
  );
}

function postUrl(endpoints: ChannelEndpoints, urn: string): string {
  return platformUrl(endpoints, HOSTS.web, `/feed/update/${urn}`);
}

/**
 * Commentary is in LinkedIn's "little" text format, where `\ | { } @ [ ] ( ) < > # * _ ~` are markup:
 * unescaped, LinkedIn cuts the post at the first one. Each is escaped, except a `#` that starts a
 * hashtag, which stays a hashtag.
 */
export function littleText(plain: string): string {
  return plain.replace(/[\\|{}@[\]()<>#*_~]/g, (character, offset: number) =>
    character === '#' && /^[\p{L}\p{N}]/u.test(plain.slice(offset + 1)) ? character : `\\${character}`,
  );
}

const TOKEN_CODES = new Set(['EXPIRED_ACCESS_TOKEN', 'REVOKED_ACCESS_TOKEN', 'INVALID_ACCESS_TOKEN']);

/** LinkedIn's `{ status, serviceErrorCode, code, message }`. */
export function linkedinError(reply: PlatformReply): ChannelError {
  const body = record(reply.body);
  const code = text(body.code);
  const kind = code && TOKEN_CODES.has(code) ? 'token_expired' : kindOfStatus(reply.status);
  return channelError(PLATFORM, kind, reply, text(body.message));
}
