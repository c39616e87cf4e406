import { estimateTextJob } from '../usage-estimate';
import { INVALID_URL_MESSAGE, webAddress, webAddressField } from '../validation/web-address';
import * as z from '../validation/zod';
import {
  BLOG_FRAMEWORKS,
  type BlogFramework,
  clientFields,
  modelField,
  requireClientForSave,
  requireThat,
  TOOL_MESSAGES,
  type ToastText,
  type ToolJob,
} from './common';

/** Blog Rewriter (spec 001 §2, §5, §7, §8, §9). */

export { BLOG_FRAMEWORKS, type BlogFramework } from './common';

export const BLOG_FRAMEWORK_OPTIONS: readonly {
  readonly value: BlogFramework;
  readonly label: string;
  readonly description: string;
}[] = [
  {
    value: 'original',
    label: 'Leave As Is',
    description: 'Keep the original structure and flow, only sharpening clarity and readability.',
  },
  {
    value: 'storybrand',
    label: 'StoryBrand',
    description: 'Cast the reader as the hero and the brand as the guide with a clear plan to success.',
  },
  {
    value: 'aida',
    label: 'AIDA',
    description: 'Attention, Interest, Desire, Action: lead the reader from a hook to a clear next step.',
  },
  {
    value: 'pas',
    label: 'PAS',
    description: 'Problem, Agitate, Solution: name the pain, show what it costs, then resolve it.',
  },
];

export const BLOG_REWRITE_MESSAGES = {
  urlRequired: INVALID_URL_MESSAGE,
  selectClient: TOOL_MESSAGES.selectClient,
  generationFailed: { title: 'Generation Failed', description: 'Failed to rewrite blog content' },
  generated: (wordCount: number): ToastText => ({
    title: 'Blog Rewritten!',
    description: `Your rewritten post is ready (${wordCount} words).`,
  }),
  saved: (clientName: string): ToastText => TOOL_MESSAGES.savedToClient('Blog post', clientName),
} as const;

export const BLOG_REWRITE_LABELS = {
  url: 'Blog URL',
  framework: 'Framework',
  addEmojis: 'Add Relevant Emojis',
  saveToClient: 'Save to client profile',
  generate: 'Rewrite Blog',
} as const;

export const BLOG_REWRITE_ACTIVITY = { action: 'blog_rewrite', resourceType: 'content_generation' } as const;

/**
 * Body of POST /api/rewrite-blog (001 §7). The public API documents `prompt` instead of `url` for this
 * endpoint, so `prompt` stands in for a missing `url`.
 */
export const blogRewriteRequestSchema = z
  .pipe(
    z.object({
      url: webAddressField(),
      /** Public API spelling of `url` (001 §7 lists `prompt` for POST /rewrite-blog). */
      prompt: z.optional(webAddress()),
      framework: z._default(z.enum(BLOG_FRAMEWORKS), 'original'),
      addEmojis: z._default(z.boolean(), false),
      model: modelField,
      ...clientFields,
    }),
    z.transform(({ prompt, ...rest }) => ({ ...rest, url: rest.url === '' ? (prompt ?? '') : rest.url })),
  )
  .check(
    // What the refinement below requires, in the document's words: the post's address, as `url` or `prompt`.
    z.meta({ anyOf: [{ required: ['url'] }, { required: ['prompt'] }] }),
    z.superRefine((value, ctx) => {
      requireThat(ctx, value.url !== '', 'url', BLOG_REWRITE_MESSAGES.urlRequired);
      requireClientForSave(ctx, value, BLOG_REWRITE_MESSAGES.selectClient.description);
    }),
  );

export type BlogRewriteRequest = z.output<typeof blogRewriteRequestSchema>;
export type BlogRewriteRequestInput = z.input<typeof blogRewriteRequestSchema>;

/** The result's types live with its schema (shared/tool-results.ts), which request handlers need not load. */
export type { BlogRewriteResult } from '../tool-results';

/* Its expected reply length in tokens: the worker measures live progress against it, the estimate prices it. */

/**
 * A rewritten post of about 900 words, written twice (plain text and HTML) inside a JSON object: about
 * 2,800 tokens. The source's length is unknown until it is fetched, so this is the typical post.
 */
export const BLOG_REWRITE_EXPECTED_TOKENS = 2_800;

/** The job's cost estimate in micro-dollars (shared/usage-estimate.ts), counted against its client's budget. */
export const estimateBlogRewrite = (input: BlogRewriteRequest) =>
  estimateTextJob({
    modelId: input.model,
    expectedOutputTokens: BLOG_REWRITE_EXPECTED_TOKENS,
    requestCharacters: 0,
    readsSourcePage: true,
  });

/** What its generation route needs (functions/tools/blog-rewrite/handler.ts); the worker's definition spreads it. */
export const blogRewriteJob: ToolJob<BlogRewriteRequest> = {
  name: 'blog-rewrite',
  requestSchema: blogRewriteRequestSchema,
  clientId: (input) => input.clientId ?? null,
  estimateMicroUsd: estimateBlogRewrite,
  sourceUrls: (input) => [input.url],
};
