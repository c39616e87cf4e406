import type { GbpActionType, GbpPostFields, GbpTopicType } from '#shared/channels';

/** No call-to-action button: a choice of the composer's, never sent. */
export const NO_BUTTON = 'NONE';

/** A Business Profile post's fields as the composer holds them: every input's text, blank when empty. */
export interface GbpDraft {
  readonly topicType: GbpTopicType;
  readonly title: string;
  readonly startDate: string;
  readonly endDate: string;
  readonly couponCode: string;
  readonly termsConditions: string;
  readonly redeemOnlineUrl: string;
  readonly actionType: GbpActionType | typeof NO_BUTTON;
  readonly buttonUrl: string;
}

export const EMPTY_GBP_DRAFT: GbpDraft = {
  topicType: 'STANDARD',
  title: '',
  startDate: '',
  endDate: '',
  couponCode: '',
  termsConditions: '',
  redeemOnlineUrl: '',
  actionType: NO_BUTTON,
  buttonUrl: '',
};

const given = (value: string): string | undefined => (value.trim() === '' ? undefined : value.trim());

/**
 * What is sent (and checked by shared/channel-rules.ts) for the draft: only the fields its post type
 * has, blank optional ones left out. An Event or Offer always sends its title and dates, blank or not,
 * so the rules name what is missing; an Offer takes no button (its redemption link is one).
 */
export function gbpFieldsOf(draft: GbpDraft): GbpPostFields {
  const { topicType } = draft;
  const event =
    topicType === 'STANDARD'
      ? {}
      : { event: { title: draft.title.trim(), startDate: draft.startDate, endDate: draft.endDate } };
  const couponCode = given(draft.couponCode);
  const termsConditions = given(draft.termsConditions);
  const redeemOnlineUrl = given(draft.redeemOnlineUrl);
  const offer =
    topicType === 'OFFER' && (couponCode || termsConditions || redeemOnlineUrl)
      ? {
          offer: {
            ...(couponCode ? { couponCode } : {}),
            ...(termsConditions ? { termsConditions } : {}),
            ...(redeemOnlineUrl ? { redeemOnlineUrl } : {}),
          },
        }
      : {};
  const url = given(draft.buttonUrl);
  const button =
    topicType === 'OFFER' || draft.actionType === NO_BUTTON
      ? {}
      : {
          callToAction: {
            actionType: draft.actionType,
            ...(draft.actionType !== 'CALL' && url ? { url } : {}),
          },
        };
  return { topicType, ...event, ...offer, ...button };
}
