import { newsletterDownloadName, type TextDownloadExtension } from '#shared/file-names';
import { DEFAULT_TEXT_MODEL_ID, type LanguageModelId } from '#shared/models';
import { NEWSLETTER_MESSAGES, type NewsletterRequestInput } from '#shared/tools/newsletter';
import { type DownloadFile, HTML_MIME, TEXT_MIME } from '../../components/tool/download';
// Relative, not '@/': the unit tests load this module and vitest knows only the package.json aliases.
import { atField, type FieldProblem } from '../../components/tool/field-problem';
import type { JobResult } from '../../components/tool/job-state';
import type { SourceMode } from '../../components/tool/source-tabs';
import { resultString, type ToolOutput, toolOutput } from '../../components/tool/tool-output';

/** The Newsletter Creator's settings (000 §2) and what they turn into. */
export interface NewsletterForm {
  readonly model: LanguageModelId;
  readonly clientId: string | null;
  readonly mode: SourceMode;
  readonly topic: string;
  readonly url: string;
  readonly prompt: string;
  readonly includeHeader: boolean;
  readonly includeTitle: boolean;
  readonly saveToClient: boolean;
}

export const initialNewsletterForm: NewsletterForm = {
  model: DEFAULT_TEXT_MODEL_ID,
  clientId: null,
  mode: 'topic',
  topic: '',
  url: '',
  prompt: '',
  includeHeader: true,
  includeTitle: true,
  saveToClient: false,
};

/** 'Generate Newsletter' is disabled while the active source field is empty (000 §2). */
export function activeSourceEmpty(form: NewsletterForm): boolean {
  return (form.mode === 'topic' ? form.topic : form.url) === '';
}

/** The spec's validation toasts (000 §5), in the order the user meets them. */
export function validateNewsletter(form: NewsletterForm): FieldProblem<keyof NewsletterForm> | null {
  if (form.mode === 'topic' && form.topic.trim() === '')
    return atField('topic', NEWSLETTER_MESSAGES.topicRequired);
  if (form.mode === 'url' && form.url.trim() === '') return atField('url', NEWSLETTER_MESSAGES.urlRequired);
  if (form.saveToClient && form.clientId === null)
    return atField('clientId', NEWSLETTER_MESSAGES.selectClient);
  return null;
}

export function newsletterRequest(
  form: NewsletterForm,
  timeZone: string,
  hasClients: boolean,
): NewsletterRequestInput {
  return {
    model: form.model,
    prompt: form.prompt,
    topic: form.topic,
    url: form.url.trim(),
    inputType: form.mode,
    includeHeader: form.includeHeader,
    includeTitle: form.includeTitle,
    clientId: form.clientId,
    // The checkbox is only shown when clients exist; a hidden box cannot ask to save.
    saveToClient: hasClients && form.saveToClient,
    timeZone,
  };
}

export function readNewsletterOutput(result: JobResult): ToolOutput | null {
  return toolOutput(resultString(result, 'generatedHtml'));
}

/** Download HTML / Download Text with the 000 §9 names, from the request that produced the output. */
export function newsletterDownload(
  output: ToolOutput,
  request: NewsletterRequestInput,
  extension: TextDownloadExtension,
  now: Date,
): DownloadFile {
  const source =
    request.inputType === 'url'
      ? ({ inputType: 'url', url: request.url ?? '' } as const)
      : ({ inputType: 'topic', topic: request.topic ?? '' } as const);
  return {
    name: newsletterDownloadName(source, extension, now),
    content: extension === 'html' ? output.html : output.text,
    mimeType: extension === 'html' ? HTML_MIME : TEXT_MIME,
  };
}

/** Newsletter metadata of 000 §3 for a manual save (the word count is added by the save). */
export function newsletterMetadata(request: NewsletterRequestInput): Record<string, unknown> {
  return {
    topic: request.topic ?? '',
    url: request.url ?? '',
    inputType: request.inputType ?? 'topic',
    prompt: request.prompt ?? '',
    model: request.model ?? DEFAULT_TEXT_MODEL_ID,
    includeHeader: request.includeHeader ?? true,
    includeTitle: request.includeTitle ?? true,
  };
}
