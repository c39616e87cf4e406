import { DEFAULT_MULTI_PLATFORM_MODEL_ID, type LanguageModelId } from '#shared/models';
import { SOCIAL_PLATFORMS, type SocialPlatformId } from '#shared/platforms';
import { type SavableKind, savedContentType, savedTitle } from '#shared/saved-title';
import type { MultiPlatformItem } from '#shared/tool-results';
import type { BlogFramework } from '#shared/tools/blog-rewrite';
import type { ToastText } from '#shared/tools/common';
import {
  DEFAULT_MULTI_PLATFORM_TONE,
  itemCount,
  MULTI_PLATFORM_MESSAGES,
  MULTI_PLATFORM_TYPES,
  type MultiPlatformRequestInput,
  type MultiPlatformTone,
  type MultiPlatformType,
} from '#shared/tools/multi-platform';
import { INVALID_URL_MESSAGE, isWebAddress } from '#shared/validation/web-address';
import { atField, type FieldProblem } from '../../components/tool/field-problem';
import type { JobResult } from '../../components/tool/job-state';

/** Multi-Platform Content Creator's settings (001 §2). */
export interface MultiPlatformForm {
  readonly clientId: string | null;
  readonly model: LanguageModelId;
  readonly types: readonly MultiPlatformType[];
  readonly platforms: readonly SocialPlatformId[];
  readonly blogUrl: string;
  readonly framework: BlogFramework;
  readonly newsletterIncludeHeader: boolean;
  readonly prompt: string;
  readonly tone: MultiPlatformTone;
  readonly saveToClient: boolean;
}

export const initialMultiPlatformForm: MultiPlatformForm = {
  clientId: null,
  model: DEFAULT_MULTI_PLATFORM_MODEL_ID,
  types: ['social'],
  platforms: ['facebook', 'instagram', 'linkedin', 'twitter'],
  blogUrl: '',
  framework: 'original',
  newsletterIncludeHeader: true,
  prompt: '',
  tone: DEFAULT_MULTI_PLATFORM_TONE,
  saveToClient: false,
};

export function toggled<T>(list: readonly T[], value: T, on: boolean, order: readonly T[]): T[] {
  return order.filter((entry) => (entry === value ? on : list.includes(entry)));
}

export function withType(form: MultiPlatformForm, type: MultiPlatformType, on: boolean): MultiPlatformForm {
  return { ...form, types: toggled(form.types, type, on, MULTI_PLATFORM_TYPES) };
}

/** 001 §5, in the spec's order. */
export function validateMultiPlatform(form: MultiPlatformForm): FieldProblem<keyof MultiPlatformForm> | null {
  if (form.types.length === 0) return atField('types', { title: MULTI_PLATFORM_MESSAGES.noTypes });
  if (form.types.some((type) => type !== 'blog-rewrite') && form.prompt.trim() === '') {
    return atField('prompt', MULTI_PLATFORM_MESSAGES.missingPrompt);
  }
  if (form.types.includes('blog-rewrite') && form.blogUrl.trim() === '')
    return atField('blogUrl', { title: MULTI_PLATFORM_MESSAGES.missingBlogUrl });
  if (form.blogUrl.trim() !== '' && !isWebAddress(form.blogUrl)) {
    return atField('blogUrl', { title: INVALID_URL_MESSAGE });
  }
  if (form.saveToClient && !form.clientId) return atField('clientId', MULTI_PLATFORM_MESSAGES.selectClient);
  return null;
}

export function multiPlatformRequest(form: MultiPlatformForm, timeZone: string): MultiPlatformRequestInput {
  return { ...form, types: [...form.types], platforms: [...form.platforms], timeZone };
}

export interface MultiPlatformOutput {
  readonly items: readonly MultiPlatformItem[];
}

export function readMultiPlatformOutput(result: JobResult): MultiPlatformOutput | null {
  return Array.isArray(result.items) ? { items: result.items as MultiPlatformItem[] } : null;
}

/** The summary toast of 001 §8: all succeeded, or the counts. */
export function summaryToast(output: MultiPlatformOutput): ToastText {
  const succeeded = output.items.filter((item) => item.success).length;
  return succeeded === output.items.length
    ? { title: MULTI_PLATFORM_MESSAGES.allSucceeded, description: `${itemCount(succeeded)} generated.` }
    : MULTI_PLATFORM_MESSAGES.complete(succeeded, output.items.length);
}

/** "Generated N of M items...": finished types from the run's real progress. */
export function progressText(progress: number, total: number): string {
  return MULTI_PLATFORM_MESSAGES.progress(Math.min(total, Math.floor((progress / 100) * total)), total);
}

/** The body of a manual Save to Client: the §9 saved type and title, the §3 metadata. */
export function saveBody(
  item: MultiPlatformItem,
  request: MultiPlatformRequestInput,
  now: Date,
  timeZone: string,
) {
  const kind: SavableKind = item.type;
  return {
    title: savedTitle(kind, {
      platform: item.platform ? SOCIAL_PLATFORMS[item.platform].name : null,
      date: now,
      timeZone,
    }),
    content: item.content,
    html_content: item.html ?? '',
    content_type: savedContentType(kind),
    metadata: {
      type: item.type,
      platform: item.platform ?? null,
      generated_at: now.toISOString(),
      prompt: request.prompt ?? '',
      tone: request.tone ?? DEFAULT_MULTI_PLATFORM_TONE,
      model: request.model ?? DEFAULT_MULTI_PLATFORM_MODEL_ID,
      multi_platform_creator: true,
    },
  };
}

/** Items that arrived while the run goes on: the run's partial text is `{items}` as JSON. */
export function partialItems(partialText: string): readonly MultiPlatformItem[] {
  if (partialText === '') return [];
  try {
    const parsed: unknown = JSON.parse(partialText);
    const items = (parsed as { items?: unknown }).items;
    return Array.isArray(items) ? (items as MultiPlatformItem[]) : [];
  } catch {
    return [];
  }
}
