import type { ToolDefinition } from '#functions/generation/tool-definition';
import { savedContentType, savedTitle } from '#shared/saved-title';
import type { GbpPostResult } from '#shared/tool-results';
import {
  GBP_ACTIVITY,
  GBP_POST_EXPECTED_TOKENS,
  type GbpPostRequest,
  gbpPostJob,
} from '#shared/tools/gbp-post';
import { parseGbpResult } from './parse-result';
import { buildGbpPrompt } from './prompt';

export const gbpPostTool: ToolDefinition<GbpPostRequest, GbpPostResult> = {
  ...gbpPostJob,
  modelId: (input) => input.model,
  sourceUrl: () => null,
  expectedOutputTokens: () => GBP_POST_EXPECTED_TOKENS,
  buildPrompt: buildGbpPrompt,
  composeOffline: async (input, context) =>
    (await import('./offline-composer')).composeGbpPost(input, context),
  parseResult: (raw, input) => parseGbpResult(raw, input),
  contentToSave: (input, result, context) => {
    if (!input.saveToClient || input.clientId === undefined) return null;
    return {
      contentType: savedContentType('gbp-post'),
      title: savedTitle('gbp-post', { date: context.now, timeZone: input.timeZone }),
      content: result.generatedPost,
      htmlContent: '',
      metadata: {
        type: 'gbp-post',
        postType: input.postType,
        prompt: input.prompt,
        model: input.model,
        generated_at: context.now.toISOString(),
      },
    };
  },
  activity: (input, result) => ({
    action: GBP_ACTIVITY.postAction,
    resourceType: GBP_ACTIVITY.resourceType,
    details: { postType: input.postType, model: input.model, characters: result.generatedPost.length },
  }),
};
