import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import twitterText from 'twitter-text';
import {
  type FakeFailure,
  type RecordedRequest,
  sendJson,
} from '#functions/providers/testing/fake-http-server';
import {
  type AccessGrant,
  bearerOf,
  FailureScript,
  type FakeAppClient,
  FakeOAuthServer,
  type FakePlatformServer,
  fakeAppClient,
  headerOf,
  idCounter,
  jsonOf,
  pathOf,
  platformControls,
  queryOf,
  recordOf,
  sendPostPage,
  startFakePlatform,
  type TokenRefusal,
} from './fake-platform-kit';

/**
 * A stand-in for X on one origin: OAuth 2.0 (`/i/oauth2/authorize`, `/2/oauth2/token` with the
 * confidential client's HTTP Basic, refresh tokens that rotate), and API v2: `/2/users/me`, the one-shot
 * multipart `/2/media/upload`, `/2/tweets` (length by twitter-text, duplicates refused), a user's
 * timeline and delete. A post's text is shown as X shows it: `&`, `<`, `>` as entities, links as t.co
 * links and a t.co link appended for its media. Errors are problem JSON `{ title, detail, type, status }`.
 */

export interface FakeXUser {
  readonly id: string;
  readonly name: string;
  readonly username: string;
}

export interface FakeXOptions {
  readonly client?: FakeAppClient;
  readonly user?: FakeXUser;
}

export interface FakeXPost {
  readonly id: string;
  readonly authorId: string;
  /** The text as sent. */
  readonly text: string;
  /** The text as X answers it. */
  readonly shownText: string;
  readonly mediaIds: readonly string[];
  /** Epoch milliseconds. */
  readonly createdAt: number;
}

export interface FakeXMedia {
  readonly id: string;
  readonly ownerId: string;
  readonly category: string;
  readonly contentType: string;
}

export interface FakeXServer extends FakePlatformServer {
  /** Live posts, oldest first. */
  readonly posts: readonly FakeXPost[];
  readonly media: readonly FakeXMedia[];
}

export const DEFAULT_X_USER: FakeXUser = {
  id: '1590000000000000001',
  name: 'Harbor Dental',
  username: 'harbordental',
};

function problem(status: number, title: string, detail: string, type = 'about:blank', extra: object = {}) {
  return { title, detail, type, status, ...extra };
}

const unauthorizedBody = () => problem(401, 'Unauthorized', 'Unauthorized');
const forbiddenBody = () => problem(403, 'Forbidden', 'You are not permitted to perform this action.');

function invalidRequestBody(message: string) {
  return {
    errors: [{ message }],
    title: 'Invalid Request',
    detail: 'One or more parameters to your request was invalid.',
    type: 'https://api.twitter.com/2/problems/invalid-request',
  };
}

/** X's answers to failures, for `failNext`. */
export const xFailures = {
  expiredToken: (): FakeFailure => ({ kind: 'error', status: 401, body: unauthorizedBody() }),
  /** X says when the window reopens in `x-rate-limit-reset` (epoch seconds); `retry-after` when given. */
  rateLimited: (
    wait: { readonly retryAfter?: string; readonly resetInSeconds?: number } = {},
  ): FakeFailure => ({
    kind: 'error',
    status: 429,
    body: problem(429, 'Too Many Requests', 'Too Many Requests'),
    headers: {
      'x-rate-limit-limit': '100',
      'x-rate-limit-remaining': '0',
      'x-rate-limit-reset': String(Math.ceil(Date.now() / 1000) + (wait.resetInSeconds ?? 900)),
      ...(wait.retryAfter ? { 'retry-after': wait.retryAfter } : {}),
    },
  }),
  unavailable: (): FakeFailure => ({
    kind: 'error',
    status: 503,
    body: problem(503, 'Service Unavailable', 'Service Unavailable'),
  }),
  tooLong: (): FakeFailure => ({ kind: 'error', status: 400, body: tooLongBody() }),
  duplicate: (): FakeFailure => ({ kind: 'error', status: 403, body: duplicateBody() }),
};

function tooLongBody() {
  return invalidRequestBody(
    'Your Tweet text is too long. For more information on how X determines text length see https://github.com/twitter/twitter-text.',
  );
}

function duplicateBody() {
  return problem(403, 'Forbidden', 'You are not allowed to create a Tweet with duplicate content.');
}

function tokenError(refusal: TokenRefusal): { status: number; body: unknown } {
  if (refusal === 'client') {
    return {
      status: 401,
      body: { error: 'unauthorized_client', error_description: 'Missing valid authorization header' },
    };
  }
  if (refusal === 'grant_type') {
    return {
      status: 400,
      body: { error: 'invalid_request', error_description: 'Missing required parameter [grant_type].' },
    };
  }
  // X answers a bad code, verifier, redirect URI or refresh token alike.
  return {
    status: 400,
    body: { error: 'invalid_request', error_description: 'Value passed for the token was invalid.' },
  };
}

const MAX_WEIGHTED_LENGTH = 280;
const START_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{3})?Z$/;

export async function startFakeXServer(options: FakeXOptions = {}): Promise<FakeXServer> {
  const user = options.user ?? DEFAULT_X_USER;
  const posts: FakeXPost[] = [];
  const media: FakeXMedia[] = [];
  const nextId = idCounter();
  const script = new FailureScript();
  const oauth = new FakeOAuthServer({
    platformName: 'X',
    authorizePath: '/i/oauth2/authorize',
    tokenPath: '/2/oauth2/token',
    clientAuthentication: 'basic',
    client: options.client ?? fakeAppClient('x'),
    user: { id: user.id, name: `@${user.username}` },
    accessTokenTtlSeconds: 7200,
    tokenPrefix: 'X2',
    tokenType: 'bearer',
    refreshTokens: 'rotate',
    tokenError,
    accountNames: () => [`${user.name} (@${user.username})`],
  });

  const allowed = (grant: AccessGrant, scopes: readonly string[]) =>
    scopes.every((scope) => grant.scopes.includes(scope));

  const api = (request: RecordedRequest, response: ServerResponse, origin: string) => {
    const path = pathOf(request);
    const checked = oauth.check(bearerOf(request));
    if (checked.status !== 'valid') return sendJson(response, 401, unauthorizedBody());
    const grant = checked.grant;

    if (request.method === 'GET' && path === '/2/users/me') {
      if (!allowed(grant, ['users.read', 'tweet.read'])) return sendJson(response, 403, forbiddenBody());
      return sendJson(response, 200, { data: { id: user.id, name: user.name, username: user.username } });
    }

    if (request.method === 'POST' && path === '/2/media/upload') {
      if (!allowed(grant, ['media.write'])) return sendJson(response, 403, forbiddenBody());
      const parts = multipart(request);
      const file = parts.find((part) => part.name === 'media');
      if (!file || file.content === '') {
        return sendJson(response, 400, invalidRequestBody('The media field is required.'));
      }
      const category = parts.find((part) => part.name === 'media_category')?.content ?? 'tweet_image';
      const id = String(nextId());
      media.push({ id, ownerId: grant.subject, category, contentType: file.contentType });
      return sendJson(response, 200, {
        data: {
          id,
          media_key: `3_${id}`,
          size: file.content.length,
          expires_after_secs: 86_400,
          image: { image_type: file.contentType, w: 1, h: 1 },
        },
      });
    }

    if (request.method === 'POST' && path === '/2/tweets') {
      if (!allowed(grant, ['tweet.write', 'tweet.read', 'users.read']))
        return sendJson(response, 403, forbiddenBody());
      const body = jsonOf(request);
      const text = typeof body.text === 'string' ? body.text : '';
      const mediaIds = recordOf(body.media).media_ids;
      const ids = Array.isArray(mediaIds) ? mediaIds.map(String) : [];
      if (text === '' && ids.length === 0)
        return sendJson(response, 400, invalidRequestBody('Text or media is required.'));
      if (twitterText.parseTweet(text).weightedLength > MAX_WEIGHTED_LENGTH)
        return sendJson(response, 400, tooLongBody());
      if (ids.some((id) => !media.some((item) => item.id === id && item.ownerId === grant.subject))) {
        return sendJson(response, 400, invalidRequestBody('Your media IDs are invalid.'));
      }
      if (text !== '' && posts.some((post) => post.authorId === grant.subject && post.text === text)) {
        return sendJson(response, 403, duplicateBody());
      }
      const id = String(nextId());
      const post: FakeXPost = {
        id,
        authorId: grant.subject,
        text,
        shownText: shown(text, ids.length > 0, origin),
        mediaIds: ids,
        createdAt: Date.now(),
      };
      posts.push(post);
      return sendJson(response, 201, { data: { id, text: post.shownText, edit_history_tweet_ids: [id] } });
    }

    const timeline = /^\/2\/users\/(\d+)\/tweets$/.exec(path);
    if (request.method === 'GET' && timeline) {
      if (!allowed(grant, ['tweet.read', 'users.read'])) return sendJson(response, 403, forbiddenBody());
      const query = queryOf(request);
      const startTime = query.get('start_time');
      if (startTime !== null && !START_TIME.test(startTime)) {
        return sendJson(
          response,
          400,
          invalidRequestBody(
            `Invalid 'start_time':'${startTime}'. 'start_time' must be a date in the format YYYY-MM-DDTHH:mm:ssZ`,
          ),
        );
      }
      const since = startTime === null ? 0 : Date.parse(startTime);
      const withCreatedAt = (query.get('tweet.fields') ?? '').split(',').includes('created_at');
      const found = posts
        .filter((post) => post.authorId === timeline[1] && post.createdAt >= since)
        .reverse()
        .map((post) => ({
          id: post.id,
          text: post.shownText,
          edit_history_tweet_ids: [post.id],
          ...(withCreatedAt ? { created_at: new Date(post.createdAt).toISOString() } : {}),
        }));
      return sendJson(response, 200, {
        ...(found.length > 0 ? { data: found } : {}),
        meta: {
          result_count: found.length,
          ...(found.length > 0 ? { newest_id: found[0]?.id, oldest_id: found.at(-1)?.id } : {}),
        },
      });
    }

    const onePost = /^\/2\/tweets\/(\d+)$/.exec(path);
    if (request.method === 'DELETE' && onePost) {
      if (!allowed(grant, ['tweet.write'])) return sendJson(response, 403, forbiddenBody());
      const index = posts.findIndex((post) => post.id === onePost[1]);
      if (index < 0) {
        return sendJson(
          response,
          404,
          problem(
            404,
            'Not Found Error',
            `Could not find tweet with id: [${onePost[1]}].`,
            'https://api.twitter.com/2/problems/resource-not-found',
          ),
        );
      }
      if (posts[index]?.authorId !== grant.subject) return sendJson(response, 403, forbiddenBody());
      posts.splice(index, 1);
      return sendJson(response, 200, { data: { deleted: true } });
    }

    sendJson(response, 404, problem(404, 'Not Found', `No route for ${request.method} ${path}`));
  };

  const server = await startFakePlatform({
    oauth,
    script,
    pages: (request, response) => {
      const page = /^\/i\/web\/status\/(\d+)$/.exec(pathOf(request));
      if (!page) return false;
      const post = posts.find((candidate) => candidate.id === page[1]);
      sendPostPage(response, 'X', `@${user.username}`, post?.text ?? 'This post was deleted.');
      return true;
    },
    api,
  });
  return {
    origin: server.origin,
    requests: server.requests,
    posts,
    media,
    close: server.close,
    ...platformControls(oauth, script),
  };
}

/** The text as X shows it. */
function shown(text: string, withMedia: boolean, origin: string): string {
  const link = () => `${origin}/t.co/${randomBytes(5).toString('base64url')}`;
  const escaped = text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  const linked = escaped.replace(/https?:\/\/\S+/g, link);
  return withMedia ? `${linked} ${link()}` : linked;
}

interface MultipartPart {
  readonly name: string;
  readonly contentType: string;
  /** The part's bytes as UTF-8 text (the recorded body is text: binary bytes come through lossy). */
  readonly content: string;
}

function multipart(request: RecordedRequest): MultipartPart[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(headerOf(request, 'content-type') ?? '');
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) return [];
  return request.bodyText.split(`--${marker}`).flatMap((chunk) => {
    const split = chunk.indexOf('\r\n\r\n');
    if (split < 0) return [];
    const headers = chunk.slice(0, split);
    const name = /name="([^"]*)"/i.exec(headers)?.[1];
    if (name === undefined) return [];
    const contentType = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? 'text/plain';
    return [{ name, contentType, content: chunk.slice(split + 4).replace(/\r\n$/, '') }];
  });
}
