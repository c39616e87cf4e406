import type { BatchSummary, BatchView } from '#shared/batch-schemas';
import { api } from '@/lib/api-client';

/** The bulk page's calls (functions/batches): the CSV goes as it is, so rows keep their spreadsheet numbers. */

export interface CreatedBatch {
  readonly batchId: string;
  readonly rows: number;
  readonly estimatedCostUsd: number;
}

const batchPath = (batchId: string) => `/api/batches/${encodeURIComponent(batchId)}`;

export function createBatchFromCsv(
  csv: string,
  saveToClient: boolean,
  timeZone: string,
): Promise<CreatedBatch> {
  const query = new URLSearchParams({ saveToClient: String(saveToClient), timeZone });
  return api.request<CreatedBatch>(`/api/batches?${query}`, {
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
