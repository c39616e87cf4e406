import { DEFAULT_PRESS_RELEASE_INSTRUCTIONS } from '#shared/client';
import { type TextDownloadExtension, toolDownloadName } from '#shared/file-names';
import { DEFAULT_TEXT_MODEL_ID, type LanguageModelId } from '#shared/models';
import { TOOL_MESSAGES } from '#shared/tools/common';
import {
  type ClientCompanyData,
  PRESS_RELEASE_MESSAGES,
  type PressReleaseRequestInput,
} from '#shared/tools/press-release';
import { type DownloadFile, HTML_MIME, TEXT_MIME } from '../../components/tool/download';
// Relative, not '@/': the unit tests load this module and vitest knows only the package.json aliases.
import { atField, type FieldProblem } from '../../components/tool/field-problem';
import type { JobResult } from '../../components/tool/job-state';
import type { SourceMode } from '../../components/tool/source-tabs';
import { errorToast } from '../../components/tool/tool-messages';
import { resultString, type ToolOutput, toolOutput } from '../../components/tool/tool-output';
import type { ToolClient } from '../../components/tool/use-tool-clients';

/** The Press Release Creator's settings (001 §2). */
export interface PressReleaseForm {
  readonly model: LanguageModelId;
  readonly clientId: string | null;
  readonly mode: SourceMode;
  readonly topic: string;
  readonly url: string;
  /** The date input's value, `YYYY-MM-DD`. */
  readonly releaseDate: string;
  readonly prompt: string;
  readonly includeHeader: boolean;
  readonly includeCompanyInfo: boolean;
  readonly useClientCompanyInfo: boolean;
  readonly saveToClient: boolean;
  /** The instructions box as the user edited it; null while it shows the client's (or the default). */
  readonly instructionsEdit: string | null;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Today on the viewer's calendar, as a date input wants it. */
export function localIsoDate(now: Date): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function initialPressReleaseForm(now: Date): PressReleaseForm {
  return {
    model: DEFAULT_TEXT_MODEL_ID,
    clientId: null,
    mode: 'topic',
    topic: '',
    url: '',
    releaseDate: localIsoDate(now),
    prompt: '',
    includeHeader: true,
    includeCompanyInfo: true,
    useClientCompanyInfo: false,
    saveToClient: false,
    instructionsEdit: null,
  };
}

export function activeSourceEmpty(form: PressReleaseForm): boolean {
  return (form.mode === 'topic' ? form.topic : form.url) === '';
}

/** 001 §5, in the order the user meets them. */
export function validatePressRelease(
  form: PressReleaseForm,
  hasClients: boolean,
): FieldProblem<keyof PressReleaseForm> | null {
  if (form.mode === 'topic' && form.topic.trim() === '') {
    return atField('topic', errorToast(PRESS_RELEASE_MESSAGES.topicRequired));
  }
  if (form.mode === 'url' && form.url.trim() === '') {
    return atField('url', errorToast(PRESS_RELEASE_MESSAGES.urlRequired));
  }
  if (hasClients && form.saveToClient && form.clientId === null)
    return atField('clientId', TOOL_MESSAGES.selectClient);
  return null;
}

/** The AI Instructions card starts from the client's press release instructions, else the default (000 §3). */
export function instructionsPrefill(client: ToolClient | null): string {
  return client?.press_release_instructions?.trim() || DEFAULT_PRESS_RELEASE_INSTRUCTIONS;
}

/** `clientCompanyData` of 001 §7: the chosen client's profile as the form sends it. */
export function clientCompanyData(client: ToolClient): ClientCompanyData {
  return {
    clientName: client.name,
    companyName: client.company_name ?? null,
    owner: client.owner ?? null,
    email: client.email ?? null,
    phone: client.phone ?? null,
    website: client.website ?? null,
    facebook: client.facebook ?? null,
    linkedin: client.linkedin ?? null,
    gbp: client.gbp ?? null,
    address: client.address ?? null,
    city: client.city ?? null,
    state: client.state ?? null,
    postal_code: client.postal_code ?? null,
    country: client.country ?? null,
  };
}

export function pressReleaseRequest(
  form: PressReleaseForm,
  client: ToolClient | null,
  options: { timeZone: string; hasClients: boolean; instructions?: string },
): PressReleaseRequestInput {
  const useCompany = client !== null && form.useClientCompanyInfo;
  return {
    model: form.model,
    prompt: form.prompt,
    topic: form.topic,
    url: form.url.trim(),
    inputType: form.mode,
    includeHeader: form.includeHeader,
    includeCompanyInfo: form.includeCompanyInfo,
    useClientCompanyInfo: useCompany,
    clientCompanyData: useCompany ? clientCompanyData(client) : null,
    ...(form.releaseDate ? { releaseDate: form.releaseDate } : {}),
    ...(options.instructions !== undefined ? { instructions: options.instructions } : {}),
    clientId: client?.id ?? null,
    saveToClient: options.hasClients && form.saveToClient,
    timeZone: options.timeZone,
  };
}

export function readPressReleaseOutput(result: JobResult): ToolOutput | null {
  return toolOutput(resultString(result, 'generatedHtml'), resultString(result, 'generatedText', 'content'));
}

export function pressReleaseDownload(
  output: ToolOutput,
  request: PressReleaseRequestInput,
  extension: TextDownloadExtension,
  now: Date,
): DownloadFile {
  const source = request.inputType === 'url' ? (request.url ?? '') : (request.topic ?? '');
  return {
    name: toolDownloadName('press-release', source, extension, now),
    content: extension === 'html' ? output.html : output.text,
    mimeType: extension === 'html' ? HTML_MIME : TEXT_MIME,
  };
}
