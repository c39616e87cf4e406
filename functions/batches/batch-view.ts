import { entities } from '#functions/data/entities';
import { batchGetItems } from '#functions/data/item-commands';
import { batchToolOf } from '#shared/batch-columns';
import type { BatchCounts, BatchRowView, BatchStatus, BatchSummary, BatchView } from '#shared/batch-schemas';
import { microToUsd } from '#shared/prices';
import { type BatchRecord, type BatchRowRecord, batchRows } from './batch-store';

/**
 * A batch as GET /api/batches/{batchId} shows it: each row with its status (a queued row whose job has
 * started is `running`, with the job's progress), the counts, and the status of the whole.
 */

type JobState = {
  readonly status: string;
  readonly progress: number;
  /** When the job (and its result) is deleted, in epoch seconds. */
  readonly expiresAt: number | null;
};

/** A finished row whose result is only its job's: no library item holds it (no client, or not saved). */
const resultOnlyInJob = (row: BatchRowRecord) => row.status === 'succeeded' && !row.contentId;

/** The jobs of the rows under way (their progress) and of the rows whose result is their job's. */
async function jobStates(rows: readonly BatchRowRecord[]): Promise<Map<string, JobState>> {
  const ids = rows
    .filter((row) => (row.status === 'queued' || resultOnlyInJob(row)) && row.jobId)
    .map((row) => ({ jobId: row.jobId ?? '' }));
  if (ids.length === 0) return new Map();
  const { data } = await batchGetItems(entities().job, ids, {
    attributes: ['jobId', 'status', 'progress', 'expiresAt'],
  });
  return new Map(
    data.map((job) => [
      job.jobId,
      { status: job.status, progress: job.progress ?? 0, expiresAt: job.expiresAt ?? null },
    ]),
  );
}

function rowView(row: BatchRowRecord, job: JobState | undefined): BatchRowView {
  const running = row.status === 'queued' && job?.status === 'running';
  const expiresAt = resultOnlyInJob(row) && job?.expiresAt ? job.expiresAt : null;
  return {
    row: row.row,
    status: running ? 'running' : row.status,
    tool: batchToolOf(row.rowTool, row.tool),
    clientId: row.clientId ?? null,
    clientName: row.clientName ?? null,
    jobId: row.jobId ?? null,
    progress: row.status === 'succeeded' ? 100 : running ? (job?.progress ?? 0) : 0,
    ...(row.contentId ? { contentId: row.contentId } : {}),
    ...(row.title ? { title: row.title } : {}),
    ...(row.error ? { error: row.error } : {}),
    ...(row.costMicroUsd === undefined ? {} : { costUsd: microToUsd(row.costMicroUsd) }),
    ...(expiresAt === null ? {} : { resultExpiresAt: new Date(expiresAt * 1000).toISOString() }),
  };
}

export function countsOf(rows: readonly Pick<BatchRowView, 'status'>[]): BatchCounts {
  const counts: BatchCounts = {
    total: rows.length,
    waiting: 0,
    queued: 0,
    running: 0,
    succeeded: 0,
    failed: 0,
    cancelled: 0,
  };
  for (const row of rows) counts[row.status] += 1;
  return counts;
}

export function statusOf(batch: Pick<BatchRecord, 'cancelledAt'>, counts: BatchCounts): BatchStatus {
  if (counts.waiting + counts.queued + counts.running > 0) return 'running';
  return batch.cancelledAt ? 'cancelled' : 'finished';
}

function summaryOf(batch: BatchRecord, rows: readonly BatchRowView[]): BatchSummary {
  const counts = countsOf(rows);
  return {
    batchId: batch.batchId,
    status: statusOf(batch, counts),
    counts,
    saveToClient: batch.saveToClient,
    createdAt: batch.createdAt,
    estimatedCostUsd: microToUsd(batch.estimateMicroUsd),
    costUsd: rows.reduce((sum, row) => sum + (row.costUsd ?? 0), 0),
  };
}

/** The batch's view, and whether a lost feed left it stalled (repairBatch gets it going again). */
export async function inspectBatch(batch: BatchRecord): Promise<{ view: BatchView; stalled: boolean }> {
  const stored = await batchRows(batch.batchId);
  const jobs = await jobStates(stored);
  const rows = stored.map((row) => rowView(row, row.jobId ? jobs.get(row.jobId) : undefined));
  const view = { ...summaryOf(batch, rows), rows };
  // A queued row whose job does not exist (a feed cut off after moving the row), or rows waiting with
  // none under way.
  const orphaned = stored.some((row) => row.status === 'queued' && row.jobId && !jobs.has(row.jobId));
  const idle =
    view.counts.waiting > 0 && view.counts.queued + view.counts.running === 0 && !batch.cancelledAt;
  return { view, stalled: orphaned || idle };
}

export async function batchView(batch: BatchRecord): Promise<BatchView> {
  return (await inspectBatch(batch)).view;
}

export async function batchSummary(batch: BatchRecord): Promise<BatchSummary> {
  const { rows: _rows, ...summary } = await batchView(batch);
  return summary;
}
