import { decodeTime } from 'ulid';
import type { AttemptUsage, StoredJob } from '#functions/generation/job-store';
import { addUsage, costOf, imageCount, NO_USAGE, type UsageMeasure } from '#shared/prices';
import { dayOf, monthOf } from '#shared/usage-dates';

/**
 * One finished job's usage, as the usage page and the CSV export read it: the sum of what its attempts
 * consumed (a retry after a crash adds its own attempt), priced by the model it asked for with the
 * price table of today (shared/prices.ts), once, when the job finishes.
 */
export interface UsageRecord {
  readonly month: string;
  readonly day: string;
  readonly jobId: string;
  readonly userId: string;
  readonly userEmail: string;
  readonly clientId: string | null;
  readonly clientName: string | null;
  readonly apiKeyId: string | null;
  readonly batchId: string | null;
  readonly parentJobId: string | null;
  readonly tool: string;
  readonly modelId: string;
  readonly provider: string;
  readonly status: 'succeeded' | 'failed';
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly reasoningTokens: number;
  readonly images: number;
  readonly imageDetail: string | null;
  readonly speechCharacters: number;
  readonly speechSeconds: number;
  readonly durationMs: number;
  readonly costMicroUsd: number;
  readonly priceAsOf: string | null;
  readonly ownKey: boolean;
  /** An attempt was cut off by a crash: its usage is an estimate (run-job.ts). */
  readonly estimated: boolean;
  readonly contentId: string | null;
  readonly title: string | null;
  readonly startedAt: string;
  readonly finishedAt: string;
}

export interface UsageSummary {
  readonly provider: string;
  readonly modelId: string;
  readonly measure: UsageMeasure;
  readonly costMicroUsd: number;
  readonly priceAsOf: string | null;
  readonly ownKey: boolean;
  readonly estimated: boolean;
}

/** The model a request asked for, when the job consumed nothing (it failed before any attempt ran). */
function requestedModel(request: unknown): string {
  const model = (request as { model?: unknown } | null)?.model;
  return typeof model === 'string' ? model : 'unknown';
}

/** Sums the attempts and prices each one (a model could in principle differ between attempts). */
export function summarizeUsage(job: StoredJob): UsageSummary {
  const attempts = Object.values(job.accounting?.attemptUsage ?? {}) as AttemptUsage[];
  let measure = NO_USAGE;
  let costMicroUsd = 0;
  let priceAsOf: string | null = null;
  for (const attempt of attempts) {
    measure = addUsage(measure, attempt.measure);
    const cost = costOf(attempt.modelId, attempt.provider, attempt.measure, {
      ownKey: attempt.ownKey,
    });
    costMicroUsd += cost.microUsd;
    priceAsOf = cost.priceAsOf ?? priceAsOf;
  }
  const last = attempts.at(-1);
  return {
    provider: last?.provider ?? job.servedBy ?? 'none',
    modelId: last?.modelId ?? requestedModel(job.request),
    measure,
    costMicroUsd,
    priceAsOf,
    ownKey: attempts.some((attempt) => attempt.ownKey),
    estimated: attempts.some((attempt) => attempt.estimated === true),
  };
}

function imageDetailOf(measure: UsageMeasure): string | null {
  if (measure.images.length === 0) return null;
  const counts = new Map<string, number>();
  for (const image of measure.images) {
    const label = `${image.size} ${image.quality}`;
    counts.set(label, (counts.get(label) ?? 0) + image.count);
  }
  return [...counts].map(([label, count]) => `${count} × ${label}`).join('; ');
}

/** The record of a finished job. `clientName` is the client's name as it is now. */
export function usageRecordOf(job: StoredJob, summary: UsageSummary, clientName: string | null): UsageRecord {
  const started = new Date(decodeTime(job.id));
  const startedAt = job.accounting?.startedAt ?? job.createdAt;
  const finishedAt = job.accounting?.finishedAt ?? job.updatedAt;
  const title = (job.result?.savedContent as { title?: unknown } | undefined)?.title;
  return {
    month: monthOf(started),
    day: dayOf(started),
    jobId: job.id,
    userId: job.userId,
    userEmail: job.userEmail,
    clientId: job.accounting?.clientId ?? null,
    clientName,
    apiKeyId: job.accounting?.apiKeyId ?? null,
    batchId: job.accounting?.batchId ?? null,
    parentJobId: job.parentJobId,
    tool: job.tool,
    modelId: summary.modelId,
    provider: summary.provider,
    status: job.status === 'succeeded' ? 'succeeded' : 'failed',
    inputTokens: summary.measure.inputTokens,
    outputTokens: summary.measure.outputTokens,
    reasoningTokens: summary.measure.reasoningTokens,
    images: imageCount(summary.measure),
    imageDetail: imageDetailOf(summary.measure),
    speechCharacters: summary.measure.speechCharacters,
    speechSeconds: Math.round(summary.measure.speechSeconds * 10) / 10,
    durationMs: Math.max(0, Date.parse(finishedAt) - Date.parse(startedAt)),
    costMicroUsd: summary.costMicroUsd,
    priceAsOf: summary.priceAsOf,
    ownKey: summary.ownKey,
    estimated: summary.estimated,
    contentId: job.savedContentId,
    title: typeof title === 'string' ? title : null,
    startedAt: new Date(decodeTime(job.id)).toISOString(),
    finishedAt,
  };
}
