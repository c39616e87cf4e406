import type { BatchEstimate, BatchSummary, BatchView } from '#shared/batch-schemas';
import { type PolledJob, parsePolledJob } from '@/components/tool/job-state';
import { ApiError, api } from '@/lib/api-client';

/** The bulk page's calls (functions/batches): the CSV goes as it is, so rows keep their spreadsheet numbers. */

export interface CreatedBatch extends BatchEstimate {
  readonly batchId: string;
}

const csvQuery = (saveToClient: boolean, timeZone: string, dryRun = false) =>
  new URLSearchParams({
    saveToClient: String(saveToClient),
    timeZone,
    ...(dryRun ? { dryRun: 'true' } : {}),
  });

/** The server's estimate of the rows, before the run: which run offline, at no cost, included. */
export function estimateBatchFromCsv(
  csv: string,
  saveToClient: boolean,
  timeZone: string,
  signal: AbortSignal,
): Promise<BatchEstimate> {
  return api.request<BatchEstimate>(`/api/batches?${csvQuery(saveToClient, timeZone, true)}`, {
    method: 'POST',
    text: { content: csv, type: 'text/csv' },
    signal,
  });
}

const batchPath = (batchId: string) => `/api/batches/${encodeURIComponent(batchId)}`;

export function createBatchFromCsv(
  csv: string,
  saveToClient: boolean,
  timeZone: string,
): Promise<CreatedBatch> {
  return api.request<CreatedBatch>(`/api/batches?${csvQuery(saveToClient, timeZone)}`, {
    method: 'POST',
    text: { content: csv, type: 'text/csv' },
  });
}

export const fetchBatch = (batchId: string, signal?: AbortSignal) =>
  api.get<BatchView>(batchPath(batchId), signal ? { signal } : {});

export async function fetchBatches(signal?: AbortSignal): Promise<BatchSummary[]> {
  const { batches } = await api.get<{ batches: BatchSummary[] }>('/api/batches', signal ? { signal } : {});
  return batches;
}

export const cancelBatch = (batchId: string) => api.post<BatchView>(`${batchPath(batchId)}/cancel`);

export const retryFailedRows = (batchId: string) => api.post<BatchView>(`${batchPath(batchId)}/retry-failed`);

/** A row's job, for its result (GET /api/jobs/{jobId}); null once it expired (404). */
export async function fetchRowJob(jobId: string, signal: AbortSignal): Promise<PolledJob | null> {
  try {
    return parsePolledJob(await api.get<unknown>(`/api/jobs/${encodeURIComponent(jobId)}`, { signal }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
