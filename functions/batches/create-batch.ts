import { ulid } from 'ulid';
import { billableEstimate } from '#functions/budgets/billable-estimate';
import { listVisibleClientRecords } from '#functions/clients/client-access';
import type { Caller } from '#functions/commons/caller';
import { BadRequestError, HttpError } from '#functions/commons/errors';
import { HttpResult } from '#functions/commons/http-handler';
import { idempotentHandler } from '#functions/idempotency/idempotent-handler';
import {
  BATCH_MESSAGES,
  type BatchClientRef,
  type BatchProblem,
  type CheckedBatchRow,
} from '#shared/batch-columns';
import { type BatchEstimate, createBatchBodySchema, createBatchQuerySchema } from '#shared/batch-schemas';
import { checkBatch, describeProblem, notUtf8Row, parseBatchCsv, rowsFromJson } from '#shared/batches';
import { findLanguageModel } from '#shared/models';
import { microToUsd } from '#shared/prices';
import * as z from '#shared/validation/zod';
import { feedBatch } from './batch-feeder';
import { createBatch } from './batch-store';

/**
 * POST /api/batches: a CSV (`Content-Type: text/csv`, options in the query) or JSON rows. Every row is
 * checked with its tool's own schema first; any problem answers 400 with every row's problems and
 * starts nothing. A dry run (`dryRun`) then answers 200 with the estimate and starts nothing, so the
 * page shows the server's estimate before the run. Otherwise the batch and its rows are stored, the first
 * rows are fed to the queue (within the user's job slots; the rest wait), and the answer is 201 with the
 * batch id and the same estimate.
 */

/** Every client a row may name: the caller's visible clients (a bulk run may name any of them). */
const EVERY_CLIENT = 100_000;

async function visibleClients(caller: Caller): Promise<BatchClientRef[]> {
  const records = await listVisibleClientRecords(caller, {
    after: undefined,
    count: EVERY_CLIENT,
    attributes: ['clientId', 'name', 'website'],
  });
  return records.map((record) => ({
    id: record.clientId,
    name: record.name,
    website: record.website ?? null,
  }));
}

export class BatchRowsError extends HttpError {
  constructor(problems: readonly BatchProblem[]) {
    const listed = problems.slice(0, 5).map(describeProblem);
    const rows = new Set(problems.map((problem) => problem.row)).size;
    super(
      400,
      'invalid_rows',
      `${BATCH_MESSAGES.rowsHaveProblems(rows)} ${listed.join(' ')}`.trim(),
      {},
      { problems },
    );
  }
}

/**
 * The estimate, with the rows that run offline: a row whose model's provider has no API key is written
 * by the offline composer and costs nothing. What a row can cost is what the feeder holds of its
 * client's budget (billableEstimate, from the same keys the job's provider choice reads).
 */
async function estimateOf(rows: readonly CheckedBatchRow[]): Promise<BatchEstimate> {
  const billable = await Promise.all(
    rows.map((row) =>
      billableEstimate(findLanguageModel(row.modelId)?.provider ?? null, row.estimateMicroUsd),
    ),
  );
  const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
  return {
    rows: rows.length,
    estimatedCostUsd: microToUsd(sum(rows.map((row) => row.estimateMicroUsd))),
    offlineRows: rows.filter((_, index) => billable[index] === 0).map((row) => row.row),
    expectedCostUsd: microToUsd(sum(billable)),
  };
}

export const handler = idempotentHandler({
  body: createBatchBodySchema,
  acceptsCsv: true,
  handle: async ({ body, csv, caller, query, userAgent }) => {
    const options = csv === null ? body : parseQuery(query);
    const notUtf8 = csv === null ? null : notUtf8Row(csv);
    if (notUtf8 !== null) throw new BadRequestError(BATCH_MESSAGES.notUtf8(notUtf8), 'invalid_encoding');
    const parsed = csv === null ? rowsFromJson(body.rows) : parseBatchCsv(csv);
    const checked = checkBatch(parsed, await visibleClients(caller), {
      saveToClient: options.saveToClient,
      timeZone: options.timeZone,
    });
    if (checked.problems.length > 0) throw new BatchRowsError(checked.problems);
    const estimate = await estimateOf(checked.rows);
    if (options.dryRun) return estimate;
    const batchId = ulid();
    await createBatch(caller, batchId, checked.rows, { saveToClient: options.saveToClient, userAgent });
    await feedBatch(batchId);
    return new HttpResult(201, { batchId, ...estimate }, { location: `/api/batches/${batchId}` });
  },
});

function parseQuery(query: Readonly<Record<string, string | undefined>>) {
  const result = z.safeParse(createBatchQuerySchema, query);
  if (!result.success)
    throw new HttpError(400, 'validation_failed', result.error.issues[0]?.message ?? 'Invalid query');
  return {
    saveToClient: result.data.saveToClient !== 'false',
    timeZone: result.data.timeZone,
    dryRun: result.data.dryRun === 'true',
  };
}
