import { type BatchTool, isBatchTool } from '#shared/batch-columns';
import { textToHtmlParagraphs } from '#shared/content-edit';
import { SOCIAL_PLATFORMS } from '#shared/platforms';
import type { JobResult } from '@/components/tool/job-state';
import { type ToolOutput, toolOutput } from '@/components/tool/tool-output';
import { readBlogRewriteOutput } from '@/features/blog-rewriter/blog-rewriter-form';
import { readClientContentOutput } from '@/features/client-content/client-content-form';
import { faqFileHtml, readFaqOutput } from '@/features/faq/faq-form';
import { readGbpPost } from '@/features/gbp-post/gbp-form';
import { readNewsletterOutput } from '@/features/newsletter/newsletter-form';
import { readPressReleaseOutput } from '@/features/press-release/press-release-form';
import { readSocialOutput } from '@/features/social-content/social-form';

/**
 * A bulk row's result as HTML and text, read by its tool's own page reader (the one its screen shows),
 * so the preview and the downloads of a row without a client are what that tool would have given. The
 * posts of social and GBP rows are text: their HTML is that text in paragraphs.
 */

function textOutput(text: string): ToolOutput | null {
  return toolOutput(textToHtmlParagraphs(text), text);
}

const READERS: Readonly<Record<BatchTool, (result: JobResult) => ToolOutput | null>> = {
  newsletter: readNewsletterOutput,
  'press-release': readPressReleaseOutput,
  'blog-rewrite': readBlogRewriteOutput,
  faq: readFaqOutput,
  howto: readFaqOutput,
  'client-content': readClientContentOutput,
  social: (result) => {
    const posts = readSocialOutput(result)?.posts ?? [];
    return textOutput(
      posts.map((post) => `${SOCIAL_PLATFORMS[post.platform].name}:\n${post.text}`).join('\n\n'),
    );
  },
  'gbp-post': (result) => textOutput(readGbpPost(result)?.post ?? ''),
};

/** The HTML file of a row, as its tool downloads it: a FAQ or How To carries its JSON-LD (001 §2). */
export function batchRowFileHtml(output: ToolOutput): string {
  const schema = output.extras.schema;
  return schema ? faqFileHtml(output.html, schema) : output.html;
}

export function batchRowOutput(tool: string, result: JobResult): ToolOutput | null {
  return isBatchTool(tool) ? READERS[tool](result) : null;
}
