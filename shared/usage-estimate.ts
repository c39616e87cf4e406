import { findLanguageModel } from './models';
import { costOf, type ImageUsage, NO_USAGE, type UsageMeasure } from './prices';
import { estimateTokens } from './token-estimate';

/**
 * What a job is expected to cost before it runs (docs/decisions.md, "Usage, cost, budgets and bulk runs"):
 * the estimate a client's budget holds while the job runs, and a bulk run's total shown before it starts.
 * Real costs replace estimates as jobs finish. Priced at list price whatever serves the job; a client's
 * budget holds it only when the job's provider has a key (functions/budgets/billable-estimate.ts), since
 * offline a job costs nothing.
 */

/** The system prompt, the client's profile and instructions: roughly what every text job sends. */
const BASE_INPUT_TOKENS = 1_500;
/** A source page read for the job (a rewrite, a newsletter from a URL): its extracted text. */
const SOURCE_PAGE_TOKENS = 3_000;
/** Reasoning models think before they write; their hidden tokens are billed as output. */
const REASONING_FACTOR = 2;
/** Speech is about 15 characters a second (150 words a minute). */
const SPEECH_CHARACTERS_PER_SECOND = 15;

export interface TextJobShape {
  readonly modelId: string;
  readonly expectedOutputTokens: number;
  /** Characters of the request's own text (topic, instructions): they are sent as input. */
  readonly requestCharacters: number;
  readonly readsSourcePage: boolean;
}

export function estimateTextJob(shape: TextJobShape): number {
  const model = findLanguageModel(shape.modelId);
  const provider = model?.provider ?? 'openai';
  const outputTokens = shape.expectedOutputTokens * (model?.reasoning ? REASONING_FACTOR : 1);
  const inputTokens =
    BASE_INPUT_TOKENS +
    estimateTokens(shape.requestCharacters) +
    (shape.readsSourcePage ? SOURCE_PAGE_TOKENS : 0);
  return costOf(shape.modelId, provider, { ...NO_USAGE, inputTokens, outputTokens }).microUsd;
}

export function estimateImageJob(modelId: string, images: readonly ImageUsage[]): number {
  return costOf(modelId, 'openai', { ...NO_USAGE, images }).microUsd;
}

/**
 * What speaking `characters` should consume before the audio exists: its length at the speaking rate.
 * The job's estimate, and the figure a speech call is recorded at until its audio is measured
 * (functions/media/usage-meter.ts).
 */
export function estimatedSpeechUsage(characters: number): UsageMeasure {
  return {
    ...NO_USAGE,
    speechCharacters: characters,
    speechSeconds: characters / SPEECH_CHARACTERS_PER_SECOND,
  };
}

export function estimateSpeechJob(modelId: string, characters: number): number {
  return costOf(modelId, 'openai', estimatedSpeechUsage(characters)).microUsd;
}

/** Characters of the text fields of a request: what it sends to the model besides the prompts. */
export function textCharacters(...values: readonly (string | null | undefined)[]): number {
  return values.reduce((sum, value) => sum + (value?.length ?? 0), 0);
}
