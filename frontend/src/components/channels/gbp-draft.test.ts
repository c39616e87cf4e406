import { describe, expect, it } from 'vitest';
import { channelPostProblems } from '#shared/channel-rules';
import { EMPTY_GBP_DRAFT, gbpFieldsOf, NO_BUTTON } from './gbp-draft';

describe('a Business Profile draft as sent', () => {
  it('sends an update with its button, and nothing of an event or offer typed before the type changed', () => {
    const draft = {
      ...EMPTY_GBP_DRAFT,
      title: 'Left over',
      couponCode: 'CAKE20',
      actionType: 'BOOK' as const,
      buttonUrl: ' https://bakery.example/book ',
    };
    expect(gbpFieldsOf(draft)).toEqual({
      topicType: 'STANDARD',
      callToAction: { actionType: 'BOOK', url: 'https://bakery.example/book' },
    });
    expect(channelPostProblems('gbp', { text: 'Fresh bread', gbp: gbpFieldsOf(draft) })).toEqual([]);
  });

  it('sends an event’s title and dates even when blank, so the rules say what is missing', () => {
    const fields = gbpFieldsOf({ ...EMPTY_GBP_DRAFT, topicType: 'EVENT', couponCode: 'X' });
    expect(fields).toEqual({ topicType: 'EVENT', event: { title: '', startDate: '', endDate: '' } });
    expect(channelPostProblems('gbp', { text: 'Open house', gbp: fields })).toEqual([
      'Google Business Profile: an event post needs a title.',
      'Google Business Profile: an event post needs a start date.',
      'Google Business Profile: an event post needs an end date.',
    ]);
  });

  it('sends an offer’s given fields and no button; a Call button takes no link', () => {
    const offer = gbpFieldsOf({
      ...EMPTY_GBP_DRAFT,
      topicType: 'OFFER',
      title: '20% off',
      startDate: '2026-06-01',
      endDate: '2026-06-15',
      couponCode: ' CAKE20 ',
      actionType: 'SHOP',
      buttonUrl: 'https://bakery.example',
    });
    expect(offer).toEqual({
      topicType: 'OFFER',
      event: { title: '20% off', startDate: '2026-06-01', endDate: '2026-06-15' },
      offer: { couponCode: 'CAKE20' },
    });
    const call = gbpFieldsOf({ ...EMPTY_GBP_DRAFT, actionType: 'CALL', buttonUrl: 'https://x.example' });
    expect(call.callToAction).toEqual({ actionType: 'CALL' });
    expect(gbpFieldsOf({ ...EMPTY_GBP_DRAFT, actionType: NO_BUTTON }).callToAction).toBeUndefined();
  });
});
