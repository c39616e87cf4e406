import { DEFAULT_MULTI_PLATFORM_MODEL_ID, languageModelIdSchema } from '../models';
import { SOCIAL_PLATFORM_IDS } from '../platforms';
import type { SavableKind } from '../saved-title';
import { documentedRequired } from '../validation/documented-required';
import { webAddressField } from '../validation/web-address';
import * as z from '../validation/zod';
import { BLOG_FRAMEWORKS, clientFields, type ToastText } from './common';

/** Multi-Platform Content Creator (001 §2, §3, §4, §5, §8, §9). */

export const MULTI_PLATFORM_TYPES = [
  'social',
  'newsletter',
  'press-release',
  'faq',
  'blog-rewrite',
  'gbp-post',
  'client-content',
] as const satisfies readonly SavableKind[];
export type MultiPlatformType = (typeof MULTI_PLATFORM_TYPES)[number];

export const MULTI_PLATFORM_TYPE_LABELS: Readonly<Record<MultiPlatformType, string>> = {
  social: 'Social Media',
  newsletter: 'Newsletter',
  'press-release': 'Press Release',
  faq: 'FAQ',
  'blog-rewrite': 'Blog Rewrite',
  'gbp-post': 'GBP Post',
  'client-content': 'Client Content',
};

/** Types whose result is HTML (Text View, HTML Code and HTML Preview tabs). */
export const HTML_RESULT_TYPES: readonly MultiPlatformType[] = [
  'newsletter',
  'press-release',
  'faq',
  'blog-rewrite',
  'client-content',
];

export const MULTI_PLATFORM_TONES = [
  'professional',
  'friendly',
  'inspirational',
  'educational',
  'conversational',
  'promotional',
] as const;
export type MultiPlatformTone = (typeof MULTI_PLATFORM_TONES)[number];
export const DEFAULT_MULTI_PLATFORM_TONE: MultiPlatformTone = 'professional';

/** 001 §9: the multi-platform run writes social posts with hashtags and a call to action, at level 3. */
export const MULTI_PLATFORM_SOCIAL = { includeHashtags: true, includeCallToAction: true, level: 3 } as const;

/** '1 item', '3 items': the summary counts in the right number. */
export function itemCount(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}

export const MULTI_PLATFORM_MESSAGES = {
  noTypes: 'No Content Types Selected',
  missingPrompt: { title: 'Missing Prompt', description: 'Please provide a prompt for content generation.' },
  missingBlogUrl: 'Missing Blog URL',
  selectClient: {
    title: 'Select a client',
    description: 'Choose a client to save this content to their profile.',
  },
  itemFailed: (label: string) => `Failed to generate ${label} content`,
  allSucceeded: 'Content Generated Successfully',
  complete: (succeeded: number, total: number): ToastText => ({
    title: 'Content Generation Complete',
    description: `${succeeded} of ${itemCount(total)} generated successfully.`,
  }),
  unexpected: {
    title: 'Generation Failed',
    description: 'An unexpected error occurred while generating content.',
  },
  saveFailed: {
    title: 'Error Saving Content',
    description: 'Failed to save content to client profile. Please try again.',
  },
  saved: 'Content Saved',
  progress: (finished: number, total: number) => `Generated ${finished} of ${itemCount(total)}...`,
} as const;

export const MULTI_PLATFORM_ACTIVITY = {
  action: 'multi_platform_generation',
  resourceType: 'multi_platform',
} as const;

/** Body of POST /api/generate-multi-platform. */
export const multiPlatformRequestSchema = z.pipe(
  z
    .object({
      types: documentedRequired(
        z._default(z.array(z.enum(MULTI_PLATFORM_TYPES)).check(z.maxLength(MULTI_PLATFORM_TYPES.length)), []),
      ),
      platforms: z._default(
        z.array(z.enum(SOCIAL_PLATFORM_IDS)).check(z.maxLength(SOCIAL_PLATFORM_IDS.length)),
        [...SOCIAL_PLATFORM_IDS],
      ),
      prompt: documentedRequired(z._default(z.string().check(z.maxLength(5_000)), '')),
      tone: z._default(z.enum(MULTI_PLATFORM_TONES), DEFAULT_MULTI_PLATFORM_TONE),
      model: z._default(languageModelIdSchema, DEFAULT_MULTI_PLATFORM_MODEL_ID),
      blogUrl: webAddressField(),
      framework: z._default(z.enum(BLOG_FRAMEWORKS), 'original'),
      /** Newsletter option: its header block on or off. */
      newsletterIncludeHeader: z._default(z.boolean(), true),
      ...clientFields,
    })
    .check(
      z.superRefine((value, ctx) => {
        const add = (message: string, path: string) =>
          ctx.addIssue({ code: 'custom', message, path: [path] });
        if (value.types.length === 0) add(MULTI_PLATFORM_MESSAGES.noTypes, 'types');
        const needsPrompt = value.types.some((type) => type !== 'blog-rewrite');
        if (needsPrompt && value.prompt.trim() === '') {
          const { title, description } = MULTI_PLATFORM_MESSAGES.missingPrompt;
          add(`${title}: ${description}`, 'prompt');
        }
        if (value.types.includes('blog-rewrite') && value.blogUrl === '')
          add(MULTI_PLATFORM_MESSAGES.missingBlogUrl, 'blogUrl');
        if (value.types.includes('social') && value.platforms.length === 0)
          add('Select at least one platform', 'platforms');
        if (value.saveToClient && value.clientId === undefined) {
          const { title, description } = MULTI_PLATFORM_MESSAGES.selectClient;
          add(`${title}: ${description}`, 'clientId');
        }
      }),
    ),
  z.transform((value) => ({
    ...value,
    types: [...new Set(value.types)],
    platforms: [...new Set(value.platforms)],
  })),
);

export type MultiPlatformRequest = z.output<typeof multiPlatformRequestSchema>;
export type MultiPlatformRequestInput = z.input<typeof multiPlatformRequestSchema>;
