import { DEFAULT_CONTENT_INSTRUCTIONS } from '#shared/client';
import { type TextDownloadExtension, toolDownloadName } from '#shared/file-names';
import { DEFAULT_TEXT_MODEL_ID, type LanguageModelId } from '#shared/models';
import { CLIENT_CONTENT_MESSAGES, type ClientContentRequestInput } from '#shared/tools/client-content';
import { INVALID_URL_MESSAGE, isWebAddress } from '#shared/validation/web-address';
import { type DownloadFile, HTML_MIME, TEXT_MIME } from '../../components/tool/download';
// Relative, not '@/': the unit tests load this module and vitest knows only the package.json aliases.
import { atField, type FieldProblem } from '../../components/tool/field-problem';
import type { JobResult } from '../../components/tool/job-state';
import { errorToast } from '../../components/tool/tool-messages';
import { resultString, type ToolOutput, toolOutput } from '../../components/tool/tool-output';
import type { ToolClient } from '../../components/tool/use-tool-clients';

/** Client Content Creation's settings (001 §2); website and instructions are prefilled from the client. */
export interface ClientContentForm {
  readonly model: LanguageModelId;
  readonly clientId: string | null;
  readonly topic: string;
  readonly prompt: string;
  /** The website and instructions fields as the user edited them; null while they show the client's. */
  readonly websiteEdit: string | null;
  readonly instructionsEdit: string | null;
}

export const initialClientContentForm: ClientContentForm = {
  model: DEFAULT_TEXT_MODEL_ID,
  clientId: null,
  topic: '',
  prompt: '',
  websiteEdit: null,
  instructionsEdit: null,
};

export function websitePrefill(client: ToolClient | null): string {
  return client?.website?.trim() ?? '';
}

/** The content creation instructions start from the client's, else the default (000 §3). */
export function contentInstructionsPrefill(client: ToolClient | null): string {
  return client?.content_instructions?.trim() || DEFAULT_CONTENT_INSTRUCTIONS;
}

/** 001 §5: the website URL, then the topic. */
export function validateClientContent(
  form: ClientContentForm,
  clientUrl: string,
): FieldProblem<keyof ClientContentForm> | null {
  if (clientUrl.trim() === '') return atField('websiteEdit', errorToast(CLIENT_CONTENT_MESSAGES.urlRequired));
  if (!isWebAddress(clientUrl)) return atField('websiteEdit', errorToast(INVALID_URL_MESSAGE));
  if (form.topic.trim() === '') return atField('topic', errorToast(CLIENT_CONTENT_MESSAGES.topicRequired));
  return null;
}

export function clientContentRequest(
  form: ClientContentForm,
  clientUrl: string,
  options: { timeZone: string; instructions?: string },
): ClientContentRequestInput {
  return {
    model: form.model,
    clientUrl: clientUrl.trim(),
    topic: form.topic,
    prompt: form.prompt,
    ...(options.instructions !== undefined ? { instructions: options.instructions } : {}),
    clientId: form.clientId,
    // Saving is the Save Content button's job (001 §2), after the user has seen the post.
    saveToClient: false,
    timeZone: options.timeZone,
  };
}

export function readClientContentOutput(result: JobResult): ToolOutput | null {
  return toolOutput(resultString(result, 'content'), '', { title: resultString(result, 'title') });
}

export function clientContentDownload(
  output: ToolOutput,
  request: ClientContentRequestInput,
  extension: TextDownloadExtension,
  now: Date,
): DownloadFile {
  return {
    name: toolDownloadName('client-content', request.topic ?? '', extension, now),
    content: extension === 'html' ? output.html : output.text,
    mimeType: extension === 'html' ? HTML_MIME : TEXT_MIME,
  };
}

/** Client content metadata of 001 §3 (the save adds the word count). */
export function clientContentMetadata(
  request: ClientContentRequestInput,
  generatedAt: Date,
): Record<string, unknown> {
  return {
    topic: request.topic ?? '',
    clientUrl: request.clientUrl ?? '',
    model: request.model ?? DEFAULT_TEXT_MODEL_ID,
    generatedAt: generatedAt.toISOString(),
  };
}
