import type * as z from 'zod/mini';
import type { ExtractedSource } from '#functions/commons/extract-readable';
import type { ActivityAction } from '#shared/activity';
import type { Client } from '#shared/client';
import type { ContentType } from '#shared/content';

/**
 * What a content tool is, to the generation engine. A tool is a request schema, a prompt builder, an
 * offline composer and a result parser; the engine does everything else (job, queue, provider,
 * streaming, progress, saving, activity). The offline composer returns text in the same shape a real
 * model is asked for, so both go through the same parser.
 */

/** The tools read the source's shape here, with the rest of what the engine hands them. */
export type { ExtractedSource };

export interface ToolContext {
  /** The client chosen in the request, already access-checked; null when none. */
  readonly client: Client | null;
  /** Text extracted from the request's source URL through the safe fetcher; null when none. */
  readonly source: ExtractedSource | null;
  readonly now: Date;
}

export interface BuiltPrompt {
  readonly system: string;
  readonly prompt: string;
}

export interface ContentToSave {
  readonly contentType: ContentType;
  readonly title: string;
  readonly content: string;
  readonly htmlContent: string;
  readonly metadata: Record<string, unknown>;
}

/**
 * What an offline composer hands back: the text in the model's reply shape, and what the reader must
 * know about it (it is shorter than asked; a rule of the instructions it could not honour). The notes
 * are added to the result's offline notice, never written into the text.
 */
export interface OfflineDraft {
  readonly text: string;
  readonly notes: readonly string[];
}

export interface ActivityRecord {
  readonly action: ActivityAction;
  readonly resourceType: string;
  readonly details: Record<string, unknown>;
}

export interface ToolDefinition<Input, Result extends Record<string, unknown>> {
  /** Job kind, also the folder name under functions/tools/. */
  readonly name: string;
  readonly requestSchema: z.ZodMiniType<Input>;
  /** Text model id of the registry (shared/models.ts) the request asked for. */
  modelId(input: Input): string;
  /** Client whose profile the tool reads or saves to; access is checked before the job is queued. */
  clientId(input: Input): string | null;
  /** URL to read through the safe fetcher before composing, if the request has one. */
  sourceUrl(input: Input): string | null;
  /** Expected output length in tokens; live progress is tokens so far against this. */
  expectedOutputTokens(input: Input): number;
  buildPrompt(input: Input, context: ToolContext): BuiltPrompt;
  composeOffline(input: Input, context: ToolContext): OfflineDraft | Promise<OfflineDraft>;
  /** Turns the raw model text into the spec's response fields; HTML in it must be sanitized here. */
  parseResult(raw: string, input: Input, context: ToolContext): Result;
  /** What to store in the client's library when the request asked to save; null when not asked. */
  contentToSave(input: Input, result: Result, context: ToolContext): ContentToSave | null;
  activity(input: Input, result: Result): ActivityRecord;
}
