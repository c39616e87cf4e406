import type { ToolDefinition } from '#functions/generation/tool-definition';
import { ToolResultError } from '#functions/generation/tool-result-error';
import { savedContentType, savedTitle } from '#shared/saved-title';
import { countWords } from '#shared/text';
import { TOOL_MESSAGES } from '#shared/tools/common';
import {
  TAGLINE_ACTIVITY,
  TAGLINE_EXPECTED_TOKENS,
  type TaglineRequest,
  type TaglineResult,
  taglineJob,
} from '#shared/tools/tagline';

/** The reply's first line, without quotes or a Markdown fence. */
function parseTagline(raw: string): TaglineResult {
  const line =
    raw
      .replace(/```\w*/gu, '')
      .trim()
      .split('\n')[0]
      ?.trim() ?? '';
  const tagline = line.replace(/^["“]|["”]$/gu, '').trim();
  if (tagline === '') throw new ToolResultError('no_content', TOOL_MESSAGES.noContent);
  return { tagline, wordCount: countWords(tagline) };
}

export const taglineTool: ToolDefinition<TaglineRequest, TaglineResult> = {
  ...taglineJob,
  modelId: (input) => input.model,
  sourceUrl: () => null,
  expectedOutputTokens: () => TAGLINE_EXPECTED_TOKENS,
  buildPrompt: (input, context) => ({
    system:
      'You write one tagline of at most twelve words for a local business. Answer with the tagline only.',
    prompt: [`Topic: ${input.topic.trim()}`, context.client ? `Business: ${context.client.name}` : '']
      .filter((part) => part !== '')
      .join('\n'),
  }),
  composeOffline: (input, context) => ({
    text: `${context.client?.name ?? 'Local experts'}: ${input.topic.trim()}, done right.`,
    notes: [],
  }),
  parseResult: (raw) => parseTagline(raw),
  contentToSave: (input, result, context) => {
    if (!input.saveToClient || input.clientId === undefined) return null;
    return {
      contentType: savedContentType('tagline'),
      title: savedTitle('tagline', { date: context.now, timeZone: input.timeZone }),
      content: result.tagline,
      htmlContent: '',
      metadata: { topic: input.topic, model: input.model, generatedAt: context.now.toISOString() },
    };
  },
  activity: (input, result) => ({
    action: TAGLINE_ACTIVITY.action,
    resourceType: TAGLINE_ACTIVITY.resourceType,
    details: { topic: input.topic, model: input.model, wordCount: result.wordCount },
  }),
};
