import { faqDownloadName, type TextDownloadExtension } from '#shared/file-names';
import { DEFAULT_TEXT_MODEL_ID, type LanguageModelId } from '#shared/models';
import { TOOL_MESSAGES } from '#shared/tools/common';
import {
  DEFAULT_FAQ_HEADING_LEVEL,
  FAQ_MESSAGES,
  FAQ_QUESTION_COUNT,
  type FaqContentType,
  type FaqHeadingLevel,
  type FaqRequestInput,
} from '#shared/tools/faq';
import { type DownloadFile, HTML_MIME, TEXT_MIME } from '../../components/tool/download';
// Relative, not '@/': the unit tests load this module and vitest knows only the package.json aliases.
import { atField, type FieldProblem } from '../../components/tool/field-problem';
import type { JobResult } from '../../components/tool/job-state';
import { errorToast } from '../../components/tool/tool-messages';
import { resultString, type ToolOutput, toolOutput } from '../../components/tool/tool-output';

/** The FAQ & How To Generator's settings (001 §2, §9). */
export interface FaqForm {
  readonly contentType: FaqContentType;
  readonly model: LanguageModelId;
  readonly topic: string;
  readonly questionCount: number;
  readonly headingLevel: FaqHeadingLevel;
  readonly prompt: string;
  readonly customQuestions: string;
  readonly includeHeader: boolean;
  readonly clientId: string | null;
  readonly saveToClient: boolean;
}

export const initialFaqForm: FaqForm = {
  contentType: 'faq',
  model: DEFAULT_TEXT_MODEL_ID,
  topic: '',
  questionCount: FAQ_QUESTION_COUNT.default,
  headingLevel: DEFAULT_FAQ_HEADING_LEVEL,
  prompt: '',
  customQuestions: '',
  includeHeader: true,
  clientId: null,
  saveToClient: false,
};

export const QUESTION_COUNTS: readonly number[] = Array.from(
  { length: FAQ_QUESTION_COUNT.max - FAQ_QUESTION_COUNT.min + 1 },
  (_, index) => FAQ_QUESTION_COUNT.min + index,
);

export function validateFaq(form: FaqForm, hasClients: boolean): FieldProblem<keyof FaqForm> | null {
  if (form.topic.trim() === '')
    return atField('topic', errorToast(FAQ_MESSAGES.topicRequired(form.contentType)));
  if (hasClients && form.saveToClient && form.clientId === null)
    return atField('clientId', TOOL_MESSAGES.selectClient);
  return null;
}

export function faqRequest(
  form: FaqForm,
  options: { timeZone: string; hasClients: boolean },
): FaqRequestInput {
  return {
    contentType: form.contentType,
    model: form.model,
    topic: form.topic,
    prompt: form.prompt,
    includeHeader: form.includeHeader,
    questionCount: form.questionCount,
    headingLevel: form.headingLevel,
    customQuestions: form.customQuestions,
    clientId: form.clientId,
    saveToClient: options.hasClients && form.saveToClient,
    timeZone: options.timeZone,
  };
}

/** Both the HTML and the JSON-LD are required; either missing is 'Invalid response format' (001 §5). */
export function readFaqOutput(result: JobResult): ToolOutput | null {
  const schema = resultString(result, 'generatedSchema');
  if (schema === '') return null;
  return toolOutput(resultString(result, 'generatedHtml'), '', { schema });
}

/**
 * The downloaded HTML file: the content, then its JSON-LD in a script block (001 §2). Only the file
 * carries it; the live preview never runs or shows a script. `<` is escaped so nothing in the JSON can
 * close the block early.
 */
export function faqFileHtml(html: string, schema: string): string {
  return `${html}\n<script type="application/ld+json">\n${schema.replace(/</gu, '\\u003c')}\n</script>\n`;
}

export function faqDownload(
  output: ToolOutput,
  request: FaqRequestInput,
  extension: TextDownloadExtension,
  now: Date,
): DownloadFile {
  const schema = output.extras.schema ?? '';
  return {
    name: faqDownloadName(request.topic ?? '', request.contentType ?? 'faq', extension, now),
    content: extension === 'html' ? faqFileHtml(output.html, schema) : output.text,
    mimeType: extension === 'html' ? HTML_MIME : TEXT_MIME,
  };
}
