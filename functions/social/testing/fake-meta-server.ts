import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  type FakeFailure,
  type RecordedRequest,
  sendJson,
} from '#functions/providers/testing/fake-http-server';
import { GRAPH_VERSION } from '../platforms/meta-graph';
import {
  type AccessGrant,
  bearerOf,
  FailureScript,
  type FakeAppClient,
  FakeOAuthServer,
  type FakePlatformServer,
  type FakeUser,
  fakeAppClient,
  idCounter,
  pathOf,
  platformControls,
  queryOf,
  sendPostPage,
  startFakePlatform,
  type TokenRefusal,
} from './fake-platform-kit';

/**
 * A stand-in for Meta on one origin: the Facebook Login dialog (`/v21.0/dialog/oauth`), the Graph
 * token endpoint with its long-lived exchange (`fb_exchange_token`; Meta issues no refresh tokens), and
 * the Graph API for Pages (`/me/accounts`, a Page's `feed` and `photos`) and for the Instagram accounts
 * linked to them (`media`, `media_publish`). Tokens go as `access_token` parameters; errors are Graph's
 * `{ error: { message, type, code, error_subcode, fbtrace_id } }`, mostly with HTTP 400.
 */

export interface FakeMetaPage {
  readonly id: string;
  readonly name: string;
  /** The Instagram professional account linked to the Page, if any. */
  readonly instagram?: { readonly id: string; readonly username: string };
}

export interface FakeMetaOptions {
  readonly client?: FakeAppClient;
  readonly user?: FakeUser;
  readonly pages?: readonly FakeMetaPage[];
}

export interface FakeMetaPost {
  readonly platform: 'facebook' | 'instagram';
  /** `{page-id}_{post-id}` on Facebook, the media id on Instagram. */
  readonly id: string;
  /** The Page's id, or the Instagram account's. */
  readonly accountId: string;
  /** The message or caption. */
  readonly text: string;
  readonly imageUrl?: string;
  /** Epoch milliseconds. */
  readonly createdAt: number;
  readonly permalink: string;
}

export interface FakeMetaServer extends FakePlatformServer {
  /** Live Facebook and Instagram posts, oldest first. */
  readonly posts: readonly FakeMetaPost[];
}

export const DEFAULT_META_PAGES: readonly FakeMetaPage[] = [
  {
    id: '104000000000001',
    name: 'Harbor Dental',
    instagram: { id: '17841400000000001', username: 'harbordental' },
  },
  { id: '104000000000002', name: 'Harbor Dental Westside' },
];

const DEFAULT_USER: FakeUser = { id: '100000000000042', name: 'Dana Reyes' };
const SHORT_LIVED_SECONDS = 3600;
const LONG_LIVED_SECONDS = 5_184_000;
const CAPTION_MAX_LENGTH = 2200;
const VERSION_PREFIX = `/${GRAPH_VERSION}`;

/** Graph's error body. */
export function graphErrorBody(
  message: string,
  code: number,
  extra: { type?: string; subcode?: number } = {},
) {
  return {
    error: {
      message,
      type: extra.type ?? 'OAuthException',
      code,
      ...(extra.subcode === undefined ? {} : { error_subcode: extra.subcode }),
      fbtrace_id: `A${randomBytes(9).toString('base64url')}`,
    },
  };
}

function expiredBody() {
  return graphErrorBody(
    `Error validating access token: Session has expired on ${new Date(Date.now() - 60_000).toUTCString()}. The current time is ${new Date().toUTCString()}.`,
    190,
    { subcode: 463 },
  );
}

/** Meta's answers to failures, for `failNext`. */
export const graphFailures = {
  expiredToken: (): FakeFailure => ({ kind: 'error', status: 400, body: expiredBody() }),
  /** The app's limit, answered with HTTP 429 and `retry-after` (Graph's usual answer is the next one). */
  rateLimited: (retryAfter = '60'): FakeFailure => ({
    kind: 'error',
    status: 429,
    body: graphErrorBody('(#4) Application request limit reached', 4),
    headers: { 'retry-after': retryAfter },
  }),
  /** A Page's limit: HTTP 400 with code 32. */
  pageRateLimited: (): FakeFailure => ({
    kind: 'error',
    status: 400,
    body: graphErrorBody('(#32) Page request limit reached', 32),
  }),
  unavailable: (): FakeFailure => ({
    kind: 'error',
    status: 500,
    body: graphErrorBody('An unexpected error has occurred. Please retry your request later.', 2),
  }),
  invalidParameter: (message: string): FakeFailure => ({
    kind: 'error',
    status: 400,
    body: graphErrorBody(`(#100) ${message}`, 100),
  }),
};

function tokenError(refusal: TokenRefusal): { status: number; body: unknown } {
  const refusals: Record<TokenRefusal, ReturnType<typeof graphErrorBody>> = {
    client: graphErrorBody('Error validating client secret.', 1),
    code: graphErrorBody('This authorization code has expired or been used.', 100, { subcode: 36007 }),
    redirect_uri: graphErrorBody(
      'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      100,
      { subcode: 36008 },
    ),
    verifier: graphErrorBody('Invalid code verifier.', 100),
    refresh_token: graphErrorBody('Unsupported grant_type', 100),
    grant_type: graphErrorBody('Unsupported grant_type', 100),
  };
  return { status: 400, body: refusals[refusal] };
}

export async function startFakeMetaServer(options: FakeMetaOptions = {}): Promise<FakeMetaServer> {
  const pages = options.pages ?? DEFAULT_META_PAGES;
  const user = options.user ?? DEFAULT_USER;
  const client = options.client ?? fakeAppClient('meta');
  const posts: FakeMetaPost[] = [];
  const containers = new Map<
    string,
    { instagramId: string; imageUrl: string; caption: string; published: boolean }
  >();
  const pageTokens = new Map<string, AccessGrant>();
  const nextId = idCounter();
  const script = new FailureScript();

  const oauth: FakeOAuthServer = new FakeOAuthServer({
    platformName: 'Facebook',
    authorizePath: `${VERSION_PREFIX}/dialog/oauth`,
    tokenPath: `${VERSION_PREFIX}/oauth/access_token`,
    tokenMethods: ['GET', 'POST'],
    clientAuthentication: 'body',
    client,
    user,
    accessTokenTtlSeconds: SHORT_LIVED_SECONDS,
    tokenPrefix: 'EAAG',
    tokenType: 'bearer',
    refreshTokens: 'none',
    tokenError,
    accountNames: () => pages.map((page) => page.name),
    extraGrants: {
      fb_exchange_token: (params, response) => {
        const checked = oauth.check(params.get('fb_exchange_token') ?? undefined);
        if (checked.status !== 'valid' || checked.grant.subject !== user.id) {
          return sendJson(
            response,
            400,
            graphErrorBody('Invalid OAuth access token - Cannot parse access token', 190),
          );
        }
        const longLived = oauth.issueAccessToken(user.id, checked.grant.scopes, LONG_LIVED_SECONDS);
        sendJson(response, 200, {
          access_token: longLived.token,
          token_type: 'bearer',
          expires_in: LONG_LIVED_SECONDS,
        });
      },
    },
  });

  /** A Page token read with a valid user token does not expire; a new one replaces one made invalid. */
  const pageToken = (page: FakeMetaPage, scopes: readonly string[]): string => {
    const existing = pageTokens.get(page.id);
    if (existing && oauth.check(existing.token).status === 'valid') return existing.token;
    const grant = oauth.issueAccessToken(`page:${page.id}`, scopes, undefined);
    pageTokens.set(page.id, grant);
    return grant.token;
  };

  const api = (request: RecordedRequest, response: ServerResponse, origin: string) => {
    const path = pathOf(request);
    if (!path.startsWith(`${VERSION_PREFIX}/`)) {
      return sendJson(response, 400, graphErrorBody('Unknown path components', 2500));
    }
    const params = graphParams(request);
    const checked = oauth.check(params.get('access_token') ?? bearerOf(request));
    if (checked.status !== 'valid') {
      return sendJson(
        response,
        400,
        checked.status === 'expired'
          ? expiredBody()
          : graphErrorBody('Invalid OAuth access token - Cannot parse access token', 190),
      );
    }
    const grant = checked.grant;
    const [node = '', edge, ...rest] = path.slice(VERSION_PREFIX.length + 1).split('/');
    const fields = (params.get('fields') ?? '').split(',');
    if (rest.length > 0) return sendJson(response, 400, graphErrorBody('Unknown path components', 2500));

    if (request.method === 'GET' && node === 'me' && edge === 'accounts') {
      if (grant.subject !== user.id) {
        return sendJson(
          response,
          400,
          graphErrorBody('(#100) Tried accessing nonexisting field (accounts) on node type (Page)', 100),
        );
      }
      return sendJson(response, 200, {
        data: pages.map((page) => ({
          id: page.id,
          name: page.name,
          ...(fields.includes('access_token') ? { access_token: pageToken(page, grant.scopes) } : {}),
          ...(page.instagram && fields.some((field) => field.startsWith('instagram_business_account'))
            ? { instagram_business_account: { id: page.instagram.id, username: page.instagram.username } }
            : {}),
        })),
        paging: { cursors: { before: 'QVFIUk1', after: 'QVFIUkx' } },
      });
    }

    const page = pages.find((candidate) => candidate.id === node);
    if (page && edge) {
      if (grant.subject !== `page:${page.id}`) return pagePermissionError(response);
      if (request.method === 'POST' && edge === 'feed') {
        const message = params.get('message') ?? '';
        if (message === '')
          return sendJson(response, 400, graphErrorBody('(#100) Missing message or attachment', 100));
        const id = `${page.id}_${nextId()}`;
        posts.push({
          platform: 'facebook',
          id,
          accountId: page.id,
          text: message,
          createdAt: Date.now(),
          permalink: `${origin}/${id}`,
        });
        return sendJson(response, 200, { id });
      }
      if (request.method === 'POST' && edge === 'photos') {
        const url = params.get('url');
        if (!url) return sendJson(response, 400, graphErrorBody('(#324) Requires upload file', 324));
        const photoId = String(nextId());
        const id = `${page.id}_${nextId()}`;
        posts.push({
          platform: 'facebook',
          id,
          accountId: page.id,
          text: params.get('caption') ?? '',
          imageUrl: url,
          createdAt: Date.now(),
          permalink: `${origin}/${id}`,
        });
        return sendJson(response, 200, { id: photoId, post_id: id });
      }
      if (request.method === 'GET' && edge === 'feed') {
        const since = Number(params.get('since') ?? 0) * 1000;
        const feed = posts
          .filter(
            (post) => post.platform === 'facebook' && post.accountId === page.id && post.createdAt >= since,
          )
          .reverse()
          .map((post) =>
            pick(
              {
                id: post.id,
                message: post.text,
                created_time: graphTime(post.createdAt),
                permalink_url: post.permalink,
              },
              fields,
            ),
          );
        return sendJson(response, 200, {
          data: feed,
          paging: { cursors: { before: 'QVFIUk1', after: 'QVFIUkx' } },
        });
      }
    }

    const instagramPage = pages.find((candidate) => candidate.instagram?.id === node);
    if (instagramPage?.instagram && edge) {
      const instagramId = instagramPage.instagram.id;
      if (grant.subject !== `page:${instagramPage.id}`) return pagePermissionError(response);
      if (request.method === 'POST' && edge === 'media') {
        const imageUrl = params.get('image_url');
        if (!imageUrl)
          return sendJson(response, 400, graphErrorBody('(#100) The parameter image_url is required.', 100));
        const caption = params.get('caption') ?? '';
        if (caption.length > CAPTION_MAX_LENGTH) {
          return sendJson(
            response,
            400,
            graphErrorBody('(#100) The caption is too long.', 100, { subcode: 2207007 }),
          );
        }
        const id = String(nextId());
        containers.set(id, { instagramId, imageUrl, caption, published: false });
        return sendJson(response, 200, { id });
      }
      if (request.method === 'POST' && edge === 'media_publish') {
        const container = containers.get(params.get('creation_id') ?? '');
        if (!container || container.instagramId !== instagramId || container.published) {
          return sendJson(
            response,
            400,
            graphErrorBody('(#100) Invalid parameter', 100, { subcode: 2207020 }),
          );
        }
        container.published = true;
        const id = String(nextId());
        posts.push({
          platform: 'instagram',
          id,
          accountId: instagramId,
          text: container.caption,
          imageUrl: container.imageUrl,
          createdAt: Date.now(),
          permalink: `${origin}/p/${randomBytes(8).toString('base64url')}/`,
        });
        return sendJson(response, 200, { id });
      }
      if (request.method === 'GET' && edge === 'media') {
        const media = posts
          .filter((post) => post.platform === 'instagram' && post.accountId === instagramId)
          .reverse()
          .map((post) =>
            pick(
              {
                id: post.id,
                caption: post.text,
                timestamp: graphTime(post.createdAt),
                permalink: post.permalink,
              },
              fields,
            ),
          );
        return sendJson(response, 200, {
          data: media,
          paging: { cursors: { before: 'QVFIUk1', after: 'QVFIUkx' } },
        });
      }
    }

    const post = edge === undefined ? posts.find((candidate) => candidate.id === node) : undefined;
    if (post && request.method === 'GET') {
      return sendJson(response, 200, pick({ id: post.id, permalink: post.permalink }, fields));
    }
    if (post?.platform === 'facebook' && request.method === 'DELETE') {
      if (grant.subject !== `page:${post.accountId}`) return pagePermissionError(response);
      posts.splice(posts.indexOf(post), 1);
      return sendJson(response, 200, { success: true });
    }
    if (post?.platform === 'instagram' && request.method === 'DELETE') {
      return sendJson(
        response,
        400,
        graphErrorBody('(#3) Application does not have the capability to make this API call.', 3),
      );
    }
    sendJson(
      response,
      400,
      graphErrorBody(
        `Unsupported ${request.method.toLowerCase()} request. Object with ID '${node}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        100,
        { type: 'GraphMethodException', subcode: 33 },
      ),
    );
  };

  const server = await startFakePlatform({
    oauth,
    script,
    pages: (request, response) => {
      const path = pathOf(request);
      if (path.startsWith(`${VERSION_PREFIX}/`)) return false;
      const post = posts.find((candidate) => new URL(candidate.permalink).pathname === path);
      if (!post) return false;
      const page = pages.find(
        (candidate) => candidate.id === post.accountId || candidate.instagram?.id === post.accountId,
      );
      const author =
        post.platform === 'instagram' ? `@${page?.instagram?.username ?? ''}` : (page?.name ?? '');
      sendPostPage(response, post.platform === 'instagram' ? 'Instagram' : 'Facebook', author, post.text);
      return true;
    },
    api,
  });
  return {
    origin: server.origin,
    requests: server.requests,
    posts,
    close: server.close,
    ...platformControls(oauth, script),
  };
}

/** Graph reads parameters from the query and, for a POST, from the form as well. */
function graphParams(request: RecordedRequest): URLSearchParams {
  const params = queryOf(request);
  if (request.method === 'POST')
    for (const [name, value] of new URLSearchParams(request.bodyText)) params.set(name, value);
  return params;
}

function pagePermissionError(response: ServerResponse): void {
  sendJson(
    response,
    403,
    graphErrorBody(
      '(#200) If posting to a page, requires both pages_read_engagement and pages_manage_posts as an admin with sufficient administrative permission',
      200,
    ),
  );
}

/** Graph's time format: `2026-05-01T14:03:00+0000`. */
function graphTime(epochMs: number): string {
  return new Date(Math.floor(epochMs / 1000) * 1000).toISOString().replace('.000Z', '+0000');
}

/** Only the fields asked for, as Graph answers (the id always). */
function pick(item: Record<string, string>, fields: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(item).filter(([field]) => field === 'id' || fields.includes(field)),
  );
}
