import { MEDIA_PATH_PREFIX } from './media';
import { SOCIAL_PLATFORMS } from './platforms';
import { isoDateField } from './validation/iso-date';
import { isResourceId } from './validation/resource-id';
import { isWebAddress, MAX_URL_LENGTH } from './validation/web-address';
import * as z from './validation/zod';
import { WORDPRESS_MESSAGES } from './wordpress';

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

/** GET /api/clients/{clientId}/connections: one connection (schema below, `channelConnectionSchema`). */
export type ChannelConnection = z.output<typeof channelConnectionSchema>;
export type ConnectionsReply = z.output<typeof connectionsReplySchema>;

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

/** One post to one channel, as stored and as answered (`publicationSchema`). */
export type Publication = z.output<typeof publicationSchema>;

export const CHANNEL_LIMITS = {
  /** The longest text any platform takes (Facebook's); each platform's own is checked after. */
  textMaxLength: SOCIAL_PLATFORMS.facebook.maxLength,
  urlMaxLength: MAX_URL_LENGTH,
  gbpTitleMaxLength: 58,
  gbpCouponMaxLength: 58,
  gbpTermsMaxLength: 5_000,
} as const;

/** How the composer names each post type and call-to-action button (the Business Profile's own words). */
export const GBP_TOPIC_LABELS: Readonly<Record<GbpTopicType, string>> = {
  STANDARD: 'Update',
  EVENT: 'Event',
  OFFER: 'Offer',
};
export const GBP_ACTION_LABELS: Readonly<Record<GbpActionType, string>> = {
  BOOK: 'Book',
  ORDER: 'Order online',
  SHOP: 'Buy',
  LEARN_MORE: 'Learn more',
  SIGN_UP: 'Sign up',
  CALL: 'Call now',
};

/** The names a platform app's credentials are configured under locally (the server reads the same). */
export function channelAppEnvNames(app: ChannelApp): {
  clientId: string;
  clientSecret: string;
  /** Points every host of the platform at one origin: the fake platforms of `SOCIAL_FAKE_PLATFORMS=on`. */
  origin: string;
} {
  const prefix = `SOCIAL_${app.toUpperCase()}`;
  return {
    clientId: `${prefix}_CLIENT_ID`,
    clientSecret: `${prefix}_CLIENT_SECRET`,
    origin: `${prefix}_ORIGIN`,
  };
}

/** The platforms one app connects, in CHANNEL_PLATFORMS order ('Facebook and Instagram'). */
function platformNamesOf(app: ChannelApp): string {
  const names = CHANNEL_PLATFORMS.filter((platform) => CHANNEL_PLATFORM_INFO[platform].app === app).map(
    (platform) => CHANNEL_PLATFORM_INFO[platform].name,
  );
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** What the connections and publications routes answer, and what the Connect button shows. */
export const CHANNEL_MESSAGES = {
  connectionNotFound: 'Connection not found',
  publicationNotFound: 'Publication not found',
  cancelNotScheduled: 'Only a scheduled post can be cancelled.',
  rescheduleNotScheduled: 'Only a scheduled post can be moved to another time.',
  retryNotFailed: 'Only a failed post can be retried.',
  /** The WordPress publisher's wording: the same rule, and a "Please" message is shown as written. */
  scheduledInPast: WORDPRESS_MESSAGES.scheduleInFuture,
  reconnectNeeded: (platform: ChannelPlatform): string => {
    const { name, accountNoun } = CHANNEL_PLATFORM_INFO[platform];
    return `Reconnect needed: ${name} no longer accepts this connection; connect the ${accountNoun} again to publish to it.`;
  },
  appNotConfigured: (app: ChannelApp): string => {
    const { clientId, clientSecret } = channelAppEnvNames(app);
    return `An admin must set ${clientId} and ${clientSecret} (locally) or the ${app} entry of the social apps secret (in AWS) to connect ${platformNamesOf(app)}.`;
  },
  notConfigured: (platform: ChannelPlatform): string =>
    CHANNEL_MESSAGES.appNotConfigured(CHANNEL_PLATFORM_INFO[platform].app),
  authorizationExpired: 'This connection attempt has expired or was already used. Press Connect again.',
  declined: (platform: ChannelPlatform): string =>
    `${CHANNEL_PLATFORM_INFO[platform].name}: the connection was declined on the consent page.`,
  noAccounts: (platform: ChannelPlatform): string => {
    const { name, accountNoun } = CHANNEL_PLATFORM_INFO[platform];
    return `${name}: this sign-in manages no ${accountNoun} that posts can be published as.`;
  },
  accountNotOffered: 'accountId: not one of the accounts this connection attempt offered',
  connectionGone: (platform: ChannelPlatform): string =>
    `${CHANNEL_PLATFORM_INFO[platform].name}: the connection this post used was disconnected.`,
  imageNotMedia:
    'imageUrl: must be an image of this client’s library or of your own generations (an /api/media/… address)',
  imageGone: 'imageUrl: the image is no longer stored; attach another one',
  changedMeanwhile: 'This post changed meanwhile; reload it and try again.',
  beingPublished: 'This post is being published right now; try again in a moment.',
} as const satisfies Record<string, string | ((value: never) => string)>;

/** A count as the messages write it: 63,206. */
export const formatCount = (value: number): string => value.toLocaleString('en-US');

/**
 * The request fields' problems; the server names the field before each (`imageUrl: must be …`,
 * functions/commons/http-wrap.ts, describeValidationError).
 */
export const CHANNEL_FIELD_MESSAGES = {
  connectionId: 'must be the id of one of the client’s connections',
  text: `must be text of at most ${formatCount(CHANNEL_LIMITS.textMaxLength)} characters`,
  imageUrl: `must be a media path of LBM Studio (/api/media/…), or an http or https address of one, of at most ${formatCount(CHANNEL_LIMITS.urlMaxLength)} characters`,
  scheduledAt: 'must be a date and time with its offset, such as 2026-11-21T09:30:00+01:00',
  overrideApproval: 'must be true or false',
  topicType: `must be one of ${GBP_TOPIC_TYPES.join(', ')}`,
  actionType: `must be one of ${GBP_ACTION_TYPES.join(', ')}`,
  title: `must be text of at most ${CHANNEL_LIMITS.gbpTitleMaxLength} characters`,
  gbpDate: 'must be a calendar date such as 2026-11-21',
  couponCode: `must be text of at most ${CHANNEL_LIMITS.gbpCouponMaxLength} characters`,
  termsConditions: `must be text of at most ${formatCount(CHANNEL_LIMITS.gbpTermsMaxLength)} characters`,
  redeemOnlineUrl: `must be an https address of at most ${formatCount(CHANNEL_LIMITS.urlMaxLength)} characters`,
  buttonUrl: `must be an http or https address of at most ${formatCount(CHANNEL_LIMITS.urlMaxLength)} characters`,
} as const;

/** Characters as the platforms count them (code points: an emoji is one), not UTF-16 units. */
export function characterCount(text: string): number {
  return Array.from(text).length;
}

const GBP_DATE = /^\d{4}-\d{2}-\d{2}$/u;
/** A date as a Business Profile event or offer takes it: a calendar date that exists, `2026-11-21`. */
export function isGbpDate(value: string): boolean {
  return GBP_DATE.test(value) && z.iso.date().safeParse(value).success;
}

/** A web address on https: where an offer is redeemed (the Business Profile takes no other). */
export function isHttpsAddress(value: string): boolean {
  return isWebAddress(value) && /^https:/iu.test(value.trim());
}

/** Text of at most `max` characters; the UTF-16 bound first, so a huge value is refused before it is split. */
const characters = (max: number, message: string) =>
  z.string({ error: message }).check(
    z.maxLength(max * 2, message),
    z.refine((value) => characterCount(value) <= max, message),
  );
const trimmedCharacters = (max: number, message: string) =>
  z.string({ error: message }).check(
    z.trim(),
    z.maxLength(max * 2, message),
    z.refine((value) => characterCount(value) <= max, message),
  );
const address = (message: string, rule: (value: string) => boolean) =>
  z.string({ error: message }).check(z.trim(), z.maxLength(MAX_URL_LENGTH, message), z.refine(rule, message));
const gbpDate = z
  .string({ error: CHANNEL_FIELD_MESSAGES.gbpDate })
  .check(z.refine(isGbpDate, CHANNEL_FIELD_MESSAGES.gbpDate));
/**
 * A moment with its offset (the viewer's own zone, or Z), never a local time the server would have to
 * place; RFC 3339 wants the seconds with it. The string check first gives a missing one the same words.
 */
const scheduledAt = z.pipe(
  z.string({ error: CHANNEL_FIELD_MESSAGES.scheduledAt }),
  isoDateField(CHANNEL_FIELD_MESSAGES.scheduledAt).check(
    z.refine(
      (value) => z.iso.datetime({ offset: true }).safeParse(value).success,
      CHANNEL_FIELD_MESSAGES.scheduledAt,
    ),
  ),
);

/**
 * A Business Profile post's own fields, as GbpPostFields describes them. Only their shape and bounds are
 * checked here; which fields a post type needs is channelPostProblems' (shared/channel-rules.ts).
 */
export const gbpPostFieldsSchema = z.object({
  topicType: z.enum(GBP_TOPIC_TYPES, { error: CHANNEL_FIELD_MESSAGES.topicType }),
  event: z.optional(
    z.object({
      title: trimmedCharacters(CHANNEL_LIMITS.gbpTitleMaxLength, CHANNEL_FIELD_MESSAGES.title),
      startDate: gbpDate,
      endDate: gbpDate,
    }),
  ),
  offer: z.optional(
    z.object({
      couponCode: z.optional(
        trimmedCharacters(CHANNEL_LIMITS.gbpCouponMaxLength, CHANNEL_FIELD_MESSAGES.couponCode),
      ),
      termsConditions: z.optional(
        trimmedCharacters(CHANNEL_LIMITS.gbpTermsMaxLength, CHANNEL_FIELD_MESSAGES.termsConditions),
      ),
      redeemOnlineUrl: z.optional(address(CHANNEL_FIELD_MESSAGES.redeemOnlineUrl, isHttpsAddress)),
    }),
  ),
  callToAction: z.optional(
    z.object({
      actionType: z.enum(GBP_ACTION_TYPES, { error: CHANNEL_FIELD_MESSAGES.actionType }),
      url: z.optional(address(CHANNEL_FIELD_MESSAGES.buttonUrl, isWebAddress)),
    }),
  ),
});

/**
 * Body of a publication request: one post of a content item to one of its client's connections, now or
 * at `scheduledAt`. `text` and `imageUrl` replace the item's own; the platform's rules
 * (shared/channel-rules.ts) are checked on what will be sent.
 */
export const publicationRequestSchema = z.object({
  connectionId: z
    .string({ error: CHANNEL_FIELD_MESSAGES.connectionId })
    .check(
      z.maxLength(40, CHANNEL_FIELD_MESSAGES.connectionId),
      z.refine(isResourceId, CHANNEL_FIELD_MESSAGES.connectionId),
    ),
  text: z.optional(characters(CHANNEL_LIMITS.textMaxLength, CHANNEL_FIELD_MESSAGES.text)),
  imageUrl: z.optional(
    address(
      CHANNEL_FIELD_MESSAGES.imageUrl,
      (value) => value.startsWith(MEDIA_PATH_PREFIX) || isWebAddress(value),
    ),
  ),
  scheduledAt: z.optional(scheduledAt),
  gbp: z.optional(gbpPostFieldsSchema),
  /**
   * An administrator publishing an item its client's approval rule would refuse, as for WordPress
   * (docs/decisions.md, "Versions, review and approval, and the content calendar").
   */
  overrideApproval: z.optional(z.boolean({ error: CHANNEL_FIELD_MESSAGES.overrideApproval })),
});
export type PublicationRequest = z.output<typeof publicationRequestSchema>;

/** Body of a reschedule: a scheduled publication to another time. */
export const publicationRescheduleSchema = z.object({
  scheduledAt,
  overrideApproval: z.optional(z.boolean({ error: CHANNEL_FIELD_MESSAGES.overrideApproval })),
});
export type PublicationReschedule = z.output<typeof publicationRescheduleSchema>;

const described = <T extends z.ZodMiniType>(schema: T, description: string) =>
  schema.check(z.describe(description));

/** A connection as the routes answer it: never its tokens. */
export const channelConnectionSchema = z.object({
  connectionId: z.string(),
  platform: z.enum(CHANNEL_PLATFORMS),
  name: described(z.string(), 'The location, Page, account or organization the posts go out as.'),
  status: described(
    z.enum(CONNECTION_STATUSES),
    '`reconnect_needed`: the platform refused to refresh its token; connect it again in the app.',
  ),
  connectedAt: z.string(),
});

export const connectionsReplySchema = z.object({
  items: z.array(channelConnectionSchema),
  unavailable: described(
    z.array(z.object({ platform: z.enum(CHANNEL_PLATFORMS), message: z.string() })),
    'Platforms an admin has not configured the agency’s app for, with what to configure.',
  ),
});

export const publicationSchema = z.object({
  publicationId: z.string(),
  clientId: z.string(),
  contentId: z.string(),
  connectionId: z.string(),
  platform: z.enum(CHANNEL_PLATFORMS),
  channelName: described(z.string(), 'The connection’s name when the post was made.'),
  status: z.enum(PUBLICATION_STATUSES),
  text: z.string(),
  imageUrl: z.optional(z.string()),
  gbp: z.optional(gbpPostFieldsSchema),
  scheduledAt: z.optional(described(z.string(), 'When it goes out (ISO date-time, UTC).')),
  publishedAt: z.optional(z.string()),
  postId: z.optional(described(z.string(), 'The platform’s id of the post, once published.')),
  postUrl: z.optional(described(z.string(), 'Where the post is, once published.')),
  error: z.optional(described(z.string(), 'Why a failed post failed: the platform’s message, naming it.')),
  createdAt: z.string(),
  createdBy: z.string(),
  updatedAt: z.string(),
  approval_overridden: z.optional(z.boolean()),
});

export const publicationListSchema = z.object({ items: z.array(publicationSchema) });
export const publicationDeletedSchema = z.object({ deleted: z.literal(true), publicationId: z.string() });
