import type { ToolDefinition } from '#functions/generation/tool-definition';
import { savedContentType, savedTitle } from '#shared/saved-title';
import { htmlToText } from '#shared/text';
import { FAQ_ACTIVITY, type FaqRequest, type FaqResult, faqExpectedTokens, faqJob } from '#shared/tools/faq';
import { parseFaqResult } from './parse-result';
import { buildFaqPrompt } from './prompt';

export const faqTool: ToolDefinition<FaqRequest, FaqResult> = {
  ...faqJob,
  modelId: (input) => input.model,
  sourceUrl: () => null,
  expectedOutputTokens: faqExpectedTokens,
  buildPrompt: buildFaqPrompt,
  // The composer (and compromise, its NLP library) loads only when a job is served offline.
  composeOffline: async (input, context) => (await import('./offline-composer')).composeFaq(input, context),
  parseResult: (raw) => parseFaqResult(raw),
  contentToSave: (input, result, context) => {
    if (!input.saveToClient || input.clientId === undefined) return null;
    return {
      contentType: savedContentType(input.contentType),
      title: savedTitle(input.contentType, { date: context.now, timeZone: input.timeZone }),
      content: htmlToText(result.generatedHtml),
      htmlContent: result.generatedHtml,
      metadata: {
        topic: input.topic,
        additionalPrompt: input.prompt,
        model: input.model,
        includeHeader: input.includeHeader,
        questionCount: input.questionCount,
        headingLevel: input.headingLevel,
        customQuestions: input.customQuestions,
        contentType: input.contentType,
        schema: result.generatedSchema,
      },
    };
  },
  activity: (input, result) => ({
    action: FAQ_ACTIVITY.action,
    resourceType: FAQ_ACTIVITY.resourceType,
    details: {
      contentType: input.contentType,
      topic: input.topic,
      model: input.model,
      questionCount: input.questionCount,
      headingLevel: input.headingLevel,
      includeHeader: input.includeHeader,
      wordCount: result.wordCount,
    },
  }),
};
