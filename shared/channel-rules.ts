// The default import: Node's ESM loader finds no named exports in twitter-text's CommonJS build (it
// assigns `module.exports` at the end), and its ES build for the browser has the same default object.
import twitterText from 'twitter-text';
import {
  CHANNEL_LIMITS,
  CHANNEL_PLATFORM_INFO,
  type ChannelPlatform,
  characterCount,
  formatCount,
  GBP_ACTION_LABELS,
  GBP_ACTION_TYPES,
  type GbpPostFields,
  isGbpDate,
  isHttpsAddress,
} from './channels';
import { SOCIAL_PLATFORMS, X_URL_LENGTH } from './platforms';
import { isWebAddress } from './validation/web-address';

/**
 * Each publishing channel's own rules, checked in the composer as the post is written and again by the
 * server before anything is sent, so a post the platform would refuse is never queued. Every message
 * names the platform: one screen shows the problems of every channel a post goes to.
 */

/** An aspect ratio written as the platform writes it (4:5, 1.91:1): compared exactly, not in floats. */
export interface AspectRatio {
  readonly width: number;
  readonly height: number;
  readonly label: string;
}

export interface ChannelRule {
  /** The longest text, as the platform counts it (X weighted, the others in characters). */
  readonly textMaxLength: number;
  /** What the platform calls the text. */
  readonly textNoun: 'post' | 'caption' | 'summary';
  readonly imageRequired: boolean;
  /** The narrowest and widest image the platform takes, width to height; null when any shape is taken. */
  readonly aspectRatio: { readonly min: AspectRatio; readonly max: AspectRatio } | null;
  readonly maxHashtags: number | null;
}

/** The social numbers are shared/platforms.ts' (the generators write to them); GBP's are its API's. */
export const CHANNEL_RULES: Readonly<Record<ChannelPlatform, ChannelRule>> = {
  gbp: {
    textMaxLength: 1_500,
    textNoun: 'summary',
    imageRequired: false,
    aspectRatio: null,
    maxHashtags: null,
  },
  facebook: {
    textMaxLength: SOCIAL_PLATFORMS.facebook.maxLength,
    textNoun: 'post',
    imageRequired: false,
    aspectRatio: null,
    maxHashtags: null,
  },
  instagram: {
    textMaxLength: SOCIAL_PLATFORMS.instagram.maxLength,
    textNoun: 'caption',
    // The Graph API publishes a feed post from an image; a caption alone is not a post there.
    imageRequired: true,
    aspectRatio: {
      min: { width: 4, height: 5, label: '4:5 (0.8)' },
      max: { width: 191, height: 100, label: '1.91:1' },
    },
    maxHashtags: 30,
  },
  linkedin: {
    textMaxLength: SOCIAL_PLATFORMS.linkedin.maxLength,
    textNoun: 'post',
    imageRequired: false,
    aspectRatio: null,
    maxHashtags: null,
  },
  x: {
    textMaxLength: SOCIAL_PLATFORMS.twitter.maxLength,
    textNoun: 'post',
    imageRequired: false,
    aspectRatio: null,
    maxHashtags: null,
  },
};

export interface ChannelPost {
  text: string;
  /** The image's pixel size, when the post has one. */
  image?: { width: number; height: number } | null;
  /** Google Business Profile only. */
  gbp?: GbpPostFields;
}

/** X's length: twitter-text's default (v3) weighting, where a link is 23, CJK and an emoji 2. */
export function xWeightedLength(text: string): number {
  return twitterText.parseTweet(text).weightedLength;
}

/** The text's length as its platform counts it: X weighted, the others in characters (code points). */
export function channelTextLength(platform: ChannelPlatform, text: string): number {
  return platform === 'x' ? xWeightedLength(text) : characterCount(text);
}

/** A blank optional field is one the composer left empty: it is not sent. */
const given = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

function textProblems(platform: ChannelPlatform, text: string): string[] {
  const { name } = CHANNEL_PLATFORM_INFO[platform];
  const rule = CHANNEL_RULES[platform];
  if (text.trim() === '') return [`${name}: the ${rule.textNoun} is empty.`];
  const problems: string[] = [];
  const length = channelTextLength(platform, text);
  if (length > rule.textMaxLength) {
    const links = platform === 'x' ? ` (links count as ${X_URL_LENGTH})` : '';
    problems.push(
      `${name}: the ${rule.textNoun} is ${formatCount(length)} characters; ${name} allows ${formatCount(rule.textMaxLength)}${links}.`,
    );
  }
  if (rule.maxHashtags !== null) {
    const hashtags = twitterText.extractHashtags(text).length;
    if (hashtags > rule.maxHashtags)
      problems.push(
        `${name}: the ${rule.textNoun} has ${hashtags} hashtags; ${name} allows ${rule.maxHashtags}.`,
      );
  }
  return problems;
}

function imageProblems(platform: ChannelPlatform, image: ChannelPost['image']): string[] {
  const { name } = CHANNEL_PLATFORM_INFO[platform];
  const rule = CHANNEL_RULES[platform];
  if (!image) return rule.imageRequired ? [`${name}: a post needs an image.`] : [];
  const { aspectRatio } = rule;
  if (aspectRatio === null) return [];
  const { width, height } = image;
  if (!(Number.isFinite(width) && Number.isFinite(height) && width > 0 && height > 0))
    return [`${name}: the image's size could not be read; choose another image.`];
  // width/height >= min.width/min.height, multiplied out so 0.8 is exactly 0.8.
  const tooNarrow = width * aspectRatio.min.height < aspectRatio.min.width * height;
  const tooWide = width * aspectRatio.max.height > aspectRatio.max.width * height;
  if (!tooNarrow && !tooWide) return [];
  const ratio = Math.round((width / height) * 100) / 100;
  return [
    `${name}: the image is ${formatCount(width)} × ${formatCount(height)} (${ratio}:1); ${name} takes images from ${aspectRatio.min.label} to ${aspectRatio.max.label}.`,
  ];
}

/** `${name}: the coupon code is 59 characters; ${name} allows 58.` for an over-long GBP field, or nothing. */
function gbpTooLong(what: string, value: string | undefined, max: number): string[] {
  if (!given(value)) return [];
  const length = characterCount(value.trim());
  const name = CHANNEL_PLATFORM_INFO.gbp.name;
  return length > max
    ? [`${name}: ${what} ${formatCount(length)} characters; ${name} allows ${formatCount(max)}.`]
    : [];
}

/** A Business Profile post's type against its fields (the Business Profile API's LocalPost). */
function gbpProblems(gbp: GbpPostFields | undefined): string[] {
  const name = CHANNEL_PLATFORM_INFO.gbp.name;
  const topicType = gbp?.topicType ?? 'STANDARD';
  const problems: string[] = [];
  if (topicType === 'STANDARD') {
    if (gbp?.event || gbp?.offer)
      problems.push(
        `${name}: a standard post cannot have an event or an offer; make it an Event or Offer post.`,
      );
  } else {
    const kind = topicType === 'EVENT' ? 'event' : 'offer';
    const event = gbp?.event;
    if (!given(event?.title)) problems.push(`${name}: an ${kind} post needs a title.`);
    problems.push(...gbpTooLong(`the ${kind} title is`, event?.title, CHANNEL_LIMITS.gbpTitleMaxLength));
    const startDate = event?.startDate ?? '';
    const endDate = event?.endDate ?? '';
    if (!isGbpDate(startDate)) problems.push(`${name}: an ${kind} post needs a start date.`);
    if (!isGbpDate(endDate)) problems.push(`${name}: an ${kind} post needs an end date.`);
    // Both are YYYY-MM-DD, so their text sorts as their dates do.
    if (isGbpDate(startDate) && isGbpDate(endDate) && endDate < startDate)
      problems.push(`${name}: the ${kind} ends (${endDate}) before it starts (${startDate}).`);
  }
  if (topicType === 'EVENT' && gbp?.offer)
    problems.push(
      `${name}: an event post cannot have an offer's coupon, terms or link; make it an Offer post.`,
    );
  if (topicType === 'OFFER') {
    const offer = gbp?.offer;
    problems.push(
      ...gbpTooLong('the coupon code is', offer?.couponCode, CHANNEL_LIMITS.gbpCouponMaxLength),
      ...gbpTooLong('the terms and conditions are', offer?.termsConditions, CHANNEL_LIMITS.gbpTermsMaxLength),
    );
    if (given(offer?.redeemOnlineUrl) && !isHttpsAddress(offer.redeemOnlineUrl))
      problems.push(`${name}: the offer's redemption link must be an https address.`);
    if (gbp?.callToAction)
      problems.push(`${name}: an offer post takes no call-to-action button; its redemption link does that.`);
  } else if (gbp?.callToAction) problems.push(...buttonProblems(gbp.callToAction));
  return problems;
}

function buttonProblems({ actionType, url }: NonNullable<GbpPostFields['callToAction']>): string[] {
  const name = CHANNEL_PLATFORM_INFO.gbp.name;
  if (!GBP_ACTION_TYPES.includes(actionType))
    return [`${name}: the button must be one of ${GBP_ACTION_TYPES.join(', ')}.`];
  if (actionType === 'CALL')
    // The Business Profile rings the location's phone: its API takes no link for a Call button.
    return given(url)
      ? [`${name}: a ${GBP_ACTION_LABELS.CALL} button calls the location's phone and takes no link.`]
      : [];
  return given(url) && isWebAddress(url)
    ? []
    : [`${name}: the ${GBP_ACTION_LABELS[actionType]} button needs a link (an http or https address).`];
}

/**
 * What stops `post` from being published to `platform`, each problem naming the platform; empty when
 * it can be sent.
 */
export function channelPostProblems(platform: ChannelPlatform, post: ChannelPost): string[] {
  const problems = [...textProblems(platform, post.text), ...imageProblems(platform, post.image)];
  if (platform === 'gbp') problems.push(...gbpProblems(post.gbp));
  else if (post.gbp)
    problems.push(
      `${CHANNEL_PLATFORM_INFO[platform].name}: post types, events, offers and buttons are for ${CHANNEL_PLATFORM_INFO.gbp.name} only.`,
    );
  return problems;
}
