import { ulid } from 'ulid';
import type { UsageRecord } from '#functions/usage/usage-record';
import { dayOf, monthOf } from '#shared/usage-dates';
import type { TestUser } from '#test/support/test-runtime';

/** What a seeded job varies: who ran it for which client, when, and what it used. */
export interface SeededJob
  extends Pick<UsageRecord, 'tool' | 'modelId' | 'provider' | 'status' | 'costMicroUsd' | 'durationMs'>,
    Partial<
      Pick<
        UsageRecord,
        'inputTokens' | 'outputTokens' | 'reasoningTokens' | 'images' | 'speechCharacters' | 'speechSeconds'
      >
    > {
  readonly user: Pick<TestUser, 'userId' | 'email'>;
  readonly client: { readonly id: string; readonly name: string } | null;
  readonly started: Date;
}

/**
 * A usage record as settling a job makes it (functions/usage/usage-record.ts), for seeding the usage
 * store directly: the tests and benches that need thousands of jobs, or jobs in past months.
 */
export function seededUsageRecord(job: SeededJob): UsageRecord {
  return {
    month: monthOf(job.started),
    day: dayOf(job.started),
    jobId: ulid(job.started.getTime()),
    userId: job.user.userId,
    userEmail: job.user.email,
    clientId: job.client?.id ?? null,
    clientName: job.client?.name ?? null,
    apiKeyId: null,
    batchId: null,
    parentJobId: null,
    tool: job.tool,
    modelId: job.modelId,
    provider: job.provider,
    status: job.status,
    inputTokens: job.inputTokens ?? 0,
    outputTokens: job.outputTokens ?? 0,
    reasoningTokens: job.reasoningTokens ?? 0,
    images: job.images ?? 0,
    imageDetail: null,
    speechCharacters: job.speechCharacters ?? 0,
    speechSeconds: job.speechSeconds ?? 0,
    durationMs: job.durationMs,
    costMicroUsd: job.costMicroUsd,
    priceAsOf: '2025-04-14',
    ownKey: false,
    estimated: false,
    contentId: null,
    title: null,
    startedAt: job.started.toISOString(),
    finishedAt: new Date(job.started.getTime() + job.durationMs).toISOString(),
  };
}
