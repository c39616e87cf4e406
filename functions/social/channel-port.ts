import type { ChannelApp, ChannelPlatform, GbpPostFields } from '#shared/channels';

/**
 * The port every publishing channel's adapter implements (docs/architecture.md, "Publishing channels"):
 * the service (connections, publications, the publish worker) speaks only this, and each adapter under
 * functions/social/platforms/ speaks its platform's wire format. Adapters make one HTTP attempt per
 * call and never retry: retries, backoff, token refresh and exactly-once are the service's.
 */

/** Where a platform's endpoints live: the real hosts, or one local origin (the fake platforms). */
export interface ChannelEndpoints {
  /**
   * When set, every host of the platform is replaced by this origin (`http://127.0.0.1:PORT`), paths
   * kept: the fake platforms serve each platform's paths on one origin.
   */
  readonly originOverride?: string;
}

/** The agency's app on a platform (Secrets Manager in AWS, the environment locally). */
export interface ChannelAppCredentials {
  readonly clientId: string;
  readonly clientSecret: string;
}

export interface OAuthTokens {
  readonly accessToken: string;
  readonly refreshToken?: string;
  /** ISO date-time; absent when the platform's token does not expire (a Facebook Page token). */
  readonly expiresAt?: string;
}

/** One account the user may connect: a GBP location, a Page, an Instagram account, an organization, an X user. */
export interface ChannelAccount {
  /** The platform's id of it (`accounts/1/locations/2`, a Page id, `urn:li:organization:5`, an X user id). */
  readonly accountId: string;
  readonly name: string;
  /**
   * A token that belongs to the account rather than the user, when the platform has one (a Facebook
   * Page's access token, which Instagram publishing through that Page uses too). Stored encrypted.
   */
  readonly accountToken?: string;
}

/** What an adapter needs to act as a connected account. */
export interface ConnectedAccount {
  readonly accountId: string;
  /** The user token, or the account's own token where it has one. */
  readonly accessToken: string;
}

export interface ChannelImage {
  /** A URL the platform can fetch (GBP, Facebook photos and Instagram fetch it themselves). */
  readonly url: string;
  /** The bytes, for platforms that take an upload (X, LinkedIn). */
  readonly bytes: Uint8Array;
  readonly contentType: string;
}

export interface ChannelPost {
  readonly text: string;
  readonly image?: ChannelImage;
  /** GBP only: the post type and its fields (shared/channels.ts). */
  readonly gbp?: GbpPostFields;
}

export interface PublishedPost {
  /** The platform's id of the post (what Delete and the reconciliation use). */
  readonly postId: string;
  /** Where 'View post' opens it. */
  readonly postUrl: string;
}

/**
 * A platform's refusal, classified for the service:
 * - `rate_limited`: 429 (or the platform's own throttling code); `retryAfterMs` from `retry-after` when sent;
 * - `unavailable`: 5xx, or the connection failed;
 * - `token_expired`: the access token is expired or revoked (the service refreshes once);
 * - `refused`: anything else (validation, permissions): the post fails with `message`;
 * - `not_supported`: the platform does not allow this through its API (deleting an Instagram post).
 */
export type ChannelErrorKind = 'rate_limited' | 'unavailable' | 'token_expired' | 'refused' | 'not_supported';

export class ChannelError extends Error {
  constructor(
    readonly platform: ChannelPlatform,
    readonly kind: ChannelErrorKind,
    /** The platform's own message when it sent one. */
    message: string,
    readonly status?: number,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ChannelError';
  }
}

export interface ChannelOAuthSettings {
  readonly authorizeUrl: string;
  readonly tokenUrl: string;
  readonly scopes: readonly string[];
  /** Extra parameters of the authorize URL (Google's `access_type=offline`, `prompt=consent`). */
  readonly authorizeParams?: Readonly<Record<string, string>>;
  /**
   * How the token endpoint takes the app's credentials: HTTP Basic (Google, X; arctic's generic client)
   * or `client_id` and `client_secret` in the form (LinkedIn and Meta take no Basic header).
   */
  readonly clientAuthentication: 'basic' | 'body';
}

export interface ChannelAdapter {
  readonly platform: ChannelPlatform;
  readonly app: ChannelApp;
  /** The OAuth 2.0 endpoints and scopes (authorization code with PKCE, functions/social/channel-oauth.ts). */
  oauth(endpoints: ChannelEndpoints): ChannelOAuthSettings;
  /**
   * Turns what the token endpoint gave into the tokens to keep (Meta swaps a short-lived user token for
   * a long-lived one); the identity for every other platform.
   */
  finishTokens?(
    tokens: OAuthTokens,
    app: ChannelAppCredentials,
    endpoints: ChannelEndpoints,
  ): Promise<OAuthTokens>;
  /** The accounts the signed-in user may publish as. */
  listAccounts(accessToken: string, endpoints: ChannelEndpoints): Promise<ChannelAccount[]>;
  publish(account: ConnectedAccount, post: ChannelPost, endpoints: ChannelEndpoints): Promise<PublishedPost>;
  /**
   * The account's post with exactly this text made at or after `since`, if there is one: how the service
   * learns whether an attempt whose answer was lost (a kill -9 between send and record) went out.
   */
  findPost(
    account: ConnectedAccount,
    text: string,
    since: Date,
    endpoints: ChannelEndpoints,
  ): Promise<PublishedPost | null>;
  /** Removes a published post; throws `not_supported` where the platform does not allow it. */
  deletePost(account: ConnectedAccount, postId: string, endpoints: ChannelEndpoints): Promise<void>;
}
