import type { ToolDefinition } from '#functions/generation/tool-definition';
import { savedContentType, savedTitle } from '#shared/saved-title';
import {
  PRESS_RELEASE_ACTIVITY,
  PRESS_RELEASE_EXPECTED_TOKENS,
  type PressReleaseRequest,
  type PressReleaseResult,
  pressReleaseJob,
} from '#shared/tools/press-release';
import { isoDate, releaseDate } from './company';
import { parsePressReleaseResult } from './parse-result';
import { buildPressReleasePrompt } from './prompt';

export const pressReleaseTool: ToolDefinition<PressReleaseRequest, PressReleaseResult> = {
  ...pressReleaseJob,
  modelId: (input) => input.model,
  sourceUrl: (input) => (input.inputType === 'url' ? input.url : null),
  expectedOutputTokens: () => PRESS_RELEASE_EXPECTED_TOKENS,
  buildPrompt: buildPressReleasePrompt,
  // The composer (and compromise, its NLP library) loads only when a job is served offline.
  composeOffline: async (input, context) =>
    (await import('./offline-composer')).composePressRelease(input, context),
  parseResult: (raw) => parsePressReleaseResult(raw),
  contentToSave: (input, result, context) => {
    if (!input.saveToClient || input.clientId === undefined) return null;
    return {
      contentType: savedContentType('press-release'),
      title: savedTitle('press-release', { date: context.now, timeZone: input.timeZone }),
      content: result.generatedText,
      htmlContent: result.generatedHtml,
      metadata: {
        topic: input.topic,
        url: input.url,
        inputType: input.inputType,
        prompt: input.prompt,
        model: input.model,
        includeHeader: input.includeHeader,
        includeCompanyInfo: input.includeCompanyInfo,
        useClientCompanyInfo: input.useClientCompanyInfo,
        releaseDate: isoDate(releaseDate(input, context.now)),
        wordCount: result.wordCount,
      },
    };
  },
  activity: (input) => ({
    action: PRESS_RELEASE_ACTIVITY.action,
    resourceType: PRESS_RELEASE_ACTIVITY.resourceType,
    details: {
      inputType: input.inputType,
      topic: input.topic,
      url: input.url,
      model: input.model,
      includeHeader: input.includeHeader,
      includeCompanyInfo: input.includeCompanyInfo,
      useClientCompanyInfo: input.useClientCompanyInfo,
      releaseDate: input.releaseDate ?? null,
    },
  }),
};
