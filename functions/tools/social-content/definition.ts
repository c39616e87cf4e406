import type { ToolDefinition } from '#functions/generation/tool-definition';
import { SOCIAL_PLATFORMS, type SocialPlatformId } from '#shared/platforms';
import { savedContentType, savedTitle } from '#shared/saved-title';
import type { SocialContentResult } from '#shared/tool-results';
import {
  SOCIAL_ACTIVITY,
  type SocialContentRequest,
  socialContentJob,
  socialExpectedTokens,
} from '#shared/tools/social-content';
import { parseSocialResult } from './parse-result';
import { buildSocialPrompt } from './prompt';

export const socialContentTool: ToolDefinition<SocialContentRequest, SocialContentResult> = {
  ...socialContentJob,
  modelId: (input) => input.model,
  sourceUrl: () => null,
  expectedOutputTokens: socialExpectedTokens,
  buildPrompt: buildSocialPrompt,
  composeOffline: async (input, context) =>
    (await import('./offline-composer')).composeSocialContent(input, context),
  parseResult: (raw, input) => parseSocialResult(raw, input),
  contentToSave: (input, result, context) => {
    if (!input.saveToClient || input.clientId === undefined) return null;
    const platforms = Object.keys(result.content) as SocialPlatformId[];
    const text = platforms
      .map((platform) => `${SOCIAL_PLATFORMS[platform].name}:\n${result.content[platform] ?? ''}`)
      .join('\n\n');
    return {
      contentType: savedContentType('social'),
      title: savedTitle('social', { date: context.now, timeZone: input.timeZone }),
      content: text,
      htmlContent: '',
      metadata: {
        type: 'social',
        platforms,
        generated_at: context.now.toISOString(),
        prompt: input.prompt,
        tone: input.tone,
        model: input.model,
      },
    };
  },
  activity: (input, result) => ({
    action: SOCIAL_ACTIVITY.action,
    resourceType: SOCIAL_ACTIVITY.resourceType,
    details: {
      platforms: input.platforms,
      tone: input.tone,
      includeHashtags: input.includeHashtags,
      includeCallToAction: input.includeCallToAction,
      characters: Object.fromEntries(
        Object.entries(result.content).map(([key, text]) => [key, text?.length ?? 0]),
      ),
    },
  }),
};
