import type { ServerResponse } from 'node:http';
import {
  type FakeFailure,
  type RecordedRequest,
  sendJson,
} from '#functions/providers/testing/fake-http-server';
import {
  bearerOf,
  FailureScript,
  type FakeAppClient,
  FakeOAuthServer,
  type FakePlatformServer,
  type FakeUser,
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
 * A stand-in for LinkedIn on one origin: its OAuth (`/oauth/v2/authorization`, `/oauth/v2/accessToken`
 * with the app's credentials in the form), and the versioned REST API: `organizationAcls`,
 * `organizations/{id}`, the Images API's `initializeUpload` with the upload URL it hands out, and
 * `posts`. Every `/rest/` call must name a `LinkedIn-Version` and `X-Restli-Protocol-Version: 2.0.0`;
 * errors are LinkedIn's `{ status, serviceErrorCode, code, message }`.
 */

export interface FakeLinkedInOrganization {
  readonly id: string;
  readonly localizedName: string;
  readonly vanityName: string;
}

export interface FakeLinkedInOptions {
  readonly client?: FakeAppClient;
  /** The member; `id` is the person URN's last part. */
  readonly user?: FakeUser;
  /** The organizations the member administers. */
  readonly organizations?: readonly FakeLinkedInOrganization[];
  /** The API versions LinkedIn serves; any `YYYYMM` when absent. */
  readonly activeVersions?: readonly string[];
}

export interface FakeLinkedInPost {
  /** `urn:li:share:N` */
  readonly id: string;
  readonly author: string;
  readonly commentary: string;
  /** The post as the request sent it. */
  readonly sent: Record<string, unknown>;
  /** Epoch milliseconds. */
  readonly createdAt: number;
}

export interface FakeLinkedInUpload {
  /** `urn:li:image:…` */
  readonly image: string;
  readonly owner: string;
  /** What the PUT to the upload URL carried; undefined until it came. */
  uploaded?: { readonly contentType: string; readonly byteLength: number };
}

export interface FakeLinkedInServer extends FakePlatformServer {
  /** Live posts, oldest first. */
  readonly posts: readonly FakeLinkedInPost[];
  readonly uploads: readonly FakeLinkedInUpload[];
}

export const DEFAULT_LINKEDIN_ORGANIZATIONS: readonly FakeLinkedInOrganization[] = [
  { id: '90210001', localizedName: 'Harbor Dental Group', vanityName: 'harbor-dental-group' },
];

const DEFAULT_USER: FakeUser = { id: 'dAnArEyEs1', name: 'Dana Reyes' };
const COMMENTARY_MAX_LENGTH = 3000;

/** LinkedIn's error body. */
export function linkedinErrorBody(status: number, message: string, code?: string, serviceErrorCode?: number) {
  return {
    status,
    ...(serviceErrorCode === undefined ? {} : { serviceErrorCode }),
    ...(code === undefined ? {} : { code }),
    message,
  };
}

const expiredBody = () =>
  linkedinErrorBody(401, 'The token used in the request has expired', 'EXPIRED_ACCESS_TOKEN', 65601);

/** LinkedIn's answers to failures, for `failNext`. */
export const linkedinFailures = {
  expiredToken: (): FakeFailure => ({ kind: 'error', status: 401, body: expiredBody() }),
  rateLimited: (retryAfter = '60'): FakeFailure => ({
    kind: 'error',
    status: 429,
    body: linkedinErrorBody(
      429,
      'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.',
      'TOO_MANY_REQUESTS',
      101,
    ),
    headers: { 'retry-after': retryAfter },
  }),
  unavailable: (): FakeFailure => ({
    kind: 'error',
    status: 504,
    body: linkedinErrorBody(504, 'Gateway Timeout'),
  }),
  validation: (message: string): FakeFailure => ({
    kind: 'error',
    status: 422,
    body: linkedinErrorBody(422, message),
  }),
};

function tokenError(refusal: TokenRefusal): { status: number; body: unknown } {
  switch (refusal) {
    case 'client':
      return {
        status: 401,
        body: { error: 'invalid_client', error_description: 'Client authentication failed' },
      };
    case 'refresh_token':
      return {
        status: 400,
        body: {
          error: 'invalid_request',
          error_description:
            'The provided authorization grant or refresh token is invalid, expired or revoked',
        },
      };
    case 'grant_type':
      return {
        status: 400,
        body: { error: 'unsupported_grant_type', error_description: 'Unsupported grant type' },
      };
    default:
      return {
        status: 400,
        body: {
          error: 'invalid_request',
          error_description:
            'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired.',
        },
      };
  }
}

export async function startFakeLinkedInServer(
  options: FakeLinkedInOptions = {},
): Promise<FakeLinkedInServer> {
  const organizations = options.organizations ?? DEFAULT_LINKEDIN_ORGANIZATIONS;
  const user = options.user ?? DEFAULT_USER;
  const posts: FakeLinkedInPost[] = [];
  const uploads: FakeLinkedInUpload[] = [];
  const nextId = idCounter();
  const script = new FailureScript();
  const oauth = new FakeOAuthServer({
    platformName: 'LinkedIn',
    authorizePath: '/oauth/v2/authorization',
    tokenPath: '/oauth/v2/accessToken',
    clientAuthentication: 'body',
    client: options.client ?? fakeAppClient('linkedin'),
    user,
    accessTokenTtlSeconds: 5_184_000,
    tokenPrefix: 'AQV',
    tokenType: 'Bearer',
    refreshTokens: 'same',
    extraTokenFields: { refresh_token_expires_in: 31_536_000 },
    tokenError,
    accountNames: () => organizations.map((organization) => organization.localizedName),
  });

  const administered = (urn: unknown) =>
    organizations.find((organization) => `urn:li:organization:${organization.id}` === urn);

  const api = (request: RecordedRequest, response: ServerResponse, origin: string) => {
    const path = pathOf(request);
    const checked = oauth.check(bearerOf(request));
    if (checked.status !== 'valid') {
      return sendJson(
        response,
        401,
        checked.status === 'expired'
          ? expiredBody()
          : linkedinErrorBody(401, 'Invalid access token', 'INVALID_ACCESS_TOKEN', 65600),
      );
    }

    const upload = /^\/dms-uploads\/([\w-]+)$/.exec(path);
    if (upload && request.method === 'PUT') {
      const pending = uploads.find((candidate) => candidate.image.endsWith(upload[1] ?? ''));
      if (!pending) return sendJson(response, 404, linkedinErrorBody(404, 'Upload not found'));
      pending.uploaded = {
        contentType: headerOf(request, 'content-type') ?? '',
        byteLength: Number(headerOf(request, 'content-length') ?? 0),
      };
      response.writeHead(201);
      response.end();
      return;
    }

    if (!path.startsWith('/rest/')) return sendJson(response, 404, linkedinErrorBody(404, 'Not Found'));
    const version = headerOf(request, 'linkedin-version');
    if (!version) {
      return sendJson(
        response,
        400,
        linkedinErrorBody(
          400,
          'A version must be present. Please specify a version by adding the LinkedIn-Version header.',
          'VERSION_MISSING',
        ),
      );
    }
    if (!/^20\d{4}$/.test(version) || (options.activeVersions && !options.activeVersions.includes(version))) {
      return sendJson(
        response,
        426,
        linkedinErrorBody(426, `Requested version ${version} is not active`, 'NONEXISTENT_VERSION'),
      );
    }
    if (headerOf(request, 'x-restli-protocol-version') !== '2.0.0') {
      return sendJson(
        response,
        400,
        linkedinErrorBody(
          400,
          'Rest.li protocol 2.0.0 is required (X-Restli-Protocol-Version)',
          'ILLEGAL_ARGUMENT',
        ),
      );
    }
    const query = queryOf(request);

    if (request.method === 'GET' && path === '/rest/organizationAcls') {
      if (query.get('q') !== 'roleAssignee') {
        return sendJson(response, 400, linkedinErrorBody(400, 'Invalid query parameters passed to request'));
      }
      const role = query.get('role') ?? 'ADMINISTRATOR';
      const elements =
        role === 'ADMINISTRATOR' && (query.get('state') ?? 'APPROVED') === 'APPROVED'
          ? organizations.map((organization) => ({
              roleAssignee: `urn:li:person:${user.id}`,
              state: 'APPROVED',
              role: 'ADMINISTRATOR',
              organization: `urn:li:organization:${organization.id}`,
            }))
          : [];
      return sendJson(response, 200, {
        paging: { start: 0, count: 10, links: [], total: elements.length },
        elements,
      });
    }

    const organization = /^\/rest\/organizations\/(\d+)$/.exec(path);
    if (request.method === 'GET' && organization) {
      const found = organizations.find((candidate) => candidate.id === organization[1]);
      if (!found) {
        return sendJson(
          response,
          404,
          linkedinErrorBody(404, `Organization ${organization[1]} not found`, 'NOT_FOUND'),
        );
      }
      return sendJson(response, 200, {
        id: Number(found.id),
        localizedName: found.localizedName,
        vanityName: found.vanityName,
        name: {
          localized: { en_US: found.localizedName },
          preferredLocale: { country: 'US', language: 'en' },
        },
      });
    }

    if (request.method === 'POST' && path === '/rest/images' && query.get('action') === 'initializeUpload') {
      const owner = recordOf(jsonOf(request).initializeUploadRequest).owner;
      if (!administered(owner)) return accessDenied(response, 'partnerApiImages.CREATE');
      const id = `D4E10AQ${nextId()}`;
      uploads.push({ image: `urn:li:image:${id}`, owner: String(owner) });
      return sendJson(response, 200, {
        value: {
          uploadUrlExpiresAt: Date.now() + 3_600_000,
          uploadUrl: `${origin}/dms-uploads/${id}`,
          image: `urn:li:image:${id}`,
        },
      });
    }

    if (request.method === 'POST' && path === '/rest/posts') return createPost(request, response);

    if (request.method === 'GET' && path === '/rest/posts') {
      const author = query.get('author');
      if (query.get('q') !== 'author' || !author) {
        return sendJson(response, 400, linkedinErrorBody(400, 'Invalid query parameters passed to request'));
      }
      if (!administered(author)) return accessDenied(response, 'partnerApiPostsExternal.FINDER-author');
      const elements = posts
        .filter((post) => post.author === author)
        .reverse()
        .map((post) => ({
          ...post.sent,
          id: post.id,
          createdAt: post.createdAt,
          lastModifiedAt: post.createdAt,
          publishedAt: post.createdAt,
        }));
      return sendJson(response, 200, { paging: { start: 0, count: 10, links: [] }, elements });
    }

    const onePost = /^\/rest\/posts\/([^/]+)$/.exec(path);
    if (request.method === 'DELETE' && onePost) {
      const urn = decodeURIComponent(onePost[1] ?? '');
      const index = posts.findIndex((post) => post.id === urn);
      if (index < 0)
        return sendJson(response, 404, linkedinErrorBody(404, `Post ${urn} not found`, 'NOT_FOUND'));
      if (!administered(posts[index]?.author))
        return accessDenied(response, 'partnerApiPostsExternal.DELETE');
      posts.splice(index, 1);
      response.writeHead(204);
      response.end();
      return;
    }

    sendJson(
      response,
      404,
      linkedinErrorBody(404, `No resource found for ${request.method} ${path}`, 'NOT_FOUND'),
    );
  };

  const createPost = (request: RecordedRequest, response: ServerResponse) => {
    const sent = jsonOf(request);
    const missing = ['author', 'commentary', 'visibility', 'distribution', 'lifecycleState'].filter(
      (field) => sent[field] === undefined,
    );
    if (missing.length > 0) {
      const errors = missing.map(
        (field) => `ERROR :: /${field} :: field is required but not found and has no default value`,
      );
      return sendJson(response, 422, linkedinErrorBody(422, `${errors.join('\n')}\n`));
    }
    if (!administered(sent.author)) return accessDenied(response, 'partnerApiPostsExternal.CREATE');
    const commentary = String(sent.commentary);
    if (commentary.length > COMMENTARY_MAX_LENGTH) {
      return sendJson(
        response,
        422,
        linkedinErrorBody(
          422,
          `ERROR :: /commentary :: length ${commentary.length} exceeds ${COMMENTARY_MAX_LENGTH}\n`,
        ),
      );
    }
    const media = recordOf(recordOf(sent.content).media).id;
    if (
      media !== undefined &&
      !uploads.some((candidate) => candidate.image === media && candidate.uploaded)
    ) {
      return sendJson(
        response,
        400,
        linkedinErrorBody(400, `The media ${String(media)} has not been uploaded`),
      );
    }
    const id = `urn:li:share:${nextId()}`;
    posts.push({ id, author: String(sent.author), commentary, sent, createdAt: Date.now() });
    response.writeHead(201, { 'x-restli-id': id, 'x-linkedin-id': id });
    response.end();
  };

  const server = await startFakePlatform({
    oauth,
    script,
    pages: (request, response) => {
      const page = /^\/feed\/update\/([^/]+)\/?$/.exec(pathOf(request));
      if (!page) return false;
      const post = posts.find((candidate) => candidate.id === decodeURIComponent(page[1] ?? ''));
      const author = administered(post?.author)?.localizedName ?? 'Removed post';
      sendPostPage(response, 'LinkedIn', author, post?.commentary ?? '');
      return true;
    },
    api,
  });
  return {
    origin: server.origin,
    requests: server.requests,
    posts,
    uploads,
    close: server.close,
    ...platformControls(oauth, script),
  };
}

function accessDenied(response: ServerResponse, permission: string): void {
  sendJson(
    response,
    403,
    linkedinErrorBody(403, `Not enough permissions to access: ${permission}.20241101`, 'ACCESS_DENIED', 100),
  );
}
