import * as z from './validation/zod';

/**
 * Publishing channels (docs/decisions.md, "Publishing to social channels"): the platforms a client's
 * posts can be published to besides WordPress, the states of a connection and of a publication, and the
 * shapes of the connections and publications routes. The names are the public API's contract.
 */

export const CHANNEL_PLATFORMS = ['gbp', 'facebook', 'instagram', 'linkedin', 'x'] as const;
export type ChannelPlatform = (typeof CHANNEL_PLATFORMS)[number];

export interface ChannelPlatformInfo {
  /** The name the screens and messages use. */
  readonly name: string;
  /** What one connection of it is: the thing posts are published as. */
  readonly accountNoun: string;
  /** The app whose credentials an admin configures for it (Instagram is published through Meta's). */
  readonly app: ChannelApp;
}

/** The platforms' developer apps: one set of credentials each (Instagram uses Meta's, with Facebook). */
export const CHANNEL_APPS = ['google', 'meta', 'linkedin', 'x'] as const;
export type ChannelApp = (typeof CHANNEL_APPS)[number];

export const CHANNEL_PLATFORM_INFO: Readonly<Record<ChannelPlatform, ChannelPlatformInfo>> = {
  gbp: { name: 'Google Business Profile', accountNoun: 'location', app: 'google' },
  facebook: { name: 'Facebook', accountNoun: 'Page', app: 'meta' },
  instagram: { name: 'Instagram', accountNoun: 'professional account', app: 'meta' },
  linkedin: { name: 'LinkedIn', accountNoun: 'organization page', app: 'linkedin' },
  x: { name: 'X', accountNoun: 'account', app: 'x' },
};

export const CONNECTION_STATUSES = ['connected', 'reconnect_needed'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

export const CONNECTION_STATUS_LABELS: Readonly<Record<ConnectionStatus, string>> = {
  connected: 'Connected',
  reconnect_needed: 'Reconnect needed',
};

export const PUBLICATION_STATUSES = ['scheduled', 'publishing', 'published', 'failed'] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

export const PUBLICATION_STATUS_LABELS: Readonly<Record<PublicationStatus, string>> = {
  scheduled: 'Scheduled',
  publishing: 'Publishing',
  published: 'Published',
  failed: 'Failed',
};

/** GET /api/clients/{clientId}/connections */
export interface ChannelConnection {
  connectionId: string;
  platform: ChannelPlatform;
  /** The location, Page, account or organization the posts go out as. */
  name: string;
  status: ConnectionStatus;
  connectedAt: string;
}

export interface ConnectionsReply {
  items: ChannelConnection[];
  /** Platforms whose app credentials an admin has not configured, with what to configure. */
  unavailable: { platform: ChannelPlatform; message: string }[];
}

/** Google Business Profile's post types (the Business Profile API's `topicType`). */
export const GBP_TOPIC_TYPES = ['STANDARD', 'EVENT', 'OFFER'] as const;
export type GbpTopicType = (typeof GBP_TOPIC_TYPES)[number];

/** The Business Profile API's call-to-action `actionType`s; CALL takes the location's phone, no URL. */
export const GBP_ACTION_TYPES = ['BOOK', 'ORDER', 'SHOP', 'LEARN_MORE', 'SIGN_UP', 'CALL'] as const;
export type GbpActionType = (typeof GBP_ACTION_TYPES)[number];

export interface GbpPostFields {
  topicType: GbpTopicType;
  /** EVENT and OFFER: the event's or offer's title and dates (calendar dates, the location's). */
  event?: { title: string; startDate: string; endDate: string };
  /** OFFER only. */
  offer?: { couponCode?: string; termsConditions?: string; redeemOnlineUrl?: string };
  callToAction?: { actionType: GbpActionType; url?: string };
}

/** One post to one channel, as stored and as answered. */
export interface Publication {
  publicationId: string;
  clientId: string;
  contentId: string;
  connectionId: string;
  platform: ChannelPlatform;
  /** The connection's name when the publication was made (it stays if the connection goes). */
  channelName: string;
  status: PublicationStatus;
  text: string;
  imageUrl?: string;
  gbp?: GbpPostFields;
  /** When it goes out (scheduled) or went out; ISO date-time. */
  scheduledAt?: string;
  publishedAt?: string;
  postId?: string;
  postUrl?: string;
  /** A failed post: the platform's message, or ours, naming the platform. */
  error?: string;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  approval_overridden?: boolean;
}

export const CHANNEL_LIMITS = {
  /** The longest text any platform takes (Facebook's 63,206); each platform's own is checked after. */
  textMaxLength: 63_206,
  urlMaxLength: 2_048,
  gbpTitleMaxLength: 58,
  gbpCouponMaxLength: 58,
  gbpTermsMaxLength: 5_000,
} as const;
