import { estimateTextJob, textCharacters } from '../usage-estimate';
import type { BlogRewriteRequest } from './blog-rewrite';
import type { TextToolId } from './catalog';
import type { ClientContentRequest } from './client-content';
import {
  BLOG_REWRITE_EXPECTED_TOKENS,
  CLIENT_CONTENT_EXPECTED_TOKENS,
  faqExpectedTokens,
  GBP_POST_EXPECTED_TOKENS,
  newsletterExpectedTokens,
  PRESS_RELEASE_EXPECTED_TOKENS,
} from './expected-length';
import type { FaqRequest } from './faq';
import type { GbpPostRequest } from './gbp-post';
import type { NewsletterRequest } from './newsletter';
import type { PressReleaseRequest } from './press-release';
import { estimateSocialContent, type SocialContentRequest } from './social-content';

/**
 * Each text tool's cost estimate in micro-dollars (shared/usage-estimate.ts), from its parsed request:
 * the admission counts it against the client's budget, and the bulk page adds the rows up. The request
 * types are type-only imports; estimateTextTool, which needs the social tool's own arithmetic, is for the
 * bulk run and the multi-platform worker, which carry every tool's schema anyway.
 */

export const estimateNewsletter = (input: NewsletterRequest) =>
  estimateTextJob({
    modelId: input.model,
    expectedOutputTokens: newsletterExpectedTokens(input),
    requestCharacters: textCharacters(input.topic, input.prompt),
    readsSourcePage: input.inputType === 'url',
  });

export const estimatePressRelease = (input: PressReleaseRequest) =>
  estimateTextJob({
    modelId: input.model,
    expectedOutputTokens: PRESS_RELEASE_EXPECTED_TOKENS,
    requestCharacters: textCharacters(input.topic, input.prompt, input.instructions),
    readsSourcePage: input.inputType === 'url',
  });

export const estimateBlogRewrite = (input: BlogRewriteRequest) =>
  estimateTextJob({
    modelId: input.model,
    expectedOutputTokens: BLOG_REWRITE_EXPECTED_TOKENS,
    requestCharacters: 0,
    readsSourcePage: true,
  });

export const estimateFaq = (input: FaqRequest) =>
  estimateTextJob({
    modelId: input.model,
    expectedOutputTokens: faqExpectedTokens(input),
    requestCharacters: textCharacters(input.topic, input.prompt, input.customQuestions),
    readsSourcePage: false,
  });

export const estimateClientContent = (input: ClientContentRequest) =>
  estimateTextJob({
    modelId: input.model,
    expectedOutputTokens: CLIENT_CONTENT_EXPECTED_TOKENS,
    requestCharacters: textCharacters(input.topic, input.prompt, input.instructions),
    readsSourcePage: false,
  });

export const estimateGbpPost = (input: GbpPostRequest) =>
  estimateTextJob({
    modelId: input.model,
    expectedOutputTokens: GBP_POST_EXPECTED_TOKENS,
    requestCharacters: textCharacters(input.prompt),
    readsSourcePage: false,
  });

/** Each text tool's estimate from its request as the bulk run and the multi-platform worker hold it. */
const ESTIMATES: { readonly [K in TextToolId]: (input: unknown) => number } = {
  newsletter: (input) => estimateNewsletter(input as NewsletterRequest),
  'press-release': (input) => estimatePressRelease(input as PressReleaseRequest),
  'blog-rewrite': (input) => estimateBlogRewrite(input as BlogRewriteRequest),
  faq: (input) => estimateFaq(input as FaqRequest),
  'client-content': (input) => estimateClientContent(input as ClientContentRequest),
  'social-content': (input) => estimateSocialContent(input as SocialContentRequest),
  'gbp-post': (input) => estimateGbpPost(input as GbpPostRequest),
};

const isEstimated = (tool: string): tool is TextToolId => Object.hasOwn(ESTIMATES, tool);

/**
 * The estimate of a job of any text tool (the text tools of shared/tools/catalog.ts: a missing one
 * fails to compile), by its job kind, from its parsed request: a bulk run's rows and a multi-platform
 * run's children are priced with it; 0 for a kind that is not a text tool.
 */
export function estimateTextTool(tool: string, input: unknown): number {
  return isEstimated(tool) ? ESTIMATES[tool](input) : 0;
}
