import type { BulkJob } from '../batch-columns';
import { type BlogRewriteRequest, estimateBlogRewrite } from './blog-rewrite';
import { type ClientContentRequest, estimateClientContent } from './client-content';
import { estimateFaq, type FaqRequest } from './faq';
import { estimateGbpPost, type GbpPostRequest } from './gbp-post';
import { estimateNewsletter, type NewsletterRequest } from './newsletter';
import { estimatePressRelease, type PressReleaseRequest } from './press-release';
import { estimateSocialContent, type SocialContentRequest } from './social-content';

/**
 * A text job's estimate in micro-dollars (shared/usage-estimate.ts) by its job kind, for the callers that
 * hold requests of several tools: a bulk run's rows and a multi-platform run's children (whose types are
 * all bulk tools). Each tool's own estimate is in its module (shared/tools/<tool>.ts), beside its request
 * and expected length; a route prices its job with that one (its `ToolJob`). This module imports every
 * bulk tool's request schema, so only the bulk run and the multi-platform worker load it.
 */
/** The record's type makes a bulk tool without an estimate a compile error. */
const ESTIMATES: { readonly [K in BulkJob]: (input: unknown) => number } = {
  newsletter: (input) => estimateNewsletter(input as NewsletterRequest),
  'press-release': (input) => estimatePressRelease(input as PressReleaseRequest),
  'blog-rewrite': (input) => estimateBlogRewrite(input as BlogRewriteRequest),
  faq: (input) => estimateFaq(input as FaqRequest),
  'client-content': (input) => estimateClientContent(input as ClientContentRequest),
  'social-content': (input) => estimateSocialContent(input as SocialContentRequest),
  'gbp-post': (input) => estimateGbpPost(input as GbpPostRequest),
};

const isEstimated = (tool: string): tool is BulkJob => Object.hasOwn(ESTIMATES, tool);

/** The estimate of a job of a bulk tool, from its parsed request; 0 for a kind that is none. */
export function estimateTextTool(tool: string, input: unknown): number {
  return isEstimated(tool) ? ESTIMATES[tool](input) : 0;
}
