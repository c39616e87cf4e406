import { estimateTextJob, textCharacters } from '../usage-estimate';
import { type CalendarDate, calendarDateOf, isoDateField } from '../validation/iso-date';
import { webAddressField } from '../validation/web-address';
import * as z from '../validation/zod';
import {
  clientFields,
  instructionsField,
  modelField,
  requireClientForSave,
  requireThat,
  TOOL_MESSAGES,
  type ToastText,
  type ToolJob,
  textField,
} from './common';

/** Press Release Creator (spec 001 §2, §3, §5, §7, §8). */

export const PRESS_RELEASE_INPUT_TYPES = ['topic', 'url'] as const;

export const PRESS_RELEASE_MESSAGES = {
  topicRequired: 'Please enter a topic for the press release',
  urlRequired: 'Please enter a URL to extract content from',
  invalidReleaseDate: 'Please pick a valid release date',
  selectClient: TOOL_MESSAGES.selectClient.title,
  generationFailed: {
    title: 'Generation Failed',
    description: 'Failed to generate press release. Please try again.',
  },
  generated: (wordCount: number): ToastText => ({
    title: 'Press Release Generated!',
    description: `Your press release is ready (${wordCount} words).`,
  }),
  saved: (clientName: string): ToastText => TOOL_MESSAGES.savedToClient('Press release', clientName),
} as const;

export const PRESS_RELEASE_LABELS = {
  releaseDate: 'Release Date',
  includeHeader: 'Include header',
  includeCompanyInfo: 'Include company info',
  useClientCompanyInfo: "Use selected client's company info",
  saveToClient: 'Save to client profile',
  generate: 'Generate Press Release',
  instructionsCard: 'AI Instructions',
  regenerate: 'Regenerate with Edited Instructions',
} as const;

export const PRESS_RELEASE_ACTIVITY = {
  action: 'press_release_generation',
  resourceType: 'content_generation',
} as const;

const companyText = z.pipe(
  z.nullish(z.string().check(z.maxLength(2_000))),
  z.transform((value) => {
    const trimmed = value?.trim() ?? '';
    return trimmed === '' ? null : trimmed;
  }),
);

/** `clientCompanyData` of 001 §7: the chosen client's profile as the form sends it. */
export const clientCompanyDataSchema = z.object({
  clientName: companyText,
  companyName: companyText,
  owner: companyText,
  email: companyText,
  phone: companyText,
  website: companyText,
  facebook: companyText,
  linkedin: companyText,
  gbp: companyText,
  address: companyText,
  city: companyText,
  state: companyText,
  postal_code: companyText,
  country: companyText,
});

export type ClientCompanyData = z.output<typeof clientCompanyDataSchema>;

export type { CalendarDate };

/** The calendar date of the release date field, or null when it is not a real one (e.g. 2026-02-30). */
export function parseReleaseDate(iso: string): CalendarDate | null {
  return calendarDateOf(iso);
}

/** Body of POST /api/generate-press-release (001 §7) plus client selection and saving. */
export const pressReleaseRequestSchema = z
  .object({
    model: modelField,
    /** Additional instructions. */
    prompt: instructionsField(),
    topic: textField(),
    url: webAddressField(),
    inputType: z._default(z.enum(PRESS_RELEASE_INPUT_TYPES), 'topic'),
    includeHeader: z._default(z.boolean(), true),
    includeCompanyInfo: z._default(z.boolean(), true),
    useClientCompanyInfo: z._default(z.boolean(), false),
    clientCompanyData: z.pipe(
      z.nullish(clientCompanyDataSchema),
      z.transform((value) => value ?? null),
    ),
    /** The release date picked in the form; the generation date when absent. */
    releaseDate: z.optional(isoDateField(PRESS_RELEASE_MESSAGES.invalidReleaseDate)),
    /**
     * The AI Instructions card after editing ('Regenerate with Edited Instructions'). When absent the
     * client's press release instructions apply, else the default ones.
     */
    instructions: z.optional(z.string().check(z.maxLength(20_000))),
    ...clientFields,
  })
  .check(
    // What the refinement below requires, as near as the document's linters take it (if/then would
    // need subschemas that Redocly's strict example check closes): a `topic`, or a `url` with its
    // `inputType` (which must then be 'url').
    z.meta({ anyOf: [{ required: ['topic'] }, { required: ['url', 'inputType'] }] }),
    z.superRefine((value, ctx) => {
      if (value.inputType === 'topic') {
        requireThat(ctx, value.topic.trim() !== '', 'topic', PRESS_RELEASE_MESSAGES.topicRequired);
      } else {
        // A present URL is judged by the field's own rule (shared/validation/web-address.ts).
        requireThat(ctx, value.url !== '', 'url', PRESS_RELEASE_MESSAGES.urlRequired);
      }
      requireClientForSave(ctx, value, PRESS_RELEASE_MESSAGES.selectClient);
    }),
  );

export type PressReleaseRequest = z.output<typeof pressReleaseRequestSchema>;
export type PressReleaseRequestInput = z.input<typeof pressReleaseRequestSchema>;

/** The result's types live with its schema (shared/tool-results.ts), which request handlers need not load. */
export type { PressReleaseResult } from '../tool-results';

/* Its expected reply length in tokens: the worker measures live progress against it, the estimate prices it. */

/** 300-500 words plus headline, dateline and contact markup: about 700 tokens. */
export const PRESS_RELEASE_EXPECTED_TOKENS = 700;

/** The job's cost estimate in micro-dollars (shared/usage-estimate.ts), counted against its client's budget. */
export const estimatePressRelease = (input: PressReleaseRequest) =>
  estimateTextJob({
    modelId: input.model,
    expectedOutputTokens: PRESS_RELEASE_EXPECTED_TOKENS,
    requestCharacters: textCharacters(input.topic, input.prompt, input.instructions),
    readsSourcePage: input.inputType === 'url',
  });

/** What its generation route needs (functions/tools/press-release/handler.ts); the worker's definition spreads it. */
export const pressReleaseJob: ToolJob<PressReleaseRequest> = {
  name: 'press-release',
  requestSchema: pressReleaseRequestSchema,
  clientId: (input) => input.clientId ?? null,
  estimateMicroUsd: estimatePressRelease,
  sourceUrls: (input) => (input.inputType === 'url' ? [input.url] : []),
};
