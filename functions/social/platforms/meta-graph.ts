import type { ChannelPlatform } from '#shared/channels';
import type {
  ChannelAppCredentials,
  ChannelEndpoints,
  ChannelError,
  ChannelOAuthSettings,
  OAuthTokens,
} from '../channel-port';
import {
  callPlatform,
  channelError,
  kindOfStatus,
  malformedReply,
  type PlatformReply,
  platformUrl,
  record,
  records,
  text,
} from './platform-http';

/**
 * Meta's Graph API, which Facebook Pages and Instagram professional accounts share: one app, one login,
 * one error format. Instagram publishes through the Facebook Page its account is linked to, with the
 * Page's token.
 */

export const GRAPH_VERSION = 'v21.0';

export const META_HOSTS = {
  web: 'https://www.facebook.com',
  graph: 'https://graph.facebook.com',
} as const;

/** What listing a user's Pages and posting as them needs (Instagram asks for these and its own). */
export const META_PAGE_SCOPES = ['pages_show_list', 'pages_manage_posts', 'pages_read_engagement'] as const;

/** How many pages of a Graph list one call reads at most. */
const MAX_PAGES = 5;

export function metaOAuth(endpoints: ChannelEndpoints, scopes: readonly string[]): ChannelOAuthSettings {
  return {
    authorizeUrl: platformUrl(endpoints, META_HOSTS.web, `/${GRAPH_VERSION}/dialog/oauth`),
    tokenUrl: graphUrl(endpoints, '/oauth/access_token'),
    scopes,
    clientAuthentication: 'body',
  };
}

export function graphUrl(endpoints: ChannelEndpoints, path: string): string {
  return platformUrl(endpoints, META_HOSTS.graph, `/${GRAPH_VERSION}${path}`);
}

/**
 * Swaps the login's short-lived user token (an hour or two) for a long-lived one (about 60 days):
 * Page tokens read with a long-lived user token do not expire. Meta issues no refresh tokens.
 */
export async function longLivedUserToken(
  platform: ChannelPlatform,
  tokens: OAuthTokens,
  app: ChannelAppCredentials,
  endpoints: ChannelEndpoints,
): Promise<OAuthTokens> {
  const exchanged = await graph(platform, endpoints, 'GET', '/oauth/access_token', undefined, {
    grant_type: 'fb_exchange_token',
    client_id: app.clientId,
    client_secret: app.clientSecret,
    fb_exchange_token: tokens.accessToken,
  });
  const accessToken = text(exchanged.access_token);
  if (!accessToken) throw malformedReply(platform, 'a long-lived access token');
  const seconds = Number(exchanged.expires_in);
  return {
    accessToken,
    ...(Number.isFinite(seconds) && seconds > 0
      ? { expiresAt: new Date(Date.now() + seconds * 1000).toISOString() }
      : {}),
  };
}

/**
 * One Graph call. The token goes as the `access_token` parameter, as Meta documents it: in the query
 * of a GET or DELETE, in the form of a POST.
 */
export async function graph(
  platform: ChannelPlatform,
  endpoints: ChannelEndpoints,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  accessToken: string | undefined,
  params: Readonly<Record<string, string>> = {},
): Promise<Record<string, unknown>> {
  const search = new URLSearchParams(params);
  if (accessToken) search.set('access_token', accessToken);
  const url = graphUrl(endpoints, path);
  const reply = await callPlatform(
    platform,
    method === 'POST' ? { method, url, form: search } : { method, url: `${url}?${search.toString()}` },
    (failure) => graphError(platform, failure),
  );
  return record(reply.body);
}

/** A Graph list (`data`, `paging.cursors.after`), page after page while `paging.next` says there is more. */
export async function graphList(
  platform: ChannelPlatform,
  endpoints: ChannelEndpoints,
  path: string,
  accessToken: string,
  params: Readonly<Record<string, string>>,
): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  let after: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const body = await graph(
      platform,
      endpoints,
      'GET',
      path,
      accessToken,
      after ? { ...params, after } : params,
    );
    found.push(...records(body.data));
    const paging = record(body.paging);
    after = text(record(paging.cursors).after);
    if (!text(paging.next) || !after) break;
  }
  return found;
}

/** Graph's throttling codes: app, user, Page and custom-level limits. */
const THROTTLING_CODES = new Set([4, 17, 32, 613]);
/** Graph's own "try again later" codes; 9007 is an Instagram container not yet ready to publish. */
const TRANSIENT_CODES = new Set([1, 2, 9007]);
/** An invalid, expired or revoked access token (the subcode says which). */
const TOKEN_CODES = new Set([102, 190]);

/** Graph's `{ error: { message, type, code, error_subcode, fbtrace_id } }`. */
export function graphError(platform: ChannelPlatform, reply: PlatformReply): ChannelError {
  const error = record(record(reply.body).error);
  const code = typeof error.code === 'number' ? error.code : undefined;
  let kind = kindOfStatus(reply.status);
  if (code !== undefined && TOKEN_CODES.has(code)) kind = 'token_expired';
  else if (reply.status === 429 || (code !== undefined && THROTTLING_CODES.has(code))) kind = 'rate_limited';
  else if (reply.status >= 500 || (code !== undefined && TRANSIENT_CODES.has(code))) kind = 'unavailable';
  return channelError(platform, kind, reply, text(error.message));
}
