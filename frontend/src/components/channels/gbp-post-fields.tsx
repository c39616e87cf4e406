import { GBP_ACTION_LABELS, GBP_ACTION_TYPES, GBP_TOPIC_LABELS, GBP_TOPIC_TYPES } from '#shared/channels';
import { PlainSelect } from '@/components/tool/plain-select';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { type GbpDraft, NO_BUTTON } from './gbp-draft';
import { GBP_FIELDS } from './messages';

const TOPIC_OPTIONS = GBP_TOPIC_TYPES.map((value) => ({ value, label: GBP_TOPIC_LABELS[value] }));
const BUTTON_OPTIONS: readonly { value: GbpDraft['actionType']; label: string }[] = [
  { value: NO_BUTTON, label: GBP_FIELDS.noButton },
  ...GBP_ACTION_TYPES.map((value) => ({ value, label: GBP_ACTION_LABELS[value] })),
];

/**
 * A Business Profile post's own fields: its type (Update, Event, Offer), an event's or offer's title
 * and dates, an offer's coupon, terms and redemption link, and the call-to-action button of an update
 * or event. Which of them a type needs is said by the rules under the text, not here.
 */
export function GbpPostFields({
  id,
  draft,
  onChange,
}: {
  /** Prefixes the controls' ids: one set per Business Profile channel. */
  id: string;
  draft: GbpDraft;
  onChange: (draft: GbpDraft) => void;
}) {
  const set = <K extends keyof GbpDraft>(key: K, value: GbpDraft[K]) => onChange({ ...draft, [key]: value });
  const text = (key: 'title' | 'startDate' | 'endDate' | 'couponCode' | 'redeemOnlineUrl' | 'buttonUrl') => ({
    id: `${id}-${key}`,
    value: draft[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
  });
  const { topicType } = draft;
  return (
    <fieldset className="grid gap-3 rounded-md border p-3">
      <legend className="px-1 font-medium text-sm">{GBP_FIELDS.legend}</legend>
      <PlainSelect
        id={`${id}-topicType`}
        label={GBP_FIELDS.topicType}
        value={topicType}
        options={TOPIC_OPTIONS}
        onChange={(value) => set('topicType', value)}
      />
      {topicType !== 'STANDARD' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label={GBP_FIELDS.title} htmlFor={`${id}-title`} required className="sm:col-span-2">
            <Input {...text('title')} />
          </FormField>
          <FormField label={GBP_FIELDS.startDate} htmlFor={`${id}-startDate`} required>
            <Input type="date" {...text('startDate')} />
          </FormField>
          <FormField label={GBP_FIELDS.endDate} htmlFor={`${id}-endDate`} required>
            <Input type="date" {...text('endDate')} />
          </FormField>
        </div>
      )}
      {topicType === 'OFFER' && (
        <div className="grid gap-3">
          <FormField label={GBP_FIELDS.couponCode} htmlFor={`${id}-couponCode`}>
            <Input {...text('couponCode')} />
          </FormField>
          <FormField label={GBP_FIELDS.terms} htmlFor={`${id}-termsConditions`}>
            <Textarea
              id={`${id}-termsConditions`}
              rows={2}
              value={draft.termsConditions}
              onChange={(event) => set('termsConditions', event.target.value)}
            />
          </FormField>
          <FormField label={GBP_FIELDS.redeemUrl} htmlFor={`${id}-redeemOnlineUrl`}>
            <Input type="url" placeholder="https://" {...text('redeemOnlineUrl')} />
          </FormField>
        </div>
      )}
      {topicType !== 'OFFER' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <PlainSelect
            id={`${id}-actionType`}
            label={GBP_FIELDS.button}
            value={draft.actionType}
            options={BUTTON_OPTIONS}
            onChange={(value) => set('actionType', value)}
          />
          {draft.actionType !== NO_BUTTON && draft.actionType !== 'CALL' && (
            <FormField label={GBP_FIELDS.buttonUrl} htmlFor={`${id}-buttonUrl`} required>
              <Input type="url" placeholder="https://" {...text('buttonUrl')} />
            </FormField>
          )}
        </div>
      )}
    </fieldset>
  );
}
