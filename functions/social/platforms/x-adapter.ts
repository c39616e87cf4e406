import type { ChannelAdapter, ChannelEndpoints, ChannelError, ChannelImage } from '../channel-port';
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
  retryAfterMs,
  text,
} from './platform-http';

/**
 * X through API v2 with an OAuth 2.0 user token: a connection is the signed-in user. An image is
 * uploaded first (`/2/media/upload`, one multipart request), then the post names its media id.
 */

const HOSTS = {
  web: 'https://x.com',
  api: 'https://api.x.com',
} as const;

const PLATFORM = 'x';

export const xAdapter: ChannelAdapter = {
  platform: PLATFORM,
  app: 'x',
  oauth: (endpoints) => ({
    authorizeUrl: platformUrl(endpoints, HOSTS.web, '/i/oauth2/authorize'),
    tokenUrl: platformUrl(endpoints, HOSTS.api, '/2/oauth2/token'),
    // offline.access is what makes X issue a refresh token.
    scopes: ['tweet.read', 'tweet.write', 'users.read', 'media.write', 'offline.access'],
    // The agency's app is a confidential client: X wants its credentials as HTTP Basic.
    clientAuthentication: 'basic',
  }),

  async listAccounts(accessToken, endpoints) {
    const reply = await api(endpoints, accessToken, { method: 'GET', path: '/2/users/me' });
    const user = record(record(reply.body).data);
    const accountId = text(user.id);
    if (!accountId) throw malformedReply(PLATFORM, 'the user’s id');
    const username = text(user.username);
    return [{ accountId, name: username ? `@${username}` : (text(user.name) ?? accountId) }];
  },

  async publish(account, post, endpoints) {
    const mediaId = post.image ? await uploadImage(account.accessToken, post.image, endpoints) : undefined;
    const reply = await api(endpoints, account.accessToken, {
      method: 'POST',
      path: '/2/tweets',
      json: { text: post.text, ...(mediaId ? { media: { media_ids: [mediaId] } } : {}) },
    });
    const postId = text(record(record(reply.body).data).id);
    if (!postId) throw malformedReply(PLATFORM, 'the post’s id');
    return { postId, postUrl: postUrl(endpoints, postId) };
  },

  async findPost(account, postText, since, endpoints) {
    const search = new URLSearchParams({
      // Whole seconds: X takes RFC 3339 without fractions here.
      start_time: new Date(Math.floor(since.getTime() / 1000) * 1000).toISOString().replace('.000Z', 'Z'),
      'tweet.fields': 'created_at',
      max_results: '100',
      exclude: 'replies,retweets',
    });
    const reply = await api(endpoints, account.accessToken, {
      method: 'GET',
      path: `/2/users/${account.accountId}/tweets?${search.toString()}`,
    });
    // No `data` at all when the timeline has nothing in the window.
    const match = records(record(reply.body).data).find(
      (tweet) =>
        typeof tweet.text === 'string' &&
        sameTweetText(postText, tweet.text) &&
        madeSince(tweet.created_at, since),
    );
    const postId = text(match?.id);
    return postId ? { postId, postUrl: postUrl(endpoints, postId) } : null;
  },

  async deletePost(account, postId, endpoints) {
    const reply = await api(endpoints, account.accessToken, {
      method: 'DELETE',
      path: `/2/tweets/${postId}`,
    });
    if (record(record(reply.body).data).deleted !== true)
      throw malformedReply(PLATFORM, 'confirming the deletion');
  },
};

async function uploadImage(
  accessToken: string,
  image: ChannelImage,
  endpoints: ChannelEndpoints,
): Promise<string> {
  const form = new FormData();
  form.set('media', new Blob([image.bytes], { type: image.contentType }), 'image');
  form.set('media_category', 'tweet_image');
  const reply = await api(endpoints, accessToken, { method: 'POST', path: '/2/media/upload', body: form });
  const mediaId = text(record(record(reply.body).data).id);
  if (!mediaId) throw malformedReply(PLATFORM, 'the media id');
  return mediaId;
}

function api(
  endpoints: ChannelEndpoints,
  accessToken: string,
  call: Omit<PlatformCall, 'url' | 'bearer'> & { readonly path: string },
): Promise<PlatformReply> {
  const { path, ...rest } = call;
  return callPlatform(
    PLATFORM,
    { ...rest, url: platformUrl(endpoints, HOSTS.api, path), bearer: accessToken },
    xError,
  );
}

function postUrl(endpoints: ChannelEndpoints, postId: string): string {
  return platformUrl(endpoints, HOSTS.web, `/i/web/status/${postId}`);
}

/**
 * Whether a timeline post's text is the text sent. X shows `&`, `<` and `>` as HTML entities, turns
 * every link into a t.co link and appends one for attached media, so links count as equal to any link
 * and trailing ones are allowed.
 */
export function sameTweetText(sent: string, shown: string): boolean {
  const links = (value: string) =>
    value
      .normalize('NFC')
      .replace(/https?:\/\/\S+/g, '\uFFFC')
      .trim();
  const expected = links(sent);
  const actual = links(shown.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&'));
  return (
    actual === expected ||
    (actual.startsWith(expected) && /^(\s*\uFFFC)+$/.test(actual.slice(expected.length)))
  );
}

/**
 * X's problem JSON `{ title, detail, type, status }`; a validation failure may carry `errors[].message`
 * too, which says more than the generic detail.
 */
export function xError(reply: PlatformReply): ChannelError {
  const body = record(reply.body);
  const message = text(records(body.errors)[0]?.message) ?? text(body.detail) ?? text(body.title);
  return channelError(
    PLATFORM,
    kindOfStatus(reply.status),
    reply,
    message,
    retryAfterMs(reply.headers) ?? rateLimitResetMs(reply.headers),
  );
}

/** `x-rate-limit-reset`: the epoch second the window reopens. */
function rateLimitResetMs(headers: Headers, now = Date.now()): number | undefined {
  const reset = headers.get('x-rate-limit-reset');
  if (!reset || !/^\d+$/.test(reset)) return undefined;
  return Math.max(0, Number(reset) * 1000 - now);
}
