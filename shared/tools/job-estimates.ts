import { estimateTextJob, textCharacters } from '../usage-estimate';
import type { BlogRewriteRequest } from './blog-rewrite';
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

/**
 * The estimate of a job of any text tool, by its job kind (functions/tools/<name>), from its parsed
 * request: a bulk run's rows and a multi-platform run's children are priced with it.
 */
export function estimateTextTool(tool: string, input: unknown): number {
  switch (tool) {
    case 'newsletter':
      return estimateNewsletter(input as NewsletterRequest);
    case 'press-release':
      return estimatePressRelease(input as PressReleaseRequest);
    case 'blog-rewrite':
      return estimateBlogRewrite(input as BlogRewriteRequest);
    case 'faq':
      return estimateFaq(input as FaqRequest);
    case 'client-content':
      return estimateClientContent(input as ClientContentRequest);
    case 'gbp-post':
      return estimateGbpPost(input as GbpPostRequest);
    case 'social-content':
      return estimateSocialContent(input as SocialContentRequest);
    default:
      return 0;
  }
}
