import type { BuiltPrompt, ToolContext } from '#functions/generation/tool-definition';
import type { BlogFramework, BlogRewriteRequest } from '#shared/tools/blog-rewrite';
import { sourceBlock } from '../compose/source-text';

/** How each framework shapes the rewrite; the offline composer builds the same sections. */
export const FRAMEWORK_GUIDES: Readonly<Record<BlogFramework, string>> = {
  original:
    "Keep the original post's structure: the same headings in the same order, the same points in each section. Improve clarity, flow and readability; tighten wordy passages.",
  storybrand:
    'Restructure the post with the StoryBrand framework, one section each: the character (the reader and what they want), the problem they face, the guide (the business, with empathy and authority), the plan (clear numbered steps), the call to action, what success looks like, and what failure would cost.',
  aida: 'Restructure the post with the AIDA framework, one section each: Attention (a strong hook), Interest (the facts that matter to the reader), Desire (the benefits they will feel), Action (a clear next step).',
  pas: 'Restructure the post with the PAS framework, one section each: Problem (name the reader’s problem), Agitate (show what it costs them if left alone), Solution (present the solution and the next step).',
};

export function buildBlogRewritePrompt(input: BlogRewriteRequest, context: ToolContext): BuiltPrompt {
  const system = [
    'You are an expert blog editor and copywriter for a local-marketing agency.',
    'Rewrite the blog post you are given. Keep its facts; do not invent statistics, prices, names or claims it does not make.',
    FRAMEWORK_GUIDES[input.framework],
    input.addEmojis
      ? 'Add a few relevant emojis (at the start of headings and sparingly in the text).'
      : 'Do not use any emojis.',
    'Answer with one JSON object and nothing else: {"text": "<the rewritten post as plain text>", "html": "<the same post as HTML>"}.',
    'The HTML uses <h1> for the title, <h2>/<h3> for headings, <p>, <ul>/<ol>/<li>, <strong> and <em> only: no <html>, <head> or <body>, no styles or scripts.',
    'No Markdown and no code fences around the JSON.',
  ].join('\n');
  const parts = context.source
    ? ['Rewrite this blog post.', sourceBlock(context.source)]
    : [`Rewrite the blog post at ${input.url}.`];
  const business = context.client?.company_name ?? context.client?.name;
  if (business) parts.push(`The post is published by ${business}; refer to the business by this name.`);
  return { system, prompt: parts.join('\n\n') };
}
