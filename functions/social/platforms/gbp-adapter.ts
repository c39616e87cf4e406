import type { GbpPostFields } from '#shared/channels';
import {
  type ChannelAccount,
  type ChannelAdapter,
  type ChannelEndpoints,
  ChannelError,
  type ChannelPost,
  type ConnectedAccount,
} from '../channel-port';
import {
  callPlatform,
  channelError,
  kindOfStatus,
  madeSince,
  malformedReply,
  type PlatformReply,
  platformUrl,
  record,
  records,
  retryAfterMs,
  text,
} from './platform-http';

/**
 * Google Business Profile: accounts from the Account Management API, their locations from the Business
 * Information API, and posts through the v4 `localPosts` of the My Business API. A connection is one
 * location, `accounts/A/locations/L`, which is also the path of its posts.
 */

const HOSTS = {
  authorize: 'https://accounts.google.com',
  token: 'https://oauth2.googleapis.com',
  accounts: 'https://mybusinessaccountmanagement.googleapis.com',
  information: 'https://mybusinessbusinessinformation.googleapis.com',
  posts: 'https://mybusiness.googleapis.com',
} as const;

const PLATFORM = 'gbp';
/** The posts' language: the agency's clients are US businesses. */
const LANGUAGE_CODE = 'en-US';
/** How many pages of accounts, locations or posts one call reads at most. */
const MAX_PAGES = 5;
/** Where 'View post' goes while Google has no `searchUrl` for a post yet (one still processing). */
const POSTS_HOME = 'https://business.google.com/';

export const gbpAdapter: ChannelAdapter = {
  platform: PLATFORM,
  app: 'google',
  oauth: (endpoints) => ({
    authorizeUrl: platformUrl(endpoints, HOSTS.authorize, '/o/oauth2/v2/auth'),
    tokenUrl: platformUrl(endpoints, HOSTS.token, '/token'),
    scopes: ['https://www.googleapis.com/auth/business.manage'],
    // A refresh token comes only with offline access, and again on a reconnect only with consent asked.
    authorizeParams: { access_type: 'offline', prompt: 'consent' },
    clientAuthentication: 'basic',
  }),

  async listAccounts(accessToken, endpoints) {
    const accounts = await pages(
      accessToken,
      (pageToken) =>
        platformUrl(endpoints, HOSTS.accounts, `/v1/accounts?${query({ pageSize: '20', pageToken })}`),
      'accounts',
    );
    const found: ChannelAccount[] = [];
    for (const account of accounts) {
      const accountName = text(account.name);
      if (!accountName) continue;
      const locations = await pages(
        accessToken,
        (pageToken) =>
          platformUrl(
            endpoints,
            HOSTS.information,
            `/v1/${accountName}/locations?${query({ readMask: 'name,title', pageSize: '100', pageToken })}`,
          ),
        'locations',
      );
      for (const location of locations) {
        const locationName = text(location.name);
        if (!locationName) continue;
        found.push({
          accountId: `${accountName}/${locationName}`,
          name: text(location.title) ?? locationName,
        });
      }
    }
    return found;
  },

  async publish(account, post, endpoints) {
    const reply = await callPlatform(
      PLATFORM,
      {
        method: 'POST',
        url: platformUrl(endpoints, HOSTS.posts, `/v4/${account.accountId}/localPosts`),
        bearer: account.accessToken,
        json: localPost(post),
      },
      googleError,
    );
    const created = record(reply.body);
    const postId = text(created.name);
    if (!postId) throw malformedReply(PLATFORM, 'the post’s name');
    return { postId, postUrl: text(created.searchUrl) ?? POSTS_HOME };
  },

  async findPost(account, postText, since, endpoints) {
    const posts = await pages(
      account.accessToken,
      (pageToken) =>
        platformUrl(
          endpoints,
          HOSTS.posts,
          `/v4/${account.accountId}/localPosts?${query({ pageSize: '100', pageToken })}`,
        ),
      'localPosts',
    );
    const match = posts.find((post) => post.summary === postText && madeSince(post.createTime, since));
    const postId = text(match?.name);
    return postId ? { postId, postUrl: text(match?.searchUrl) ?? POSTS_HOME } : null;
  },

  async deletePost(account: ConnectedAccount, postId: string, endpoints: ChannelEndpoints): Promise<void> {
    await callPlatform(
      PLATFORM,
      {
        method: 'DELETE',
        url: platformUrl(endpoints, HOSTS.posts, `/v4/${postId}`),
        bearer: account.accessToken,
      },
      googleError,
    );
  },
};

/** The LocalPost resource (My Business API v4) for a post. */
export function localPost(post: ChannelPost): Record<string, unknown> {
  const fields: GbpPostFields = post.gbp ?? { topicType: 'STANDARD' };
  const body: Record<string, unknown> = {
    languageCode: LANGUAGE_CODE,
    summary: post.text,
    topicType: fields.topicType,
  };
  if (fields.event && fields.topicType !== 'STANDARD') {
    body.event = {
      title: fields.event.title,
      schedule: { startDate: googleDate(fields.event.startDate), endDate: googleDate(fields.event.endDate) },
    };
  }
  if (fields.offer && fields.topicType === 'OFFER') {
    body.offer = definedOnly({
      couponCode: fields.offer.couponCode,
      redeemOnlineUrl: fields.offer.redeemOnlineUrl,
      termsConditions: fields.offer.termsConditions,
    });
  }
  if (fields.callToAction) {
    const { actionType, url } = fields.callToAction;
    // CALL dials the location's own phone number: Google takes no URL with it.
    body.callToAction = actionType === 'CALL' ? { actionType } : definedOnly({ actionType, url });
  }
  if (post.image) body.media = [{ mediaFormat: 'PHOTO', sourceUrl: post.image.url }];
  return body;
}

/** `2026-05-01` as google.type.Date. */
function googleDate(date: string): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) {
    throw new ChannelError(
      PLATFORM,
      'refused',
      `The event date "${date}" is not a calendar date (YYYY-MM-DD)`,
    );
  }
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

function definedOnly(fields: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

function query(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) search.set(name, value);
  return search.toString();
}

/** Reads a Google list (`items`, `nextPageToken`) page after page, up to MAX_PAGES. */
async function pages(
  accessToken: string,
  url: (pageToken: string | undefined) => string,
  items: string,
): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const reply = await callPlatform(
      PLATFORM,
      { method: 'GET', url: url(pageToken), bearer: accessToken },
      googleError,
    );
    const body = record(reply.body);
    // Google leaves an empty list out of the answer altogether.
    found.push(...records(body[items]));
    pageToken = text(body.nextPageToken);
    if (!pageToken) break;
  }
  return found;
}

/** Google's `{ error: { code, message, status, details } }`. */
export function googleError(reply: PlatformReply): ChannelError {
  const error = record(record(reply.body).error);
  const status = text(error.status);
  const message = withValidationDetail(text(error.message), error.details);
  let kind = kindOfStatus(reply.status);
  if (status === 'UNAUTHENTICATED') kind = 'token_expired';
  else if (status === 'RESOURCE_EXHAUSTED') kind = 'rate_limited';
  else if (status === 'UNAVAILABLE' || status === 'INTERNAL') kind = 'unavailable';
  return channelError(
    PLATFORM,
    kind,
    reply,
    message,
    retryAfterMs(reply.headers) ?? retryInfoMs(error.details),
  );
}

/**
 * "Request contains an invalid argument." says nothing a user can act on: the v4 API's ValidationError
 * detail names the field and what is wrong with it.
 */
function withValidationDetail(message: string | undefined, details: unknown): string | undefined {
  const validation = records(details).find((detail) => String(detail['@type']).endsWith('ValidationError'));
  const first = records(validation?.errorDetails)[0];
  const detail = text(first?.message);
  if (!detail) return message;
  const field = text(first?.field);
  return `${message ?? 'Google refused the post'} (${field ? `${field}: ` : ''}${detail})`;
}

/** A google.rpc.RetryInfo detail's `retryDelay` ("30s"), when Google sends one instead of `retry-after`. */
function retryInfoMs(details: unknown): number | undefined {
  const retryInfo = records(details).find((detail) =>
    String(detail['@type']).endsWith('google.rpc.RetryInfo'),
  );
  const delay = /^(\d+(?:\.\d+)?)s$/.exec(text(retryInfo?.retryDelay) ?? '');
  return delay ? Math.round(Number(delay[1]) * 1000) : undefined;
}
