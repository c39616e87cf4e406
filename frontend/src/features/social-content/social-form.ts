import type { CreateContentInput } from '#shared/content';
import {
  clampTarget,
  DEFAULT_LENGTH_LEVEL,
  imageSizesFor,
  type LengthLevel,
  nearestLevel,
  presetTarget,
  SOCIAL_PLATFORM_IDS,
  SOCIAL_PLATFORMS,
  type SocialPlatformId,
} from '#shared/platforms';
import { savedContentType, savedTitle } from '#shared/saved-title';
import type { ImageAtSize } from '#shared/tool-results';

import {
  DEFAULT_SOCIAL_TONE,
  SOCIAL_MESSAGES,
  type SocialContentRequestInput,
  type SocialTone,
} from '#shared/tools/social-content';
import { atField, type FieldProblem } from '../../components/tool/field-problem';
import type { JobResult } from '../../components/tool/job-state';
import { errorToast } from '../../components/tool/tool-messages';

/** Social Content Generator's settings (001 §2): both tabs. */
export interface SocialForm {
  readonly clientId: string | null;
  readonly prompt: string;
  readonly platforms: readonly SocialPlatformId[];
  readonly levels: Readonly<Record<SocialPlatformId, LengthLevel>>;
  /** The target-character inputs; they follow the slider and may be typed (clamped on blur). */
  readonly targets: Readonly<Record<SocialPlatformId, number>>;
  readonly tone: SocialTone;
  readonly includeHashtags: boolean;
  readonly includeCallToAction: boolean;
  readonly imagePrompt: string;
  readonly imageDimensions: string;
}

const perPlatform = <T>(value: (platform: SocialPlatformId) => T) =>
  Object.fromEntries(SOCIAL_PLATFORM_IDS.map((platform) => [platform, value(platform)])) as Record<
    SocialPlatformId,
    T
  >;

export const initialSocialForm: SocialForm = {
  clientId: null,
  prompt: '',
  platforms: ['facebook', 'instagram'],
  levels: perPlatform(() => DEFAULT_LENGTH_LEVEL),
  targets: perPlatform((platform) => presetTarget(platform, DEFAULT_LENGTH_LEVEL)),
  tone: DEFAULT_SOCIAL_TONE,
  includeHashtags: true,
  includeCallToAction: true,
  imagePrompt: '',
  imageDimensions: '',
};

/** The slider moved: the target follows the level's preset. */
export function withLevel(form: SocialForm, platform: SocialPlatformId, level: LengthLevel): SocialForm {
  return {
    ...form,
    levels: { ...form.levels, [platform]: level },
    targets: { ...form.targets, [platform]: presetTarget(platform, level) },
  };
}

/** The target input lost focus: clamp to 50..max and move the slider to the nearest preset (001 §5). */
export function withTarget(form: SocialForm, platform: SocialPlatformId, typed: number): SocialForm {
  const target = clampTarget(platform, typed);
  return {
    ...form,
    levels: { ...form.levels, [platform]: nearestLevel(platform, target) },
    targets: { ...form.targets, [platform]: target },
  };
}

export function withPlatform(form: SocialForm, platform: SocialPlatformId, on: boolean): SocialForm {
  const platforms = on
    ? SOCIAL_PLATFORM_IDS.filter((id) => id === platform || form.platforms.includes(id))
    : form.platforms.filter((id) => id !== platform);
  const sizes = imageSizesFor(platforms);
  return {
    ...form,
    platforms,
    imageDimensions: sizes.includes(form.imageDimensions) ? form.imageDimensions : '',
  };
}

export function validateSocial(form: SocialForm): FieldProblem<keyof SocialForm> | null {
  const problem = errorToast(SOCIAL_MESSAGES.promptAndPlatformRequired);
  if (form.prompt.trim() === '') return atField('prompt', problem);
  return form.platforms.length === 0 ? atField('platforms', problem) : null;
}

export function validateSocialImage(form: SocialForm): FieldProblem<keyof SocialForm> | null {
  const problem = errorToast(SOCIAL_MESSAGES.imagePromptAndSizeRequired);
  if (form.imagePrompt.trim() === '') return atField('imagePrompt', problem);
  return form.imageDimensions === '' ? atField('imageDimensions', problem) : null;
}

export function socialRequest(form: SocialForm): SocialContentRequestInput {
  const selected = <T>(value: (platform: SocialPlatformId) => T) =>
    Object.fromEntries(form.platforms.map((platform) => [platform, value(platform)]));
  return {
    prompt: form.prompt,
    platforms: [...form.platforms],
    tone: form.tone,
    includeHashtags: form.includeHashtags,
    includeCallToAction: form.includeCallToAction,
    contentLength: selected((platform) => form.levels[platform]),
    customTargets: selected((platform) => form.targets[platform]),
    clientId: form.clientId,
  };
}

export interface SocialOutput {
  readonly posts: readonly { platform: SocialPlatformId; text: string; target: number; onTopic: boolean }[];
}

export function readSocialOutput(result: JobResult): SocialOutput | null {
  const content = (result.content ?? {}) as Partial<Record<SocialPlatformId, unknown>>;
  const targets = (result.targets ?? {}) as Partial<Record<SocialPlatformId, unknown>>;
  const onTopic = (result.onTopic ?? {}) as Partial<Record<SocialPlatformId, unknown>>;
  const posts = SOCIAL_PLATFORM_IDS.flatMap((platform) => {
    const text = content[platform];
    const target = targets[platform];
    return typeof text === 'string'
      ? [
          {
            platform,
            text,
            target: typeof target === 'number' ? target : presetTarget(platform, DEFAULT_LENGTH_LEVEL),
            // Results saved before the server judged this carry no flag: length alone decides for them.
            onTopic: onTopic[platform] !== false,
          },
        ]
      : [];
  });
  return posts.length > 0 ? { posts } : null;
}

export function readSocialImage(result: JobResult): ImageAtSize | null {
  const { imageUrl, width, height } = result;
  if (typeof imageUrl !== 'string' || typeof width !== 'number' || typeof height !== 'number') return null;
  return { imageUrl, width, height };
}

/**
 * The library item a Publish saves first (the page's runs do not save): what the server saves for a
 * run with 'save to client' (functions/tools/social-content/definition.ts), every platform's post under
 * its name.
 */
export function socialSaveBody(
  output: SocialOutput,
  request: SocialContentRequestInput | null,
  now: Date,
  timeZone: string,
): CreateContentInput {
  return {
    title: savedTitle('social', { date: now, timeZone }),
    content: output.posts
      .map(({ platform, text }) => `${SOCIAL_PLATFORMS[platform].name}:\n${text}`)
      .join('\n\n'),
    html_content: '',
    content_type: savedContentType('social'),
    metadata: {
      type: 'social',
      platforms: output.posts.map(({ platform }) => platform),
      generated_at: now.toISOString(),
      prompt: request?.prompt ?? '',
      tone: request?.tone ?? DEFAULT_SOCIAL_TONE,
    },
  };
}
