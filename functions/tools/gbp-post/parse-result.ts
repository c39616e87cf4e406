import { ToolResultError } from '#functions/generation/tool-result-error';
import type { GbpPostResult } from '#shared/tool-results';
import { TOOL_MESSAGES } from '#shared/tools/common';
import type { GbpPostRequest } from '#shared/tools/gbp-post';
import { fitGbpPost } from './post-shape';

/** The post as plain text within Google's limit; event and offer posts also give their title line. */
export function parseGbpResult(raw: string, input: GbpPostRequest): GbpPostResult {
  const text = fitGbpPost(raw.replace(/^```\w*\n?|```$/gmu, '').trim());
  if (text === '') throw new ToolResultError('no_content', TOOL_MESSAGES.noContent);
  const title = /^Title:\s*(.+)$/mu.exec(text)?.[1]?.trim() ?? null;
  return {
    generatedPost: text,
    title: input.postType === 'event' || input.postType === 'offer' ? title : null,
  };
}
