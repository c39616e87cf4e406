import { TOOL_MESSAGES } from '#shared/tools/common';
import {
  appendDelta,
  emptyTextStream,
  hasGap,
  type PartialText,
  partialTextOf,
  resyncFrom,
  type TextDelta,
  type TextStream,
  textDeltaOf,
} from './text-stream';

/**
 * The life of one generation job as a tool page sees it (docs/architecture.md, "Generation jobs"): submitted, accepted with a job id,
 * streaming progress and partial text, then succeeded or failed. Events come from two places at once,
 * the WebSocket and the polling fallback, in any order and possibly twice; the reducer makes that safe:
 * it ignores other jobs' events, never lets progress go down, and settles a job only once. The partial
 * text comes as numbered pushes of new text (text-stream.ts); a missed push, or a result too large to
 * push, makes the state ask for a resync, which the page answers by fetching the job.
 */

export type JobPhase = 'idle' | 'submitting' | 'running' | 'succeeded' | 'failed';

/** The job's `result` as the server stores it: the tool's spec fields plus provider, model and notice. */
export type JobResult = Readonly<Record<string, unknown>>;

export interface JobState {
  readonly phase: JobPhase;
  readonly jobId: string | null;
  /** 0-100: the server's real progress (tokens so far against the expected length). */
  readonly progress: number;
  /** The raw model text written so far, for the streaming preview. */
  readonly partialText: string;
  /** The numbered pushes partialText was built from, and those waiting past a gap. */
  readonly stream: TextStream;
  /** The job succeeded with a result too large to push: it has to be fetched. */
  readonly resultPending: boolean;
  readonly result: JobResult | null;
  readonly error: string | null;
  /** Why the server is trying again, while it does. */
  readonly retryNote: string | null;
  /** True when the job was picked up again from storage (a reopened page), not started here. */
  readonly resumed: boolean;
  /** Events that named a job id before the POST answered with ours; replayed once it does. */
  readonly early: readonly JobEvent[];
}

/** A job as GET /api/jobs/{jobId} returns it (the fields the page reads). */
export interface PolledJob {
  readonly id: string;
  readonly status: 'queued' | 'running' | 'succeeded' | 'failed';
  readonly progress: number;
  readonly result: JobResult | null;
  readonly error: string | null;
  /** The text pushed so far, when asked for (`?include=partial`) and the job is still running. */
  readonly partial?: PartialText | null;
}

export type JobEvent =
  | { readonly type: 'submit' }
  | { readonly type: 'accepted'; readonly jobId: string }
  | { readonly type: 'resume'; readonly jobId: string }
  | {
      readonly type: 'progress';
      readonly jobId: string;
      readonly progress: number;
      /** The whole text so far (media and multi-platform runs push it whole; it only grows). */
      readonly text?: string;
      /** A numbered push of new text (text jobs). */
      readonly delta?: TextDelta;
    }
  | { readonly type: 'resultPending'; readonly jobId: string }
  | { readonly type: 'retrying'; readonly jobId: string; readonly error: string }
  | { readonly type: 'succeeded'; readonly jobId: string; readonly result: JobResult }
  | { readonly type: 'failed'; readonly jobId: string | null; readonly error: string }
  | { readonly type: 'polled'; readonly job: PolledJob }
  | { readonly type: 'reset' };

export const initialJobState: JobState = {
  phase: 'idle',
  jobId: null,
  progress: 0,
  partialText: '',
  stream: emptyTextStream,
  resultPending: false,
  result: null,
  error: null,
  retryNote: null,
  resumed: false,
  early: [],
};

/** Only this many early events are kept: the last few are all that matter once replayed. */
const MAX_EARLY_EVENTS = 20;

export function isActivePhase(phase: JobPhase): boolean {
  return phase === 'submitting' || phase === 'running';
}

/** The job should be fetched now, with its pushed text: a push was missed or the result was too large. */
export function needsResync(state: JobState): boolean {
  return state.phase === 'running' && (state.resultPending || hasGap(state.stream));
}

function clampProgress(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.max(0, Math.min(100, Math.round(value)));
}

function eventJobId(event: JobEvent): string | null | undefined {
  switch (event.type) {
    case 'polled':
      return event.job.id;
    case 'accepted':
    case 'resume':
    case 'progress':
    case 'resultPending':
    case 'retrying':
    case 'succeeded':
    case 'failed':
      return event.jobId;
    default:
      return undefined;
  }
}

function applyToRunning(state: JobState, event: JobEvent): JobState {
  switch (event.type) {
    case 'progress': {
      const progress = Math.max(state.progress, Math.min(99, clampProgress(event.progress)));
      const stream = event.delta ? appendDelta(state.stream, event.delta) : state.stream;
      // A whole text is the newest when it is the longest: a shorter one is an older message arriving late.
      const text = event.delta
        ? stream.text
        : event.text !== undefined && event.text.length >= state.partialText.length
          ? event.text
          : state.partialText;
      if (
        progress === state.progress &&
        text === state.partialText &&
        stream === state.stream &&
        state.retryNote === null
      ) {
        return state;
      }
      return { ...state, progress, partialText: text, stream, retryNote: null };
    }
    case 'resultPending':
      return state.resultPending ? state : { ...state, resultPending: true };
    case 'retrying':
      return { ...state, retryNote: event.error };
    case 'succeeded':
      return {
        ...state,
        phase: 'succeeded',
        progress: 100,
        result: event.result,
        error: null,
        retryNote: null,
      };
    case 'failed':
      return { ...state, phase: 'failed', error: event.error, retryNote: null };
    case 'polled': {
      const { job } = event;
      if (job.status === 'succeeded') {
        return job.result
          ? applyToRunning(state, { type: 'succeeded', jobId: job.id, result: job.result })
          : applyToRunning(state, { type: 'failed', jobId: job.id, error: TOOL_MESSAGES.noContent });
      }
      if (job.status === 'failed') {
        return applyToRunning(state, {
          type: 'failed',
          jobId: job.id,
          error: job.error ?? 'Generation failed',
        });
      }
      const stream = job.partial ? resyncFrom(state.stream, job.partial) : state.stream;
      const resynced =
        stream === state.stream ? state : { ...state, stream, partialText: stream.text, retryNote: null };
      const progressed = applyToRunning(resynced, {
        type: 'progress',
        jobId: job.id,
        progress: job.progress,
      });
      // A queued job that has an error is waiting for its retry (the server notes why).
      return job.status === 'queued' && job.error ? { ...progressed, retryNote: job.error } : progressed;
    }
    default:
      return state;
  }
}

export function jobReducer(state: JobState, event: JobEvent): JobState {
  if (event.type === 'reset') return initialJobState;
  if (event.type === 'submit') return { ...initialJobState, phase: 'submitting' };
  if (event.type === 'resume')
    return { ...initialJobState, phase: 'running', jobId: event.jobId, resumed: true };

  if (state.phase === 'submitting') {
    if (event.type === 'accepted') {
      const accepted: JobState = { ...state, phase: 'running', jobId: event.jobId, early: [] };
      return state.early
        .filter((early) => eventJobId(early) === event.jobId)
        .reduce<JobState>((current, early) => jobReducer(current, early), accepted);
    }
    // The POST itself failed (validation, network): there is no job id to match.
    if (event.type === 'failed' && event.jobId === null) {
      return { ...state, phase: 'failed', error: event.error, early: [] };
    }
    if (eventJobId(event)) return { ...state, early: [...state.early, event].slice(-MAX_EARLY_EVENTS) };
    return state;
  }

  if (state.phase !== 'running' || eventJobId(event) !== state.jobId) return state;
  return applyToRunning(state, event);
}

/** Reads a WebSocket message of the job protocol (run-job.ts) into an event, or null if it is not one. */
export function jobEventFromMessage(message: {
  readonly type: string;
  readonly [key: string]: unknown;
}): JobEvent | null {
  const jobId = typeof message.jobId === 'string' ? message.jobId : null;
  if (!jobId) return null;
  switch (message.type) {
    case 'job.progress': {
      const delta = textDeltaOf(message);
      return {
        type: 'progress',
        jobId,
        progress: typeof message.progress === 'number' ? message.progress : 0,
        ...(typeof message.text === 'string' ? { text: message.text } : {}),
        ...(delta ? { delta } : {}),
      };
    }
    case 'job.retrying':
      return { type: 'retrying', jobId, error: typeof message.error === 'string' ? message.error : '' };
    case 'job.failed':
      return {
        type: 'failed',
        jobId,
        error: typeof message.error === 'string' ? message.error : 'Generation failed',
      };
    case 'job.succeeded': {
      const job = message.job;
      const result =
        typeof job === 'object' &&
        job !== null &&
        'result' in job &&
        typeof job.result === 'object' &&
        job.result !== null
          ? (job.result as JobResult)
          : null;
      if (result) return { type: 'succeeded', jobId, result };
      // Too large for one WebSocket message: the event points to the job instead of carrying it.
      if (typeof message.resultUrl === 'string') return { type: 'resultPending', jobId };
      return { type: 'failed', jobId, error: TOOL_MESSAGES.noContent };
    }
    default:
      return null;
  }
}

/** Reads a GET /api/jobs/{jobId} body; null when it is not a job. */
export function parsePolledJob(body: unknown): PolledJob | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  const statuses = ['queued', 'running', 'succeeded', 'failed'] as const;
  const status = statuses.find((value) => value === record.status);
  if (typeof record.id !== 'string' || !status) return null;
  return {
    id: record.id,
    status,
    progress: typeof record.progress === 'number' ? record.progress : 0,
    result: typeof record.result === 'object' && record.result !== null ? (record.result as JobResult) : null,
    error: typeof record.error === 'string' ? record.error : null,
    ...('partial' in record ? { partial: partialTextOf(record.partial) } : {}),
  };
}

/**
 * What a failed poll of GET /api/jobs/{id} means: 404 is a job that expired or was never ours (forget
 * it), 401 is a session that ended (stop: the API client signs the user out, asking again cannot
 * help), anything else (a network blip, a 5xx) is worth the next tick.
 */
export function pollFailureAction(status: number | null): 'retry' | 'forget' | 'stop' {
  if (status === 404) return 'forget';
  if (status === 401) return 'stop';
  return 'retry';
}
