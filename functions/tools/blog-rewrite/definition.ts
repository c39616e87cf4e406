import type { ToolDefinition } from '#functions/generation/tool-definition';
import { savedContentType, savedTitle } from '#shared/saved-title';
import {
  BLOG_REWRITE_ACTIVITY,
  BLOG_REWRITE_EXPECTED_TOKENS,
  type BlogRewriteRequest,
  type BlogRewriteResult,
  blogRewriteJob,
} from '#shared/tools/blog-rewrite';
import { parseBlogRewriteResult } from './parse-result';
import { buildBlogRewritePrompt } from './prompt';

export const blogRewriteTool: ToolDefinition<BlogRewriteRequest, BlogRewriteResult> = {
  ...blogRewriteJob,
  modelId: (input) => input.model,
  sourceUrl: (input) => input.url,
  expectedOutputTokens: () => BLOG_REWRITE_EXPECTED_TOKENS,
  buildPrompt: buildBlogRewritePrompt,
  // The composer (and compromise, its NLP library) loads only when a job is served offline.
  composeOffline: async (input, context) =>
    (await import('./offline-composer')).composeBlogRewrite(input, context),
  parseResult: (raw) => parseBlogRewriteResult(raw),
  contentToSave: (input, result, context) => {
    if (!input.saveToClient || input.clientId === undefined) return null;
    return {
      contentType: savedContentType('blog-rewrite'),
      title: savedTitle('blog-rewrite', { date: context.now, timeZone: input.timeZone }),
      content: result.rewrittenContent,
      htmlContent: result.rewrittenHtml,
      metadata: {
        originalUrl: input.url,
        framework: input.framework,
        model: input.model,
        addEmojis: input.addEmojis,
        wordCount: result.wordCount,
      },
    };
  },
  activity: (input, result) => ({
    action: BLOG_REWRITE_ACTIVITY.action,
    resourceType: BLOG_REWRITE_ACTIVITY.resourceType,
    details: {
      url: input.url,
      framework: input.framework,
      addEmojis: input.addEmojis,
      model: input.model,
      wordCount: result.wordCount,
    },
  }),
};
