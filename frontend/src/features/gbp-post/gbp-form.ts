import type { GbpTopicType } from '#shared/channels';
import type { CreateContentInput } from '#shared/content';
import { DEFAULT_GBP_MODEL_ID, type LanguageModelId } from '#shared/models';
import { savedContentType, savedTitle } from '#shared/saved-title';
import type { ImageAtSize } from '#shared/tool-results';
import {
  DEFAULT_GBP_IMAGE_SIZE,
  DEFAULT_GBP_POST_TYPE,
  GBP_MESSAGES,
  type GbpImageRequestInput,
  type GbpImageSize,
  type GbpPostRequestInput,
  type GbpPostType,
} from '#shared/tools/gbp-post';
import { atField, type FieldProblem } from '../../components/tool/field-problem';
import type { JobResult } from '../../components/tool/job-state';
import { errorToast } from '../../components/tool/tool-messages';

/** GBP Post Creator's settings (001 §2). */
export interface GbpForm {
  readonly clientId: string | null;
  readonly postType: GbpPostType;
  readonly model: LanguageModelId;
  readonly prompt: string;
  readonly imagePrompt: string;
  readonly dimensions: GbpImageSize;
}

export const initialGbpForm: GbpForm = {
  clientId: null,
  postType: DEFAULT_GBP_POST_TYPE,
  model: DEFAULT_GBP_MODEL_ID,
  prompt: '',
  imagePrompt: '',
  dimensions: DEFAULT_GBP_IMAGE_SIZE,
};

export function validateGbpPost(form: GbpForm): FieldProblem<keyof GbpForm> | null {
  return form.prompt.trim() === '' ? atField('prompt', errorToast(GBP_MESSAGES.promptRequired)) : null;
}

export function validateGbpImage(form: GbpForm): FieldProblem<keyof GbpForm> | null {
  return form.imagePrompt.trim() === ''
    ? atField('imagePrompt', errorToast(GBP_MESSAGES.imagePromptRequired))
    : null;
}

/** In the post flow the image is made too, unless its prompt is blank (001 §5). */
export function wantsImageWithPost(form: GbpForm): boolean {
  return form.imagePrompt.trim() !== '';
}

export function gbpPostRequest(form: GbpForm): GbpPostRequestInput {
  return { prompt: form.prompt, postType: form.postType, model: form.model, clientId: form.clientId };
}

export function gbpImageRequest(form: GbpForm): GbpImageRequestInput {
  return {
    prompt: form.imagePrompt,
    dimensions: form.dimensions,
    ...(form.clientId ? { clientId: form.clientId } : {}),
  };
}

export interface GbpPostOutput {
  readonly post: string;
}

export function readGbpPost(result: JobResult): GbpPostOutput | null {
  const post = result.generatedPost ?? result.content;
  return typeof post === 'string' && post.trim() !== '' ? { post } : null;
}

export function readSizedImage(result: JobResult): ImageAtSize | null {
  const { imageUrl, width, height } = result;
  if (typeof imageUrl !== 'string' || typeof width !== 'number' || typeof height !== 'number') return null;
  return { imageUrl, width, height };
}

/**
 * The library item a Publish saves first (the page's runs do not save): what the server saves for a
 * run with 'save to client' (functions/tools/gbp-post/definition.ts).
 */
export function gbpSaveBody(
  output: GbpPostOutput,
  request: GbpPostRequestInput | null,
  now: Date,
  timeZone: string,
): CreateContentInput {
  return {
    title: savedTitle('gbp-post', { date: now, timeZone }),
    content: output.post,
    html_content: '',
    content_type: savedContentType('gbp-post'),
    metadata: {
      type: 'gbp-post',
      postType: request?.postType ?? DEFAULT_GBP_POST_TYPE,
      prompt: request?.prompt ?? '',
      model: request?.model ?? DEFAULT_GBP_MODEL_ID,
      generated_at: now.toISOString(),
    },
  };
}

/** The Business Profile post type a generated post is published as: an event or offer as one, else an update. */
export function gbpTopicOf(postType: GbpPostType): GbpTopicType {
  return postType === 'event' ? 'EVENT' : postType === 'offer' ? 'OFFER' : 'STANDARD';
}
