import type { Client } from '#shared/client';
import { type LENGTH_LEVELS, SOCIAL_PLATFORMS, type SocialPlatformId } from '#shared/platforms';
import { htmlToText } from '#shared/text';
import type { MultiPlatformItem } from '#shared/tool-results';
import {
  MULTI_PLATFORM_SOCIAL,
  MULTI_PLATFORM_TYPE_LABELS,
  type MultiPlatformRequest,
  type MultiPlatformTone,
  type MultiPlatformType,
} from '#shared/tools/multi-platform';
import type { SocialTone } from '#shared/tools/social-content';

/**
 * What the Multi-Platform Creator asks of each existing tool (001 §7 lists the calls it makes), and how
 * each tool's result becomes items of the run (001 §3 generated result item). No tool is reimplemented:
 * these are the tools' own request bodies and result fields.
 */

export interface ChildSpec {
  readonly type: MultiPlatformType;
  /** Job kind of the existing tool (functions/tools/<name>). */
  readonly tool: string;
  readonly request: Record<string, unknown>;
}

/** The six multi-platform tones in the five social ones. */
const SOCIAL_TONE_OF: Readonly<Record<MultiPlatformTone, SocialTone>> = {
  professional: 'professional',
  friendly: 'friendly',
  inspirational: 'inspirational',
  educational: 'professional',
  conversational: 'casual',
  promotional: 'urgent',
};

const TOOL_OF: Readonly<Record<MultiPlatformType, string>> = {
  social: 'social-content',
  newsletter: 'newsletter',
  'press-release': 'press-release',
  faq: 'faq',
  'blog-rewrite': 'blog-rewrite',
  'gbp-post': 'gbp-post',
  'client-content': 'client-content',
};

export function childSpecs(input: MultiPlatformRequest, client: Client | null): ChildSpec[] {
  const prompt = input.prompt.trim();
  const toneLine = `Write in a ${input.tone} tone.`;
  const clientId = client?.id;
  const common = { model: input.model, ...(clientId ? { clientId } : {}) };
  const requestOf = (type: MultiPlatformType): Record<string, unknown> => {
    switch (type) {
      case 'social': {
        const level = MULTI_PLATFORM_SOCIAL.level as (typeof LENGTH_LEVELS)[number];
        return {
          ...common,
          prompt,
          platforms: input.platforms,
          tone: SOCIAL_TONE_OF[input.tone],
          includeHashtags: MULTI_PLATFORM_SOCIAL.includeHashtags,
          includeCallToAction: MULTI_PLATFORM_SOCIAL.includeCallToAction,
          contentLength: Object.fromEntries(input.platforms.map((platform) => [platform, level])),
        };
      }
      case 'newsletter':
        return {
          ...common,
          topic: prompt,
          prompt: toneLine,
          inputType: 'topic',
          includeHeader: input.newsletterIncludeHeader,
        };
      case 'press-release':
        return { ...common, topic: prompt, prompt: toneLine, inputType: 'topic' };
      case 'faq':
        return { ...common, topic: prompt, prompt: toneLine };
      case 'blog-rewrite':
        return { model: input.model, url: input.blogUrl, framework: input.framework };
      case 'gbp-post':
        return { ...common, prompt, postType: 'update' };
      case 'client-content':
        return { ...common, topic: prompt, prompt: toneLine, clientUrl: client?.website ?? '' };
    }
  };
  return input.types.map((type) => ({ type, tool: TOOL_OF[type], request: requestOf(type) }));
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A finished child job's result as items: one per social platform, one for every other type. */
export function itemsOf(type: MultiPlatformType, result: Record<string, unknown>): MultiPlatformItem[] {
  switch (type) {
    case 'social': {
      const content = (result.content ?? {}) as Partial<Record<SocialPlatformId, string>>;
      return (Object.keys(SOCIAL_PLATFORMS) as SocialPlatformId[])
        .filter((platform) => typeof content[platform] === 'string')
        .map((platform) => ({ type, platform, content: content[platform] ?? '', success: true }));
    }
    case 'gbp-post':
      return [{ type, content: text(result.generatedPost), success: true }];
    case 'blog-rewrite':
      return [
        { type, content: text(result.rewrittenContent), html: text(result.rewrittenHtml), success: true },
      ];
    case 'press-release':
      return [{ type, content: text(result.generatedText), html: text(result.generatedHtml), success: true }];
    case 'client-content':
      return [{ type, content: htmlToText(text(result.content)), html: text(result.content), success: true }];
    default: {
      const html = text(result.generatedHtml);
      return [{ type, content: htmlToText(html), html, success: true }];
    }
  }
}

/** A failed child as one failed item (per social platform when social failed). */
export function failedItems(spec: ChildSpec, error: string | null): MultiPlatformItem[] {
  const message = error?.trim() || `Failed to generate ${MULTI_PLATFORM_TYPE_LABELS[spec.type]} content`;
  if (spec.type === 'social') {
    const platforms = (spec.request.platforms ?? []) as SocialPlatformId[];
    return platforms.map((platform) => ({
      type: spec.type,
      platform,
      content: '',
      success: false,
      error: message,
    }));
  }
  return [{ type: spec.type, content: '', success: false, error: message }];
}
