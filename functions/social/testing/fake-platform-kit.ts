import { createHash, randomBytes } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import {
  type FakeFailure,
  type FakeServer,
  type RecordedRequest,
  sendFailure,
  sendJson,
  startFakeServer,
} from '#functions/providers/testing/fake-http-server';
import type { ChannelApp } from '#shared/channels';

/**
 * What the fake publishing platforms share (docs/architecture.md, "Publishing channels"): an OAuth 2.0
 * authorization server with a consent page and PKCE, the bearer tokens it issues, a script of failures
 * for the next requests, and the HTML page each platform's 'View post' link opens. Each fake adds its
 * platform's API on top. No test-runner imports: the local runtime starts these fakes too.
 */

/** The agency's app as a fake platform knows it. */
export interface FakeAppClient {
  readonly clientId: string;
  readonly clientSecret: string;
  /** Shown on the consent page: "<appName> wants to publish as …". */
  readonly appName: string;
  /** When set, the only redirect URIs the app registered; any URI otherwise. */
  readonly redirectUris?: readonly string[];
}

/** The credentials each fake accepts unless told otherwise. */
export function fakeAppClient(app: ChannelApp): FakeAppClient {
  return {
    clientId: `lbm-studio-${app}-client`,
    clientSecret: `lbm-studio-${app}-secret`,
    appName: 'LBM Studio',
  };
}

/** The person signed in on the fake platform, who consents. */
export interface FakeUser {
  readonly id: string;
  readonly name: string;
}

/** Which requests a scripted failure answers; every API and token request when empty. */
export interface FakeRequestMatch {
  readonly method?: string;
  /** The path without the query, or a pattern it must match. */
  readonly path?: string | RegExp;
}

/** What every fake platform offers a test (and the local runtime) besides its own records. */
export interface FakePlatformServer {
  /** `http://127.0.0.1:PORT`: pass as `originOverride`. */
  readonly origin: string;
  readonly requests: readonly RecordedRequest[];
  /**
   * Answers the next request that `match` fits (any API or token request when absent) with `failure`,
   * `times` times; the consent page and the post pages are never scripted.
   */
  failNext(failure: ScriptedFailure, match?: FakeRequestMatch, times?: number): void;
  /** Every access token issued so far is expired from now on (the platform's expired-token error). */
  expireAccessTokens(): void;
  /** Every refresh token issued so far is revoked (a refresh answers the platform's invalid grant). */
  revokeRefreshTokens(): void;
  close(): Promise<void>;
}

export function pathOf(request: RecordedRequest): string {
  return request.url.split('?')[0] ?? '/';
}

export function queryOf(request: RecordedRequest): URLSearchParams {
  return new URL(request.url, 'http://fake.invalid').searchParams;
}

export function headerOf(request: RecordedRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** `Authorization: Bearer …` (Meta also takes its `OAuth …` form). */
export function bearerOf(request: RecordedRequest): string | undefined {
  const match = /^(?:Bearer|OAuth)\s+(.+)$/i.exec(headerOf(request, 'authorization') ?? '');
  return match?.[1]?.trim();
}

/** A JSON object as a record; `{}` for anything else. */
export function recordOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** A JSON body as a record; `{}` when it is not a JSON object. */
export function jsonOf(request: RecordedRequest): Record<string, unknown> {
  return recordOf(request.body);
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export function sendHtml(response: ServerResponse, status: number, title: string, body: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main>${body}</main></body></html>`,
  );
}

/** The page a post's URL opens on a fake platform, so 'View post' lands somewhere local. */
export function sendPostPage(
  response: ServerResponse,
  platformName: string,
  author: string,
  text: string,
): void {
  sendHtml(
    response,
    200,
    `${author} on ${platformName}`,
    `<p>${escapeHtml(platformName)} (a local stand-in)</p><h1>${escapeHtml(author)}</h1><article>${escapeHtml(text)}</article>`,
  );
}

/**
 * What a scripted request meets: a provider-style failure, or `lose-answer`: the platform does what was
 * asked (the post is made) and the answer never reaches the caller, as when the caller dies between
 * sending and recording (a kill -9).
 */
export type ScriptedFailure = FakeFailure | { readonly kind: 'lose-answer' };

/** Failures queued for the next requests, each taken by the first request its match fits. */
export class FailureScript {
  readonly #queue: { readonly failure: ScriptedFailure; readonly match: FakeRequestMatch | undefined }[] = [];

  add(failure: ScriptedFailure, match?: FakeRequestMatch, times = 1): void {
    for (let time = 0; time < times; time++) this.#queue.push({ failure, match });
  }

  take(request: RecordedRequest): ScriptedFailure | undefined {
    const index = this.#queue.findIndex(({ match }) => fits(request, match));
    if (index < 0) return undefined;
    return this.#queue.splice(index, 1)[0]?.failure;
  }
}

function fits(request: RecordedRequest, match: FakeRequestMatch | undefined): boolean {
  if (!match) return true;
  if (match.method && match.method.toUpperCase() !== request.method) return false;
  const path = pathOf(request);
  if (typeof match.path === 'string') return path === match.path;
  return match.path ? match.path.test(path) : true;
}

/** Why a token request was refused; each fake answers it in its platform's words. */
export type TokenRefusal = 'client' | 'code' | 'redirect_uri' | 'verifier' | 'refresh_token' | 'grant_type';

export interface FakeOAuthOptions {
  /** "Google", shown on the consent page. */
  readonly platformName: string;
  readonly authorizePath: string;
  readonly tokenPath: string;
  /** HTTP Basic (Google, X) or `client_id` and `client_secret` in the form (LinkedIn, Meta). */
  readonly clientAuthentication: 'basic' | 'body';
  /** Methods the token endpoint answers: POST, and GET for Meta's (its long-lived exchange is a GET). */
  readonly tokenMethods?: readonly string[];
  readonly client: FakeAppClient;
  readonly user: FakeUser;
  readonly accessTokenTtlSeconds: number;
  /** Starts every access token, as the platform's own do (`ya29.` for Google). */
  readonly tokenPrefix: string;
  readonly tokenType: string;
  /**
   * Refresh tokens: `rotate` (a refresh answers a new one and retires the old, X), `same` (it answers
   * the same one, LinkedIn), `omit` (it answers none and the old one stays, Google), `none` (Meta
   * issues none).
   */
  readonly refreshTokens: 'rotate' | 'same' | 'omit' | 'none';
  readonly extraTokenFields?: Readonly<Record<string, unknown>>;
  readonly tokenError: (refusal: TokenRefusal) => { readonly status: number; readonly body: unknown };
  /** What the consent page lists as the accounts the app would publish as. */
  readonly accountNames: () => readonly string[];
  /** Grants the platform adds, by `grant_type` (Meta's `fb_exchange_token`), after the client is checked. */
  readonly extraGrants?: Readonly<
    Record<string, (params: URLSearchParams, response: ServerResponse) => void>
  >;
}

export interface AccessGrant {
  readonly token: string;
  /** Whose token it is: the user's id, or what the fake says (`page:1234` for a Page token). */
  readonly subject: string;
  readonly scopes: readonly string[];
  /** Epoch milliseconds; undefined for a token that does not expire (a Page token). */
  expiresAt: number | undefined;
}

export type TokenCheck =
  | { readonly status: 'valid'; readonly grant: AccessGrant }
  | { readonly status: 'expired' | 'unknown' };

interface PendingConsent {
  readonly redirectUri: string;
  readonly state: string | undefined;
  readonly challenge: string;
  readonly scopes: readonly string[];
}

interface IssuedCode extends PendingConsent {
  readonly expiresAt: number;
  used: boolean;
}

/** What a token answer says of the refresh token: a new one, the one sent, or nothing. */
type RefreshAnswer =
  | { readonly kind: 'issue' }
  | { readonly kind: 'keep'; readonly token: string }
  | { readonly kind: 'omit' };

interface RefreshGrant {
  readonly subject: string;
  readonly scopes: readonly string[];
  revoked: boolean;
}

const CONSENT_PATH = /^\/__fake\/consent\/([\w-]+)\/(allow|deny)$/;
const CODE_TTL_MS = 10 * 60 * 1000;

/** The authorization server of one fake platform: consent page, token endpoint and the tokens issued. */
export class FakeOAuthServer {
  readonly #options: FakeOAuthOptions;
  readonly #consents = new Map<string, PendingConsent>();
  readonly #codes = new Map<string, IssuedCode>();
  readonly #accessTokens = new Map<string, AccessGrant>();
  readonly #refreshTokens = new Map<string, RefreshGrant>();

  constructor(options: FakeOAuthOptions) {
    this.#options = options;
  }

  /** Whether this is the authorize page or a consent decision (never scripted). */
  isConsent(request: RecordedRequest): boolean {
    const path = pathOf(request);
    return path === this.#options.authorizePath || CONSENT_PATH.test(path);
  }

  isTokenRequest(request: RecordedRequest): boolean {
    return pathOf(request) === this.#options.tokenPath;
  }

  handleConsent(request: RecordedRequest, response: ServerResponse) {
    const decision = CONSENT_PATH.exec(pathOf(request));
    if (decision) this.#decide(decision[1] ?? '', decision[2] === 'allow', response);
    else this.#authorize(request, response);
  }

  handleToken(request: RecordedRequest, response: ServerResponse) {
    const methods = this.#options.tokenMethods ?? ['POST'];
    if (!methods.includes(request.method)) {
      sendJson(response, 405, {
        error: 'invalid_request',
        error_description: `${request.method} is not allowed`,
      });
      return;
    }
    const params = queryOf(request);
    if (request.method === 'POST')
      for (const [name, value] of new URLSearchParams(request.bodyText)) params.set(name, value);
    if (!this.#clientAuthenticated(request, params)) return this.#refuse(response, 'client');
    const grantType = params.get('grant_type') ?? (params.has('code') ? 'authorization_code' : '');
    if (grantType === 'authorization_code') return this.#codeGrant(params, response);
    if (grantType === 'refresh_token' && this.#options.refreshTokens !== 'none') {
      return this.#refreshGrant(params, response);
    }
    const extra = this.#options.extraGrants?.[grantType];
    if (extra) return extra(params, response);
    this.#refuse(response, 'grant_type');
  }

  check(token: string | undefined): TokenCheck {
    const grant = token ? this.#accessTokens.get(token) : undefined;
    if (!grant) return { status: 'unknown' };
    if (grant.expiresAt !== undefined && Date.now() >= grant.expiresAt) return { status: 'expired' };
    return { status: 'valid', grant };
  }

  issueAccessToken(subject: string, scopes: readonly string[], ttlSeconds: number | undefined): AccessGrant {
    const grant: AccessGrant = {
      token: `${this.#options.tokenPrefix}${randomBytes(24).toString('base64url')}`,
      subject,
      scopes,
      expiresAt: ttlSeconds === undefined ? undefined : Date.now() + ttlSeconds * 1000,
    };
    this.#accessTokens.set(grant.token, grant);
    return grant;
  }

  expireAccessTokens(): void {
    const past = Date.now() - 1000;
    for (const grant of this.#accessTokens.values()) grant.expiresAt = past;
  }

  revokeRefreshTokens(): void {
    for (const grant of this.#refreshTokens.values()) grant.revoked = true;
  }

  #authorize(request: RecordedRequest, response: ServerResponse) {
    const { client, platformName, user } = this.#options;
    const query = queryOf(request);
    const redirectUri = query.get('redirect_uri') ?? '';
    if (query.get('client_id') !== client.clientId) {
      return sendHtml(
        response,
        400,
        'invalid_client',
        '<h1>invalid_client</h1><p>The OAuth client was not found.</p>',
      );
    }
    if (!URL.canParse(redirectUri) || (client.redirectUris && !client.redirectUris.includes(redirectUri))) {
      return sendHtml(
        response,
        400,
        'redirect_uri_mismatch',
        `<h1>redirect_uri_mismatch</h1><p>${escapeHtml(redirectUri)} is not a redirect URI of this app.</p>`,
      );
    }
    const challenge = query.get('code_challenge');
    if (
      query.get('response_type') !== 'code' ||
      !challenge ||
      query.get('code_challenge_method') !== 'S256'
    ) {
      return sendHtml(
        response,
        400,
        'invalid_request',
        '<h1>invalid_request</h1><p>This fake takes response_type=code with a PKCE S256 code_challenge.</p>',
      );
    }
    const scopes = (query.get('scope') ?? '').split(/[\s,]+/).filter((scope) => scope !== '');
    const id = randomBytes(12).toString('base64url');
    this.#consents.set(id, { redirectUri, state: query.get('state') ?? undefined, challenge, scopes });
    const accounts = this.#options.accountNames().map((name) => `<li>${escapeHtml(name)}</li>`);
    const asked = scopes.map((scope) => `<li><code>${escapeHtml(scope)}</code></li>`);
    sendHtml(
      response,
      200,
      `${platformName}: ${client.appName}`,
      [
        `<p>${escapeHtml(platformName)} (a local stand-in)</p>`,
        `<h1>${escapeHtml(client.appName)} wants to publish as ${escapeHtml(user.name)}</h1>`,
        `<p>Accounts it could publish as:</p><ul>${accounts.join('')}</ul>`,
        `<p>It asks for:</p><ul>${asked.join('')}</ul>`,
        `<p><a id="allow" href="/__fake/consent/${id}/allow">Allow</a> `,
        `<a id="deny" href="/__fake/consent/${id}/deny">Deny</a></p>`,
      ].join(''),
    );
  }

  #decide(id: string, allowed: boolean, response: ServerResponse) {
    const consent = this.#consents.get(id);
    if (!consent) {
      return sendHtml(response, 400, 'Expired', '<h1>This consent page has expired</h1><p>Start again.</p>');
    }
    this.#consents.delete(id);
    const target = new URL(consent.redirectUri);
    if (allowed) {
      const code = randomBytes(18).toString('base64url');
      this.#codes.set(code, { ...consent, expiresAt: Date.now() + CODE_TTL_MS, used: false });
      target.searchParams.set('code', code);
    } else {
      target.searchParams.set('error', 'access_denied');
    }
    if (consent.state !== undefined) target.searchParams.set('state', consent.state);
    response.writeHead(302, { location: target.toString() });
    response.end();
  }

  #clientAuthenticated(request: RecordedRequest, params: URLSearchParams): boolean {
    const { client, clientAuthentication } = this.#options;
    if (clientAuthentication === 'body') {
      return (
        params.get('client_id') === client.clientId && params.get('client_secret') === client.clientSecret
      );
    }
    const basic = /^Basic\s+(.+)$/i.exec(headerOf(request, 'authorization') ?? '');
    if (!basic?.[1]) return false;
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return decoded.slice(0, colon) === client.clientId && decoded.slice(colon + 1) === client.clientSecret;
  }

  #codeGrant(params: URLSearchParams, response: ServerResponse) {
    const issued = this.#codes.get(params.get('code') ?? '');
    if (!issued || issued.used || Date.now() >= issued.expiresAt) return this.#refuse(response, 'code');
    if (params.get('redirect_uri') !== issued.redirectUri) return this.#refuse(response, 'redirect_uri');
    const verifier = params.get('code_verifier') ?? '';
    if (createHash('sha256').update(verifier).digest('base64url') !== issued.challenge) {
      return this.#refuse(response, 'verifier');
    }
    issued.used = true;
    this.#sendTokens(response, this.#options.user.id, issued.scopes, { kind: 'issue' });
  }

  #refreshGrant(params: URLSearchParams, response: ServerResponse) {
    const token = params.get('refresh_token') ?? '';
    const grant = this.#refreshTokens.get(token);
    if (!grant || grant.revoked) return this.#refuse(response, 'refresh_token');
    const mode = this.#options.refreshTokens;
    if (mode === 'rotate') grant.revoked = true;
    const refresh: RefreshAnswer =
      mode === 'same' ? { kind: 'keep', token } : mode === 'omit' ? { kind: 'omit' } : { kind: 'issue' };
    this.#sendTokens(response, grant.subject, grant.scopes, refresh);
  }

  #sendTokens(
    response: ServerResponse,
    subject: string,
    scopes: readonly string[],
    refresh: RefreshAnswer,
  ): void {
    const { accessTokenTtlSeconds, refreshTokens, tokenType, extraTokenFields } = this.#options;
    const access = this.issueAccessToken(subject, scopes, accessTokenTtlSeconds);
    let refreshToken: string | undefined;
    if (refresh.kind === 'keep') refreshToken = refresh.token;
    else if (refresh.kind === 'issue' && refreshTokens !== 'none') {
      refreshToken = randomBytes(30).toString('base64url');
      this.#refreshTokens.set(refreshToken, { subject, scopes, revoked: false });
    }
    sendJson(response, 200, {
      access_token: access.token,
      token_type: tokenType,
      expires_in: accessTokenTtlSeconds,
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
      scope: scopes.join(' '),
      ...extraTokenFields,
    });
  }

  #refuse(response: ServerResponse, refusal: TokenRefusal): void {
    const { status, body } = this.#options.tokenError(refusal);
    sendJson(response, status, body);
  }
}

/**
 * Starts one fake platform: the consent page and post pages first (never scripted), then the next
 * scripted failure if one fits, then the token endpoint, then the platform's API.
 */
export async function startFakePlatform(parts: {
  readonly oauth: FakeOAuthServer;
  readonly script: FailureScript;
  /** Answers a post page's request and returns true, or returns false for any other request. */
  readonly pages: (request: RecordedRequest, response: ServerResponse) => boolean;
  readonly api: (request: RecordedRequest, response: ServerResponse, origin: string) => void | Promise<void>;
}): Promise<FakeServer> {
  let origin = '';
  const server = await startFakeServer(async (request, response) => {
    // A browser on the consent page asks for the site's icon: none, and no error in its console.
    if (request.method === 'GET' && pathOf(request) === '/favicon.ico') {
      response.writeHead(204).end();
      return;
    }
    if (parts.oauth.isConsent(request)) return parts.oauth.handleConsent(request, response);
    if (request.method === 'GET' && parts.pages(request, response)) return;
    const failure = parts.script.take(request);
    if (failure?.kind === 'lose-answer') {
      // Done, answered into nothing; the caller's connection stays open until it gives up or dies.
      await parts.api(request, new ServerResponse(new IncomingMessage(new Socket())), origin);
      return;
    }
    if (failure && sendFailure(response, failure)) return;
    if (parts.oauth.isTokenRequest(request)) return parts.oauth.handleToken(request, response);
    await parts.api(request, response, origin);
  });
  origin = server.origin;
  return server;
}

/** The parts of FakePlatformServer every fake delegates to its OAuth server and script. */
export function platformControls(oauth: FakeOAuthServer, script: FailureScript) {
  return {
    failNext: (failure: ScriptedFailure, match?: FakeRequestMatch, times?: number) =>
      script.add(failure, match, times),
    expireAccessTokens: () => oauth.expireAccessTokens(),
    revokeRefreshTokens: () => oauth.revokeRefreshTokens(),
  };
}

/** An id that differs between runs of the local runtime, so a restarted fake does not reuse old ones. */
export function idCounter(start = Date.now() % 1_000_000_000): () => number {
  let next = start;
  return () => next++;
}

/**
 * A consent round trip without a browser: loads the authorize URL's page, follows its Allow (or Deny)
 * link and returns where the platform redirected the user (the redirect URI with `code` and `state`).
 */
export async function followConsent(
  authorizeUrl: URL | string,
  decision: 'allow' | 'deny' = 'allow',
): Promise<URL> {
  const page = await fetch(authorizeUrl);
  const html = await page.text();
  if (!page.ok) throw new Error(`the consent page answered HTTP ${page.status}: ${html}`);
  const link = new RegExp(`id="${decision}" href="([^"]+)"`).exec(html)?.[1];
  if (!link) throw new Error(`the consent page has no ${decision} link`);
  const redirect = await fetch(new URL(link.replaceAll('&amp;', '&'), authorizeUrl), { redirect: 'manual' });
  const location = redirect.headers.get('location');
  if (redirect.status !== 302 || !location)
    throw new Error(`the ${decision} link answered HTTP ${redirect.status}`);
  return new URL(location);
}
