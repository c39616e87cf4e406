import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  CHANNEL_RULES,
  type ChannelPost,
  channelPostProblems,
  channelTextLength,
  xWeightedLength,
} from './channel-rules';
import {
  CHANNEL_APPS,
  CHANNEL_FIELD_MESSAGES,
  CHANNEL_LIMITS,
  CHANNEL_MESSAGES,
  CHANNEL_PLATFORM_INFO,
  CHANNEL_PLATFORMS,
  channelAppEnvNames,
  type GbpPostFields,
  type gbpPostFieldsSchema,
  publicationRequestSchema,
  publicationRescheduleSchema,
} from './channels';
import { SOCIAL_PLATFORMS } from './platforms';
import type * as z from './validation/zod';

const URL = 'https://example.com/a/rather/long/path/that/is/much/longer/than/twenty-three';
const SQUARE = { width: 1080, height: 1080 };
const ok = (platform: Parameters<typeof channelPostProblems>[0], post: ChannelPost) =>
  expect(channelPostProblems(platform, post)).toEqual([]);

describe('CHANNEL_RULES', () => {
  it('takes the social maximums from the platform table and GBP its 1,500', () => {
    expect(CHANNEL_RULES.facebook.textMaxLength).toBe(SOCIAL_PLATFORMS.facebook.maxLength);
    expect(CHANNEL_RULES.instagram.textMaxLength).toBe(SOCIAL_PLATFORMS.instagram.maxLength);
    expect(CHANNEL_RULES.linkedin.textMaxLength).toBe(SOCIAL_PLATFORMS.linkedin.maxLength);
    expect(CHANNEL_RULES.x.textMaxLength).toBe(SOCIAL_PLATFORMS.twitter.maxLength);
    expect(CHANNEL_RULES.gbp.textMaxLength).toBe(1_500);
  });

  it('lets the request carry the longest text any platform takes, and no more', () => {
    const longest = Math.max(...CHANNEL_PLATFORMS.map((platform) => CHANNEL_RULES[platform].textMaxLength));
    expect(CHANNEL_LIMITS.textMaxLength).toBe(longest);
  });
});

describe('xWeightedLength', () => {
  it('counts Latin 1, CJK and emoji 2, any link 23', () => {
    expect(xWeightedLength('hello')).toBe(5);
    expect(xWeightedLength('日本')).toBe(4);
    expect(xWeightedLength('😀')).toBe(2);
    expect(xWeightedLength(URL)).toBe(23);
    expect(xWeightedLength(`see ${URL}`)).toBe(27);
  });

  it('counts an emoji sequence as one emoji, as X does (code point by code point it would be 8)', () => {
    expect(xWeightedLength('👨‍👩‍👧')).toBe(2);
  });

  it('is the length channelTextLength gives X; the others count characters', () => {
    expect(channelTextLength('x', `日 ${URL}`)).toBe(26);
    expect(channelTextLength('linkedin', `日 ${URL}`)).toBe(2 + URL.length);
    expect(channelTextLength('facebook', '😀😀')).toBe(2);
  });
});

describe('channelPostProblems: X', () => {
  it.each([
    ['Latin', 'a'.repeat(280), `${'a'.repeat(280)}b`],
    ['CJK', '日'.repeat(140), `${'日'.repeat(140)}a`],
    ['emoji', '😀'.repeat(140), `${'😀'.repeat(140)}a`],
    ['emoji sequences', '👨‍👩‍👧'.repeat(140), `${'👨‍👩‍👧'.repeat(140)}a`],
    ['a link', `${URL} ${'a'.repeat(256)}`, `${URL} ${'a'.repeat(257)}`],
  ])('takes 280 weighted characters of %s and refuses 281', (_kind, at, over) => {
    ok('x', { text: at });
    expect(channelPostProblems('x', { text: over })).toEqual([
      'X: the post is 281 characters; X allows 280 (links count as 23).',
    ]);
  });

  it('needs no image and refuses Business Profile fields', () => {
    ok('x', { text: 'Hello', image: null });
    expect(channelPostProblems('x', { text: 'Hello', gbp: { topicType: 'STANDARD' } })).toEqual([
      'X: post types, events, offers and buttons are for Google Business Profile only.',
    ]);
  });
});

describe('channelPostProblems: empty text', () => {
  it.each(CHANNEL_PLATFORMS)('%s refuses an empty or blank text, naming the platform', (platform) => {
    for (const text of ['', '  \n\t ']) {
      const problems = channelPostProblems(platform, { text, image: SQUARE });
      expect(problems).toHaveLength(1);
      expect(problems).toEqual([
        `${CHANNEL_PLATFORM_INFO[platform].name}: the ${CHANNEL_RULES[platform].textNoun} is empty.`,
      ]);
    }
    expect(channelPostProblems('gbp', { text: ' ' })).toEqual([
      'Google Business Profile: the summary is empty.',
    ]);
  });
});

describe('channelPostProblems: Instagram', () => {
  it('needs an image', () => {
    const refused = ['Instagram: a post needs an image.'];
    expect(channelPostProblems('instagram', { text: 'Hello' })).toEqual(refused);
    expect(channelPostProblems('instagram', { text: 'Hello', image: null })).toEqual(refused);
  });

  it.each([
    [800, 1_000],
    [1_080, 1_350],
    [1_080, 1_080],
    [1_910, 1_000],
    [1_080, 566],
  ])('takes an image of %i × %i', (width, height) => {
    ok('instagram', { text: 'Hello', image: { width, height } });
  });

  it('refuses an image narrower than 4:5 or wider than 1.91:1', () => {
    expect(channelPostProblems('instagram', { text: 'Hello', image: { width: 790, height: 1_000 } })).toEqual(
      ['Instagram: the image is 790 × 1,000 (0.79:1); Instagram takes images from 4:5 (0.8) to 1.91:1.'],
    );
    expect(
      channelPostProblems('instagram', { text: 'Hello', image: { width: 1_920, height: 1_000 } }),
    ).toEqual([
      'Instagram: the image is 1,920 × 1,000 (1.92:1); Instagram takes images from 4:5 (0.8) to 1.91:1.',
    ]);
    // Just past each edge: 0.7999 and 1.9101.
    expect(
      channelPostProblems('instagram', { text: 'Hello', image: { width: 7_999, height: 10_000 } }),
    ).toHaveLength(1);
    expect(
      channelPostProblems('instagram', { text: 'Hello', image: { width: 19_101, height: 10_000 } }),
    ).toHaveLength(1);
  });

  it('refuses an image whose size is unknown', () => {
    expect(channelPostProblems('instagram', { text: 'Hello', image: { width: 0, height: 1_000 } })).toEqual([
      "Instagram: the image's size could not be read; choose another image.",
    ]);
  });

  it('takes a caption of 2,200 characters and 30 hashtags, and refuses more', () => {
    ok('instagram', { text: '😀'.repeat(2_200), image: SQUARE });
    expect(channelPostProblems('instagram', { text: 'a'.repeat(2_201), image: SQUARE })).toEqual([
      'Instagram: the caption is 2,201 characters; Instagram allows 2,200.',
    ]);
    const tags = (n: number) => Array.from({ length: n }, (_, index) => `#tag${index}`).join(' ');
    ok('instagram', { text: `Spring cleaning ${tags(30)}`, image: SQUARE });
    expect(channelPostProblems('instagram', { text: `Spring cleaning ${tags(31)}`, image: SQUARE })).toEqual([
      'Instagram: the caption has 31 hashtags; Instagram allows 30.',
    ]);
  });

  it('reports every problem at once', () => {
    expect(channelPostProblems('instagram', { text: 'a'.repeat(2_201) })).toEqual([
      'Instagram: the caption is 2,201 characters; Instagram allows 2,200.',
      'Instagram: a post needs an image.',
    ]);
  });
});

describe('channelPostProblems: LinkedIn and Facebook', () => {
  it('take 3,000 and 63,206 characters and refuse one more', () => {
    ok('linkedin', { text: 'a'.repeat(3_000) });
    expect(channelPostProblems('linkedin', { text: 'a'.repeat(3_001) })).toEqual([
      'LinkedIn: the post is 3,001 characters; LinkedIn allows 3,000.',
    ]);
    ok('facebook', { text: 'a'.repeat(63_206) });
    expect(channelPostProblems('facebook', { text: 'a'.repeat(63_207) })).toEqual([
      'Facebook: the post is 63,207 characters; Facebook allows 63,206.',
    ]);
  });

  it('need no image and take any shape', () => {
    ok('facebook', { text: 'Hello' });
    ok('linkedin', { text: 'Hello', image: { width: 3_000, height: 500 } });
  });
});

describe('channelPostProblems: Google Business Profile', () => {
  const event = { title: 'Open day', startDate: '2026-11-21', endDate: '2026-11-22' };
  const gbp = (fields: GbpPostFields, text = 'Come and see us') =>
    channelPostProblems('gbp', { text, gbp: fields });

  it('takes a summary of 1,500 characters and refuses more', () => {
    ok('gbp', { text: 'a'.repeat(1_500) });
    expect(channelPostProblems('gbp', { text: 'a'.repeat(1_501) })).toEqual([
      'Google Business Profile: the summary is 1,501 characters; Google Business Profile allows 1,500.',
    ]);
  });

  it('reads no fields as a standard post, and a standard post takes no event or offer', () => {
    ok('gbp', { text: 'Hello' });
    expect(gbp({ topicType: 'STANDARD' })).toEqual([]);
    const refused = [
      'Google Business Profile: a standard post cannot have an event or an offer; make it an Event or Offer post.',
    ];
    expect(gbp({ topicType: 'STANDARD', event })).toEqual(refused);
    expect(gbp({ topicType: 'STANDARD', offer: { couponCode: 'SPRING' } })).toEqual(refused);
  });

  it('takes an event with its title and dates, ending on the day it starts or later', () => {
    expect(gbp({ topicType: 'EVENT', event })).toEqual([]);
    expect(gbp({ topicType: 'EVENT', event: { ...event, endDate: event.startDate } })).toEqual([]);
    expect(gbp({ topicType: 'EVENT', event: { ...event, title: 't'.repeat(58) } })).toEqual([]);
  });

  it.each(['EVENT', 'OFFER'] as const)('%s refuses a missing title or date, each by name', (topicType) => {
    const kind = topicType === 'EVENT' ? 'event' : 'offer';
    expect(gbp({ topicType })).toEqual([
      `Google Business Profile: an ${kind} post needs a title.`,
      `Google Business Profile: an ${kind} post needs a start date.`,
      `Google Business Profile: an ${kind} post needs an end date.`,
    ]);
    expect(gbp({ topicType, event: { ...event, title: '   ' } })).toEqual([
      `Google Business Profile: an ${kind} post needs a title.`,
    ]);
    expect(gbp({ topicType, event: { ...event, startDate: '' } })).toEqual([
      `Google Business Profile: an ${kind} post needs a start date.`,
    ]);
    expect(gbp({ topicType, event: { ...event, endDate: '2026-02-30' } })).toEqual([
      `Google Business Profile: an ${kind} post needs an end date.`,
    ]);
    expect(gbp({ topicType, event: { ...event, startDate: '2026-11-23' } })).toEqual([
      `Google Business Profile: the ${kind} ends (2026-11-22) before it starts (2026-11-23).`,
    ]);
    expect(gbp({ topicType, event: { ...event, title: 't'.repeat(59) } })).toEqual([
      `Google Business Profile: the ${kind} title is 59 characters; Google Business Profile allows 58.`,
    ]);
  });

  it('refuses offer details on an event', () => {
    expect(gbp({ topicType: 'EVENT', event, offer: { couponCode: 'SPRING' } })).toEqual([
      "Google Business Profile: an event post cannot have an offer's coupon, terms or link; make it an Offer post.",
    ]);
  });

  it('takes an offer with a coupon, terms and an https redemption link, and no button', () => {
    const offer = {
      couponCode: 'c'.repeat(58),
      termsConditions: 'One per customer.',
      redeemOnlineUrl: 'https://bakery.example/offer',
    };
    expect(gbp({ topicType: 'OFFER', event, offer })).toEqual([]);
    expect(gbp({ topicType: 'OFFER', event, offer: { couponCode: '', redeemOnlineUrl: '' } })).toEqual([]);
    expect(gbp({ topicType: 'OFFER', event, offer: { ...offer, couponCode: 'c'.repeat(59) } })).toEqual([
      'Google Business Profile: the coupon code is 59 characters; Google Business Profile allows 58.',
    ]);
    expect(
      gbp({ topicType: 'OFFER', event, offer: { ...offer, termsConditions: 't'.repeat(5_001) } }),
    ).toEqual([
      'Google Business Profile: the terms and conditions are 5,001 characters; Google Business Profile allows 5,000.',
    ]);
    for (const redeemOnlineUrl of ['http://bakery.example/offer', 'bakery.example', 'javascript:alert(1)']) {
      expect(gbp({ topicType: 'OFFER', event, offer: { redeemOnlineUrl } })).toEqual([
        "Google Business Profile: the offer's redemption link must be an https address.",
      ]);
    }
    expect(
      gbp({ topicType: 'OFFER', event, callToAction: { actionType: 'SHOP', url: 'https://bakery.example' } }),
    ).toEqual([
      'Google Business Profile: an offer post takes no call-to-action button; its redemption link does that.',
    ]);
  });

  it('takes a Call button without a link, and no other', () => {
    expect(gbp({ topicType: 'STANDARD', callToAction: { actionType: 'CALL' } })).toEqual([]);
    expect(gbp({ topicType: 'EVENT', event, callToAction: { actionType: 'CALL', url: '' } })).toEqual([]);
    expect(
      gbp({ topicType: 'STANDARD', callToAction: { actionType: 'CALL', url: 'https://bakery.example' } }),
    ).toEqual(["Google Business Profile: a Call now button calls the location's phone and takes no link."]);
  });

  it('refuses any other button without a web address', () => {
    expect(gbp({ topicType: 'STANDARD', callToAction: { actionType: 'LEARN_MORE' } })).toEqual([
      'Google Business Profile: the Learn more button needs a link (an http or https address).',
    ]);
    expect(
      gbp({ topicType: 'EVENT', event, callToAction: { actionType: 'BOOK', url: 'javascript:alert(1)' } }),
    ).toEqual(['Google Business Profile: the Book button needs a link (an http or https address).']);
    expect(
      gbp({
        topicType: 'EVENT',
        event,
        callToAction: { actionType: 'SIGN_UP', url: 'https://bakery.example/open-day' },
      }),
    ).toEqual([]);
  });

  it('refuses a button type the Business Profile does not have', () => {
    const callToAction = JSON.parse('{"actionType":"GET_OFFER","url":"https://bakery.example"}');
    expect(gbp({ topicType: 'STANDARD', callToAction })).toEqual([
      'Google Business Profile: the button must be one of BOOK, ORDER, SHOP, LEARN_MORE, SIGN_UP, CALL.',
    ]);
  });
});

describe('CHANNEL_MESSAGES', () => {
  it("names an app's credentials and the platforms it connects", () => {
    expect(CHANNEL_MESSAGES.appNotConfigured('google')).toBe(
      'An admin must set SOCIAL_GOOGLE_CLIENT_ID and SOCIAL_GOOGLE_CLIENT_SECRET (locally) or the google entry of the social apps secret (in AWS) to connect Google Business Profile.',
    );
    expect(CHANNEL_MESSAGES.appNotConfigured('meta')).toMatch(
      /SOCIAL_META_CLIENT_ID .* to connect Facebook and Instagram\.$/u,
    );
    expect(CHANNEL_MESSAGES.appNotConfigured('x')).toMatch(
      /SOCIAL_X_CLIENT_SECRET .* the x entry .* to connect X\.$/u,
    );
    for (const app of CHANNEL_APPS) {
      const { clientId, clientSecret } = channelAppEnvNames(app);
      expect(CHANNEL_MESSAGES.appNotConfigured(app)).toContain(`${clientId} and ${clientSecret}`);
    }
  });

  it('names the platform and the account of a connection to reconnect', () => {
    expect(CHANNEL_MESSAGES.reconnectNeeded('gbp')).toMatch(
      /^Reconnect needed: Google Business Profile .*location/u,
    );
    expect(CHANNEL_MESSAGES.reconnectNeeded('facebook')).toMatch(/Facebook .*Page/u);
  });
});

describe('publicationRequestSchema', () => {
  const connectionId = '01JD3V4Z7Q8R9S0T1V2W3X4Y5Z';
  const refusal = (body: unknown) => {
    const issue = publicationRequestSchema.safeParse(body).error?.issues[0];
    return issue && { path: issue.path.join('.'), message: issue.message };
  };

  it('takes a connection alone, or every field', () => {
    expect(publicationRequestSchema.parse({ connectionId })).toEqual({ connectionId });
    const full = {
      connectionId,
      text: 'Open day on Saturday',
      imageUrl: ' https://cdn.example/open-day.png ',
      scheduledAt: '2026-11-21T09:30:00+01:00',
      gbp: {
        topicType: 'OFFER',
        event: { title: ' Open day ', startDate: '2026-11-21', endDate: '2026-11-22' },
        offer: {
          couponCode: 'SPRING',
          termsConditions: 'One each.',
          redeemOnlineUrl: 'https://bakery.example/o',
        },
      },
      overrideApproval: true,
    };
    const parsed = publicationRequestSchema.parse(full);
    expect(parsed.imageUrl).toBe('https://cdn.example/open-day.png');
    expect(parsed.gbp?.event?.title).toBe('Open day');
    expect(publicationRequestSchema.safeParse({ ...full, scheduledAt: '2026-11-21T08:30:00Z' }).success).toBe(
      true,
    );
  });

  it('refuses a missing, loose or over-long connection id', () => {
    const wrong = { path: 'connectionId', message: CHANNEL_FIELD_MESSAGES.connectionId };
    expect(refusal({})).toEqual(wrong);
    expect(refusal({ connectionId: 42 })).toEqual(wrong);
    expect(refusal({ connectionId: connectionId.toLowerCase() })).toEqual(wrong);
    expect(refusal({ connectionId: `${connectionId}${'A'.repeat(15)}` })).toEqual(wrong);
  });

  it('bounds the text in characters, so an emoji counts one', () => {
    expect(publicationRequestSchema.safeParse({ connectionId, text: '😀'.repeat(63_206) }).success).toBe(
      true,
    );
    expect(refusal({ connectionId, text: 'a'.repeat(63_207) })).toEqual({
      path: 'text',
      message: 'must be text of at most 63,206 characters',
    });
  });

  it.each([
    ['a script', 'javascript:alert(1)'],
    ['an ftp address', 'ftp://cdn.example/a.png'],
    ['an address without its scheme', 'cdn.example/a.png'],
    ['an address over 2,048 characters', `https://cdn.example/${'a'.repeat(2_048)}`],
  ])('refuses %s as the image address', (_kind, imageUrl) => {
    expect(refusal({ connectionId, imageUrl })).toEqual({
      path: 'imageUrl',
      message: CHANNEL_FIELD_MESSAGES.imageUrl,
    });
  });

  it.each([
    '2026-11-21T09:30',
    '2026-11-21T09:30:00',
    '2026-11-21',
    '2026-02-30T09:30:00Z',
    '2026-11-21T24:00:00Z',
    'tomorrow',
  ])('refuses the time %j (an existing date and time with its offset is needed)', (scheduledAt) => {
    expect(refusal({ connectionId, scheduledAt })).toEqual({
      path: 'scheduledAt',
      message: CHANNEL_FIELD_MESSAGES.scheduledAt,
    });
  });

  const event = { title: 'Open day', startDate: '2026-11-21', endDate: '2026-11-22' };
  it.each([
    ['an unknown post type', { topicType: 'ALERT' }, 'gbp.topicType', CHANNEL_FIELD_MESSAGES.topicType],
    [
      'a date written another way',
      { topicType: 'EVENT', event: { ...event, startDate: '21/11/2026' } },
      'gbp.event.startDate',
      CHANNEL_FIELD_MESSAGES.gbpDate,
    ],
    [
      'a date-time as a date',
      { topicType: 'EVENT', event: { ...event, endDate: '2026-11-22T10:00:00Z' } },
      'gbp.event.endDate',
      CHANNEL_FIELD_MESSAGES.gbpDate,
    ],
    [
      'a title of 59 characters',
      { topicType: 'EVENT', event: { ...event, title: 't'.repeat(59) } },
      'gbp.event.title',
      CHANNEL_FIELD_MESSAGES.title,
    ],
    [
      'a coupon code of 59 characters',
      { topicType: 'OFFER', offer: { couponCode: 'c'.repeat(59) } },
      'gbp.offer.couponCode',
      CHANNEL_FIELD_MESSAGES.couponCode,
    ],
    [
      'terms of 5,001 characters',
      { topicType: 'OFFER', offer: { termsConditions: 't'.repeat(5_001) } },
      'gbp.offer.termsConditions',
      CHANNEL_FIELD_MESSAGES.termsConditions,
    ],
    [
      'an http redemption link',
      { topicType: 'OFFER', offer: { redeemOnlineUrl: 'http://bakery.example' } },
      'gbp.offer.redeemOnlineUrl',
      CHANNEL_FIELD_MESSAGES.redeemOnlineUrl,
    ],
    [
      'an unknown button',
      { topicType: 'STANDARD', callToAction: { actionType: 'GET_OFFER' } },
      'gbp.callToAction.actionType',
      CHANNEL_FIELD_MESSAGES.actionType,
    ],
    [
      'a file address on a button',
      { topicType: 'STANDARD', callToAction: { actionType: 'BOOK', url: 'file:///etc/passwd' } },
      'gbp.callToAction.url',
      CHANNEL_FIELD_MESSAGES.buttonUrl,
    ],
  ])('refuses %s in the Business Profile fields', (_kind, gbp, path, message) => {
    expect(refusal({ connectionId, gbp })).toEqual({ path, message });
  });

  it('refuses an approval override that is not true or false', () => {
    expect(refusal({ connectionId, overrideApproval: 'yes' })).toEqual({
      path: 'overrideApproval',
      message: CHANNEL_FIELD_MESSAGES.overrideApproval,
    });
  });

  it('parses to the GbpPostFields the rules read', () => {
    expectTypeOf<z.output<typeof gbpPostFieldsSchema>>().toExtend<GbpPostFields>();
  });
});

describe('publicationRescheduleSchema', () => {
  it('needs a date and time with its offset', () => {
    expect(publicationRescheduleSchema.parse({ scheduledAt: '2026-11-21T09:30:00-08:00' })).toEqual({
      scheduledAt: '2026-11-21T09:30:00-08:00',
    });
    for (const body of [{}, { scheduledAt: '' }, { scheduledAt: '2026-11-21T09:30' }]) {
      expect(publicationRescheduleSchema.safeParse(body).error?.issues[0]).toMatchObject({
        path: ['scheduledAt'],
        message: CHANNEL_FIELD_MESSAGES.scheduledAt,
      });
    }
  });
});
