import type { ServerResponse } from 'node:http';
import { googleErrorBody } from '#functions/providers/testing/fake-google-server';
import type { FakeFailure, RecordedRequest } from '#functions/providers/testing/fake-http-server';
import { sendJson } from '#functions/providers/testing/fake-http-server';
import {
  bearerOf,
  FailureScript,
  type FakeAppClient,
  FakeOAuthServer,
  type FakePlatformServer,
  type FakeUser,
  fakeAppClient,
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
 * A stand-in for Google Business Profile on one origin: Google's OAuth (`/o/oauth2/v2/auth`, `/token`),
 * the Account Management API's `/v1/accounts`, the Business Information API's
 * `/v1/accounts/{a}/locations` (readMask required) and the My Business API's v4 `localPosts`, kept in
 * memory. Errors are Google's `{ error: { code, message, status } }`.
 */

export const GBP_SCOPE = 'https://www.googleapis.com/auth/business.manage';

export interface FakeGbpLocation {
  /** The location's number: its name is `locations/{id}`. */
  readonly id: string;
  readonly title: string;
}

export interface FakeGbpAccount {
  /** The account's number: its name is `accounts/{id}`. */
  readonly id: string;
  readonly accountName: string;
  readonly locations: readonly FakeGbpLocation[];
}

export interface FakeGbpOptions {
  readonly client?: FakeAppClient;
  readonly user?: FakeUser;
  readonly accounts?: readonly FakeGbpAccount[];
  /** How many items a list answers at most per page, whatever `pageSize` asks (tests of paging). */
  readonly maxPageSize?: number;
}

export interface FakeGbpPost {
  /** `accounts/A/locations/L/localPosts/P` */
  readonly name: string;
  /** `accounts/A/locations/L` */
  readonly location: string;
  /** The LocalPost as the request sent it. */
  readonly sent: Record<string, unknown>;
  readonly createTime: string;
  readonly searchUrl: string;
}

export interface FakeGbpServer extends FakePlatformServer {
  /** The live posts, oldest first. */
  readonly posts: readonly FakeGbpPost[];
}

export const DEFAULT_GBP_ACCOUNTS: readonly FakeGbpAccount[] = [
  {
    id: '1029384756',
    accountName: 'Harbor Dental Group',
    locations: [
      { id: '5550001', title: 'Harbor Dental – Downtown' },
      { id: '5550002', title: 'Harbor Dental – Westside' },
    ],
  },
];

const DEFAULT_USER: FakeUser = { id: '108000000000000000001', name: 'Dana Reyes' };
const SUMMARY_MAX_LENGTH = 1500;

/** Google's answers to failures, for `failNext`. */
export const googleFailures = {
  expiredToken: (): FakeFailure => ({
    kind: 'error',
    status: 401,
    body: unauthenticatedBody(),
    headers: { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
  }),
  rateLimited: (retryAfter = '30'): FakeFailure => ({
    kind: 'error',
    status: 429,
    body: googleErrorBody(
      429,
      'RESOURCE_EXHAUSTED',
      "Quota exceeded for quota metric 'Requests' and limit 'Requests per minute' of service 'mybusiness.googleapis.com'.",
    ),
    headers: { 'retry-after': retryAfter },
  }),
  unavailable: (): FakeFailure => ({
    kind: 'error',
    status: 503,
    body: googleErrorBody(503, 'UNAVAILABLE', 'The service is currently unavailable.'),
  }),
  invalidArgument: (field: string, message: string): FakeFailure => ({
    kind: 'error',
    status: 400,
    body: invalidArgumentBody(field, message),
  }),
};

function unauthenticatedBody() {
  return googleErrorBody(
    401,
    'UNAUTHENTICATED',
    'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
  );
}

/** INVALID_ARGUMENT with the v4 API's ValidationError detail naming the field. */
function invalidArgumentBody(field: string, message: string) {
  return {
    error: {
      code: 400,
      message: 'Request contains an invalid argument.',
      status: 'INVALID_ARGUMENT',
      details: [
        {
          '@type': 'type.googleapis.com/google.mybusiness.v4.ValidationError',
          errorDetails: [{ code: 3, field, message }],
        },
      ],
    },
  };
}

function tokenError(refusal: TokenRefusal): { status: number; body: unknown } {
  switch (refusal) {
    case 'client':
      return { status: 401, body: { error: 'invalid_client', error_description: 'Unauthorized' } };
    case 'refresh_token':
      return {
        status: 400,
        body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' },
      };
    case 'grant_type':
      return {
        status: 400,
        body: { error: 'unsupported_grant_type', error_description: 'Invalid grant_type: ' },
      };
    case 'verifier':
      return { status: 400, body: { error: 'invalid_grant', error_description: 'Invalid code verifier.' } };
    default:
      return { status: 400, body: { error: 'invalid_grant', error_description: 'Bad Request' } };
  }
}

export async function startFakeGbpServer(options: FakeGbpOptions = {}): Promise<FakeGbpServer> {
  const accounts = options.accounts ?? DEFAULT_GBP_ACCOUNTS;
  const user = options.user ?? DEFAULT_USER;
  const maxPageSize = options.maxPageSize ?? 100;
  const posts: FakeGbpPost[] = [];
  const nextId = idCounter();
  const oauth = new FakeOAuthServer({
    platformName: 'Google',
    authorizePath: '/o/oauth2/v2/auth',
    tokenPath: '/token',
    clientAuthentication: 'basic',
    client: options.client ?? fakeAppClient('google'),
    user,
    accessTokenTtlSeconds: 3599,
    tokenPrefix: 'ya29.',
    tokenType: 'Bearer',
    refreshTokens: 'omit',
    tokenError,
    accountNames: () => accounts.flatMap((account) => account.locations.map((location) => location.title)),
  });
  const script = new FailureScript();

  const locationOf = (accountId: string, locationId: string) =>
    accounts
      .find((account) => account.id === accountId)
      ?.locations.find((location) => location.id === locationId);

  const api = (request: RecordedRequest, response: ServerResponse, origin: string) => {
    const path = pathOf(request);
    const query = queryOf(request);
    const checked = oauth.check(bearerOf(request));
    if (checked.status !== 'valid') return sendJson(response, 401, unauthenticatedBody());
    if (!checked.grant.scopes.includes(GBP_SCOPE)) {
      return sendJson(
        response,
        403,
        googleErrorBody(403, 'PERMISSION_DENIED', 'Request had insufficient authentication scopes.'),
      );
    }
    const pageSize = Math.min(Number(query.get('pageSize') ?? 10) || 10, maxPageSize);

    if (request.method === 'GET' && path === '/v1/accounts') {
      const page = paginate(accounts, pageSize, query.get('pageToken'));
      return sendJson(response, 200, {
        ...(page.items.length > 0
          ? {
              accounts: page.items.map((account) => ({
                name: `accounts/${account.id}`,
                accountName: account.accountName,
                type: 'LOCATION_GROUP',
                verificationState: 'VERIFIED',
                vettedState: 'NOT_VETTED',
              })),
            }
          : {}),
        ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
      });
    }

    const locations = /^\/v1\/accounts\/([^/]+)\/locations$/.exec(path);
    if (request.method === 'GET' && locations) {
      const account = accounts.find((candidate) => candidate.id === locations[1]);
      if (!account) return permissionDenied(response);
      const readMask = (query.get('readMask') ?? '').split(',').filter((field) => field !== '');
      if (readMask.length === 0) {
        return sendJson(
          response,
          400,
          googleErrorBody(400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.'),
        );
      }
      const page = paginate(account.locations, pageSize, query.get('pageToken'));
      return sendJson(response, 200, {
        ...(page.items.length > 0
          ? {
              locations: page.items.map((location) => {
                const full: Record<string, string> = {
                  name: `locations/${location.id}`,
                  title: location.title,
                };
                return Object.fromEntries(Object.entries(full).filter(([field]) => readMask.includes(field)));
              }),
            }
          : {}),
        ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
      });
    }

    const postsPath = /^\/v4\/accounts\/([^/]+)\/locations\/([^/]+)\/localPosts$/.exec(path);
    if (postsPath) {
      const [, accountId = '', locationId = ''] = postsPath;
      if (!locationOf(accountId, locationId)) return permissionDenied(response);
      const location = `accounts/${accountId}/locations/${locationId}`;
      if (request.method === 'POST') return createPost(request, response, origin, location);
      if (request.method === 'GET') {
        const newestFirst = posts.filter((post) => post.location === location).reverse();
        const page = paginate(newestFirst, pageSize, query.get('pageToken'));
        return sendJson(response, 200, {
          ...(page.items.length > 0 ? { localPosts: page.items.map(localPostResource) } : {}),
          ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
        });
      }
    }

    const onePost = /^\/v4\/(accounts\/([^/]+)\/locations\/([^/]+)\/localPosts\/[^/]+)$/.exec(path);
    if (onePost && request.method === 'DELETE') {
      if (!locationOf(onePost[2] ?? '', onePost[3] ?? '')) return permissionDenied(response);
      const index = posts.findIndex((post) => post.name === onePost[1]);
      if (index < 0)
        return sendJson(response, 404, googleErrorBody(404, 'NOT_FOUND', 'Requested entity was not found.'));
      posts.splice(index, 1);
      return sendJson(response, 200, {});
    }

    sendJson(
      response,
      404,
      googleErrorBody(404, 'NOT_FOUND', `The requested URL ${path} was not found on this server.`),
    );
  };

  const createPost = (
    request: RecordedRequest,
    response: ServerResponse,
    origin: string,
    location: string,
  ) => {
    const sent = jsonOf(request);
    const summary = typeof sent.summary === 'string' ? sent.summary : '';
    const topicType = sent.topicType ?? 'STANDARD';
    if (summary === '' && !Array.isArray(sent.media)) {
      return sendJson(response, 400, invalidArgumentBody('summary', 'A post needs a summary or a photo'));
    }
    if (summary.length > SUMMARY_MAX_LENGTH) {
      return sendJson(
        response,
        400,
        invalidArgumentBody('summary', `The summary is longer than ${SUMMARY_MAX_LENGTH} characters`),
      );
    }
    const event = recordOf(sent.event);
    if (
      (topicType === 'EVENT' || topicType === 'OFFER') &&
      (typeof event.title !== 'string' || !event.schedule)
    ) {
      return sendJson(
        response,
        400,
        invalidArgumentBody('event', 'An event or offer needs a title and a schedule'),
      );
    }
    const id = String(nextId());
    const name = `${location}/localPosts/${id}`;
    const post: FakeGbpPost = {
      name,
      location,
      sent,
      createTime: new Date().toISOString(),
      searchUrl: `${origin}/local/place?use=posts&lpsid=${encodeURIComponent(name)}`,
    };
    posts.push(post);
    sendJson(response, 200, localPostResource(post));
  };

  const server = await startFakePlatform({
    oauth,
    script,
    pages: (request, response) => {
      if (pathOf(request) !== '/local/place') return false;
      const post = posts.find((candidate) => candidate.name === queryOf(request).get('lpsid'));
      const title = post ? locationOf(...locationIds(post.location))?.title : undefined;
      sendPostPage(response, 'Google', title ?? 'Removed post', String(post?.sent.summary ?? ''));
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

function locationIds(location: string): [string, string] {
  const [, accountId = '', , locationId = ''] = location.split('/');
  return [accountId, locationId];
}

function permissionDenied(response: ServerResponse): void {
  sendJson(response, 403, googleErrorBody(403, 'PERMISSION_DENIED', 'The caller does not have permission'));
}

/** The LocalPost as Google answers it: what was sent, with its name, state, times and search URL. */
function localPostResource(post: FakeGbpPost): Record<string, unknown> {
  const media = Array.isArray(post.sent.media)
    ? post.sent.media.map((item, index) => ({
        ...(typeof item === 'object' && item !== null ? item : {}),
        name: `${post.name}/media/${index}`,
      }))
    : undefined;
  return {
    ...post.sent,
    name: post.name,
    state: 'LIVE',
    createTime: post.createTime,
    updateTime: post.createTime,
    searchUrl: post.searchUrl,
    ...(media ? { media } : {}),
  };
}

/** One page of `items` and the token of the next; Google's tokens are opaque, these are offsets. */
export function paginate<Item>(
  items: readonly Item[],
  pageSize: number,
  pageToken: string | null,
): { items: readonly Item[]; nextPageToken: string | undefined } {
  const start = Number(pageToken ?? 0) || 0;
  const end = start + Math.max(1, pageSize);
  return { items: items.slice(start, end), nextPageToken: end < items.length ? String(end) : undefined };
}
