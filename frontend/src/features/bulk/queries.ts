import { queryOptions } from '@tanstack/react-query';
import { BATCH_POLL_MS } from '#shared/batch-columns';
import type { BatchView } from '#shared/batch-schemas';
import { estimateBatchFromCsv, fetchBatch, fetchBatches, fetchRowJob } from './bulk-api';

/** The bulk page's queries and their keys (docs/architecture.md, "The frontend's data layer"). */
export const batchKeys = {
  all: ['batches'] as const,
  list: () => [...batchKeys.all, 'list'] as const,
  batch: (batchId: string) => [...batchKeys.all, 'batch', batchId] as const,
  estimate: (csv: string, saveToClient: boolean, timeZone: string) =>
    [...batchKeys.all, 'estimate', { csv, saveToClient, timeZone }] as const,
  rowJob: (jobId: string) => ['jobs', jobId] as const,
};

const moving = (batch: BatchView | undefined) =>
  batch?.rows.some((row) => ['waiting', 'queued', 'running'].includes(row.status)) ?? false;

/** A batch, read again while a row still moves; a failed read stops that until Try again. */
export const batchQuery = (batchId: string) =>
  queryOptions({
    queryKey: batchKeys.batch(batchId),
    queryFn: ({ signal }) => fetchBatch(batchId, signal),
    refetchInterval: (query) =>
      query.state.status !== 'error' && moving(query.state.data) ? BATCH_POLL_MS : false,
  });

/** The user's recent batches: their counts move while they run, so every showing reads them again. */
export const batchesQuery = () =>
  queryOptions({
    queryKey: batchKeys.list(),
    queryFn: ({ signal }) => fetchBatches(signal),
    refetchOnMount: 'always',
  });

/** The server's estimate of one text of rows; an older text's is not kept. */
export const batchEstimateQuery = (csv: string, saveToClient: boolean, timeZone: string) =>
  queryOptions({
    queryKey: batchKeys.estimate(csv, saveToClient, timeZone),
    queryFn: ({ signal }) => estimateBatchFromCsv(csv, saveToClient, timeZone, signal),
    gcTime: 0,
  });

/** A finished row's job, for its result: it does not change, so it is read once. */
export const rowJobQuery = (jobId: string) =>
  queryOptions({
    queryKey: batchKeys.rowJob(jobId),
    queryFn: ({ signal }) => fetchRowJob(jobId, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
