import type { FaqRequest } from './faq';
import type { NewsletterRequest } from './newsletter';

/**
 * How long each text tool's reply is expected to be, in tokens: the worker measures live progress
 * against it, and the usage estimates (a client's budget, a bulk run's total) price it. Shared so the
 * browser's estimate and the server's are the same figure. (The social tool's is in social-content.ts:
 * it counts its platforms' targets.)
 */

/** A styled newsletter of 400-600 words is about 900 tokens once its inline-styled markup is counted. */
const NEWSLETTER_TOKENS = 900;
/** Reading a page adds the source's substance: a little longer on average. */
const NEWSLETTER_TOKENS_FROM_URL = 1_100;

export function newsletterExpectedTokens(input: Pick<NewsletterRequest, 'inputType'>): number {
  return input.inputType === 'url' ? NEWSLETTER_TOKENS_FROM_URL : NEWSLETTER_TOKENS;
}

/** 300-500 words plus headline, dateline and contact markup: about 700 tokens. */
export const PRESS_RELEASE_EXPECTED_TOKENS = 700;

/**
 * A rewritten post of about 900 words, written twice (plain text and HTML) inside a JSON object: about
 * 2,800 tokens. The source's length is unknown until it is fetched, so this is the typical post.
 */
export const BLOG_REWRITE_EXPECTED_TOKENS = 2_800;

/** Each item (about 90 tokens of question and answer) is written twice, in the HTML and in the JSON-LD. */
const FAQ_TOKENS_PER_ITEM = 190;
const FAQ_TOKENS_FOR_TITLE_AND_WRAPPING = 150;

export function faqExpectedTokens(input: Pick<FaqRequest, 'questionCount'>): number {
  return input.questionCount * FAQ_TOKENS_PER_ITEM + FAQ_TOKENS_FOR_TITLE_AND_WRAPPING;
}

/** 1000-1500 words of post (about 1,650 tokens) plus its HTML markup: about 2,000 tokens. */
export const CLIENT_CONTENT_EXPECTED_TOKENS = 2_000;

/** A post of at most 1,500 characters: about 400 tokens. */
export const GBP_POST_EXPECTED_TOKENS = 400;
