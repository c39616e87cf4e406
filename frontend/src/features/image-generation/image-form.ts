import {
  compressionApplies,
  findImageModel,
  IMAGE_DEFAULTS,
  IMAGE_MODELS,
  type ImageModel,
  type ImageModelId,
  type ImageOutputFormat,
  imageQualityChoices,
  imageSizeChoices,
} from '#shared/models';
import { TOOL_MESSAGES } from '#shared/tools/common';
import {
  type GeneratedImageResult,
  type GenerateImageRequest,
  IMAGE_MESSAGES,
  IMAGE_STYLES,
  type ImageConfig,
  type ImageFailure,
} from '#shared/tools/image-generation';
// Relative, not '@/': the unit tests load this module and vitest knows only the package.json aliases.
import { atField, type FieldProblem } from '../../components/tool/field-problem';
import type { JobResult } from '../../components/tool/job-state';
import { errorToast } from '../../components/tool/tool-messages';

/** AI Image Generator's settings (001 §2, §3, §9). */
export interface ImageForm {
  readonly configs: readonly ImageConfig[];
  readonly model: ImageModelId;
  readonly size: string;
  readonly quality: string;
  readonly outputFormat: ImageOutputFormat;
  readonly compression: number;
  readonly numberOfImages: number;
  readonly apiKey: string;
  readonly clientId: string | null;
  readonly saveToClient: boolean;
}

export function newConfig(id: string, fields: Partial<ImageConfig> = {}): ImageConfig {
  return {
    id,
    prompt: '',
    entities: '',
    keywords: '',
    style: 'none',
    lighting: 'default',
    detailLevel: 'default',
    colorStyle: 'default',
    texture: 'default',
    perspective: 'default',
    ...fields,
  };
}

export const initialImageForm = (): ImageForm => ({
  configs: [newConfig('config-1')],
  model: IMAGE_DEFAULTS.modelId,
  size: IMAGE_DEFAULTS.size,
  quality: IMAGE_DEFAULTS.quality,
  outputFormat: IMAGE_DEFAULTS.outputFormat,
  compression: IMAGE_DEFAULTS.compression,
  numberOfImages: IMAGE_DEFAULTS.count,
  apiKey: '',
  clientId: null,
  saveToClient: false,
});

export const MODEL_OPTIONS = IMAGE_MODELS.map((model) => ({
  value: model.id as ImageModelId,
  label: model.label,
}));

function modelOf(id: ImageModelId): ImageModel {
  const model = findImageModel(id);
  if (!model) throw new Error(`Unknown image model ${id}`);
  return model;
}

export const sizeOptions = (id: ImageModelId) =>
  imageSizeChoices(modelOf(id)).map((value) => ({ value, label: value }));
export const qualityOptions = (id: ImageModelId) =>
  imageQualityChoices(modelOf(id)).map((value) => ({ value, label: value }));
export const formatOptions = (id: ImageModelId) =>
  modelOf(id).outputFormats.map((value) => ({ value, label: value.toUpperCase() }));
export const maxImages = (id: ImageModelId) => modelOf(id).maxCount;
export const takesUserKey = (id: ImageModelId) => modelOf(id).acceptsUserApiKey;
export const showsCompression = (form: Pick<ImageForm, 'model' | 'outputFormat'>) =>
  compressionApplies(modelOf(form.model), form.outputFormat);

/** A new model keeps what it allows and resets the rest to the defaults (001 §9 tables). */
export function withModel(form: ImageForm, id: ImageModelId): ImageForm {
  const model = modelOf(id);
  const keep = (value: string, choices: readonly string[], fallback: string) =>
    choices.includes(value) ? value : fallback;
  return {
    ...form,
    model: id,
    size: keep(form.size, imageSizeChoices(model), IMAGE_DEFAULTS.size),
    quality: keep(form.quality, imageQualityChoices(model), IMAGE_DEFAULTS.quality),
    outputFormat: model.outputFormats.includes(form.outputFormat) ? form.outputFormat : 'png',
    numberOfImages: Math.min(form.numberOfImages, model.maxCount),
  };
}

export function validateImages(form: ImageForm, hasClients: boolean): FieldProblem<keyof ImageForm> | null {
  // Shown at the first configuration's prompt, the one every form has.
  if (!form.configs.some((config) => config.prompt.trim() !== ''))
    return atField('configs', errorToast(IMAGE_MESSAGES.promptRequired));
  if (hasClients && form.saveToClient && form.clientId === null)
    return atField('clientId', TOOL_MESSAGES.selectClient);
  return null;
}

export type ImageRequest = Omit<GenerateImageRequest, 'timeZone'> & { timeZone?: string };

export function imageRequest(
  form: ImageForm,
  options: { timeZone: string; hasClients: boolean },
): ImageRequest {
  return {
    configs: form.configs.filter((config) => config.prompt.trim() !== ''),
    model: form.model,
    size: form.size,
    quality: form.quality,
    outputFormat: form.outputFormat,
    compression: form.compression,
    numberOfImages: form.numberOfImages,
    ...(takesUserKey(form.model) && form.apiKey.trim() !== '' ? { apiKey: form.apiKey.trim() } : {}),
    clientId: form.clientId ?? undefined,
    saveToClient: options.hasClients && form.saveToClient && form.clientId !== null,
    timeZone: options.timeZone,
  };
}

export interface ImageOutput {
  readonly images: readonly GeneratedImageResult[];
  readonly failures: readonly ImageFailure[];
}

function imagesAndFailures(result: Readonly<Record<string, unknown>>): ImageOutput {
  const images = Array.isArray(result.images) ? (result.images as GeneratedImageResult[]) : [];
  const failures = Array.isArray(result.failures) ? (result.failures as ImageFailure[]) : [];
  return {
    images: images.filter((image) => typeof image?.url === 'string' && image.url !== ''),
    failures: failures.filter((failure) => typeof failure?.configId === 'string'),
  };
}

export function readImageOutput(result: JobResult): ImageOutput | null {
  const output = imagesAndFailures(result);
  return output.images.length > 0 ? output : null;
}

/** What a running job has pushed so far: its partial text is `{images, failures}` as JSON. */
export function partialImageOutput(partialText: string): ImageOutput {
  if (partialText === '') return { images: [], failures: [] };
  try {
    const parsed: unknown = JSON.parse(partialText);
    return typeof parsed === 'object' && parsed !== null
      ? imagesAndFailures(parsed as Record<string, unknown>)
      : { images: [], failures: [] };
  } catch {
    return { images: [], failures: [] };
  }
}

/** The analysis result as a new configuration: description as prompt, lists joined, a known style. */
export function configFromAnalysis(
  id: string,
  analysis: { description: string; entities: readonly string[]; keywords: readonly string[]; style: string },
): ImageConfig {
  const style = (IMAGE_STYLES as readonly string[]).includes(analysis.style)
    ? (analysis.style as ImageConfig['style'])
    : 'none';
  return newConfig(id, {
    prompt: analysis.description,
    entities: analysis.entities.join(', '),
    keywords: analysis.keywords.join(', '),
    style,
  });
}

/** 'Generating image N of M' from the job's real progress (configurations done over configurations). */
export function progressStatus(progress: number, total: number): string {
  // The server's progress is floor(100 × done / total): rounding gives `done` back (66 of 3 is 2 done).
  const done = Math.min(total - 1, Math.round((progress * total) / 100));
  return IMAGE_MESSAGES.progress(Math.max(0, done) + 1, total);
}
