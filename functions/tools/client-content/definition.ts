import type { ToolDefinition } from '#functions/generation/tool-definition';
import { savedContentType, savedTitle } from '#shared/saved-title';
import { htmlToText } from '#shared/text';
import {
  CLIENT_CONTENT_ACTIVITY,
  CLIENT_CONTENT_EXPECTED_TOKENS,
  type ClientContentRequest,
  type ClientContentResult,
  clientContentJob,
} from '#shared/tools/client-content';
import { parseClientContentResult } from './parse-result';
import { buildClientContentPrompt } from './prompt';

export const clientContentTool: ToolDefinition<ClientContentRequest, ClientContentResult> = {
  ...clientContentJob,
  modelId: (input) => input.model,
  sourceUrl: (input) => input.clientUrl,
  expectedOutputTokens: () => CLIENT_CONTENT_EXPECTED_TOKENS,
  buildPrompt: buildClientContentPrompt,
  // The composer (and compromise, its NLP library) loads only when a job is served offline.
  composeOffline: async (input, context) =>
    (await import('./offline-composer')).composeClientContent(input, context),
  parseResult: (raw, input) => parseClientContentResult(raw, input),
  contentToSave: (input, result, context) => {
    if (!input.saveToClient || input.clientId === undefined) return null;
    return {
      contentType: savedContentType('client-content'),
      // The generated title names the post in the library and becomes the WordPress title.
      title: result.title || savedTitle('client-content', { date: context.now, timeZone: input.timeZone }),
      content: htmlToText(result.content),
      htmlContent: result.content,
      metadata: {
        topic: input.topic,
        clientUrl: input.clientUrl,
        model: input.model,
        wordCount: result.wordCount,
        generatedAt: context.now.toISOString(),
      },
    };
  },
  activity: (input, result) => ({
    action: input.saveToClient ? CLIENT_CONTENT_ACTIVITY.saveAction : CLIENT_CONTENT_ACTIVITY.action,
    resourceType: CLIENT_CONTENT_ACTIVITY.resourceType,
    details: {
      topic: input.topic,
      clientUrl: input.clientUrl,
      model: input.model,
      wordCount: result.wordCount,
      title: result.title,
    },
  }),
};
