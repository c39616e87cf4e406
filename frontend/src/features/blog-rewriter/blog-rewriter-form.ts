import { toolDownloadName } from '#shared/file-names';
import { DEFAULT_TEXT_MODEL_ID, type LanguageModelId } from '#shared/models';
import {
  BLOG_REWRITE_MESSAGES,
  type BlogFramework,
  type BlogRewriteRequestInput,
} from '#shared/tools/blog-rewrite';
import { TOOL_MESSAGES } from '#shared/tools/common';
import { isWebAddress } from '#shared/validation/web-address';
import { type DownloadFile, HTML_MIME } from '../../components/tool/download';
// Relative, not '@/': the unit tests load this module and vitest knows only the package.json aliases.
import { atField, type FieldProblem } from '../../components/tool/field-problem';
import type { JobResult } from '../../components/tool/job-state';
import { errorToast } from '../../components/tool/tool-messages';
import { resultString, type ToolOutput, toolOutput } from '../../components/tool/tool-output';

/** The Blog Rewriter's settings (001 §2). */
export interface BlogRewriterForm {
  readonly url: string;
  readonly model: LanguageModelId;
  readonly framework: BlogFramework;
  readonly addEmojis: boolean;
  readonly saveToClient: boolean;
  readonly clientId: string | null;
}

export const initialBlogRewriterForm: BlogRewriterForm = {
  url: '',
  model: DEFAULT_TEXT_MODEL_ID,
  framework: 'original',
  addEmojis: false,
  saveToClient: false,
  clientId: null,
};

/** 001 §5: a valid URL, and a client when saving. */
export function validateBlogRewrite(form: BlogRewriterForm): FieldProblem<keyof BlogRewriterForm> | null {
  if (!isWebAddress(form.url)) return atField('url', errorToast(BLOG_REWRITE_MESSAGES.urlRequired));
  if (form.saveToClient && form.clientId === null) return atField('clientId', TOOL_MESSAGES.selectClient);
  return null;
}

export function blogRewriteRequest(form: BlogRewriterForm, timeZone: string): BlogRewriteRequestInput {
  return {
    url: form.url.trim(),
    framework: form.framework,
    addEmojis: form.addEmojis,
    model: form.model,
    // The client selector belongs to saving: without it no client is involved.
    clientId: form.saveToClient ? form.clientId : null,
    saveToClient: form.saveToClient,
    timeZone,
  };
}

export function readBlogRewriteOutput(result: JobResult): ToolOutput | null {
  return toolOutput(resultString(result, 'rewrittenHtml'), resultString(result, 'rewrittenContent'));
}

export function blogRewriteDownload(
  output: ToolOutput,
  request: BlogRewriteRequestInput,
  now: Date,
): DownloadFile {
  return {
    name: toolDownloadName('blog-rewrite', request.url ?? '', 'html', now),
    content: output.html,
    mimeType: HTML_MIME,
  };
}
