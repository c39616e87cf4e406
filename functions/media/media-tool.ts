import type * as z from 'zod/mini';
import type { Caller } from '#functions/commons/caller';
import type { ActivityRecord, ContentToSave } from '#functions/generation/tool-definition';
import type { Client } from '#shared/client';
import type { MediaRetention } from '#shared/media';
import type { MediaBilling, MediaUsage, UsageMeter } from './usage-meter';

/**
 * A tool the media worker runs (images, speech). Unlike the text tools it is not one streamed model
 * call: it loops (configurations, script segments), reports progress per step and writes files to the
 * media bucket. The engine (media-job.ts) does the job bookkeeping, saving and the activity.
 */

export interface MediaJobContext {
  readonly jobId: string;
  readonly caller: Caller;
  readonly client: Client | null;
  /** The job's creation time: a retried job makes the same files. */
  readonly now: Date;
  /** The user's own provider key from the request, for this job only (never stored). */
  readonly userApiKey: string | undefined;
  /** `job` media expire with the job; `saved` media stay with the library item. */
  readonly retention: MediaRetention;
  /**
   * Aborts at the worker's deadline (functions/generation/job-deadline.ts): pass it to provider calls. The
   * job ends at the deadline either way; a tool that stops early just frees the worker sooner.
   */
  readonly signal: AbortSignal;
  /**
   * Reports real progress: `done` steps of `total`, with the status line the page shows. `partial`, the
   * result so far, is pushed as the progress message's whole text (JSON), so the page shows what has
   * arrived while the run goes on (001 §4: the image loop appends results as they come).
   */
  progress(
    done: number,
    total: number,
    status: string,
    partial?: Readonly<Record<string, unknown>>,
  ): Promise<void>;
  /** Stores a file under media/{userId}/{jobId}/ and returns its /api/media/... path. */
  store(fileName: string, bytes: Uint8Array): Promise<string>;
  /**
   * Meters the attempt's provider calls once the tool knows who serves them: each call's estimate is
   * saved before it runs, so a crash during it still counts (usage-meter.ts). Its `usage()` is the
   * outcome's.
   */
  meter(billing: MediaBilling): UsageMeter;
}

export interface MediaToolOutcome<Result extends Record<string, unknown>> {
  readonly result: Result;
  readonly servedBy: string;
  /** Absent for a run whose child jobs record their own usage (multi-platform). */
  readonly usage?: MediaUsage;
}

export interface MediaToolDefinition<Input, Result extends Record<string, unknown>> {
  readonly name: string;
  readonly requestSchema: z.ZodMiniType<Input>;
  clientId(input: Input): string | null;
  /** Whether the request asked to save to the client (its media are then kept). */
  savesToClient(input: Input): boolean;
  run(input: Input, context: MediaJobContext): Promise<MediaToolOutcome<Result>>;
  contentToSave(input: Input, result: Result, context: MediaJobContext): ContentToSave | null;
  activity(input: Input, result: Result): ActivityRecord;
}

export type RegisteredMediaTool = MediaToolDefinition<unknown, Record<string, unknown>>;
