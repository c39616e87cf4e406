import type { ToolDefinition } from '#functions/generation/tool-definition';
import { savedContentType, savedTitle } from '#shared/saved-title';
import { htmlToText } from '#shared/text';
import {
  NEWSLETTER_ACTIVITY,
  type NewsletterRequest,
  type NewsletterResult,
  newsletterExpectedTokens,
  newsletterJob,
} from '#shared/tools/newsletter';
import { parseNewsletterResult } from './parse-result';
import { buildNewsletterPrompt, newsletterInstructions } from './prompt';

export const newsletterTool: ToolDefinition<NewsletterRequest, NewsletterResult> = {
  ...newsletterJob,
  modelId: (input) => input.model,
  sourceUrl: (input) => (input.inputType === 'url' ? input.url : null),
  expectedOutputTokens: newsletterExpectedTokens,
  buildPrompt: buildNewsletterPrompt,
  // The composer (and compromise, its NLP library) loads only when a job is served offline.
  composeOffline: async (input, context) =>
    (await import('./offline-composer')).composeNewsletter(input, context),
  parseResult: (raw) => parseNewsletterResult(raw),
  contentToSave: (input, result, context) => {
    if (!input.saveToClient || input.clientId === undefined) return null;
    return {
      contentType: savedContentType('newsletter'),
      title: savedTitle('newsletter', { date: context.now, timeZone: input.timeZone }),
      content: htmlToText(result.generatedHtml),
      htmlContent: result.generatedHtml,
      metadata: {
        topic: input.topic,
        url: input.url,
        inputType: input.inputType,
        prompt: newsletterInstructions(input.prompt, context.client),
        model: input.model,
        includeHeader: input.includeHeader,
        includeTitle: input.includeTitle,
        wordCount: result.wordCount,
      },
    };
  },
  activity: (input) => ({
    action: NEWSLETTER_ACTIVITY.action,
    resourceType: NEWSLETTER_ACTIVITY.resourceType,
    details: {
      inputType: input.inputType,
      topic: input.topic,
      url: input.url,
      model: input.model,
      includeHeader: input.includeHeader,
      includeTitle: input.includeTitle,
    },
  }),
};
