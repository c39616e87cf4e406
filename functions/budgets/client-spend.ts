import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { $add, $get, $remove } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { HttpError } from '#functions/commons/errors';
import { type Entities, entities } from '#functions/data/entities';
import { batchGetItems, findItem } from '#functions/data/item-commands';
import { isConditionFailure } from '#functions/data/item-keys';
import { BUDGET_EXCEEDED_CODE, budgetExceededMessage, type ClientSpend } from '#shared/budget';
import { microToUsd } from '#shared/prices';
import { monthOf } from '#shared/usage';

/**
 * A client's spend in a month (issue 34 item 4; entities.ts `clientSpend`), and the budget check: one
 * conditional UpdateItem per job admitted, never read-then-write.
 *
 * - `committedMicroUsd` is what the month's settled jobs cost plus the estimates of the admitted jobs
 *   not settled yet; `pending` maps each of those jobs to its estimate. A job is admitted while the
 *   committed amount is below the limit: its estimate is added and it joins `pending` in the same
 *   update, conditioned on both, so ten requests racing at the boundary admit exactly as many jobs as the
 *   budget has room for, and a repeated admission of the same job counts it once.
 * - Settling a finished job swaps its estimate for its real cost (`spentMicroUsd`) and leaves
 *   `pending`, in one update conditioned on it being there: a job settled twice counts once.
 * - `limitMicroUsd` mirrors the client's budget for the month (absent: no budget). `extraJobs` are jobs
 *   an admin allowed beyond it; each admission past the limit takes one, conditioned on one being left.
 */

export type SpendRow = FormattedItem<Entities['clientSpend']>;

export class BudgetExceededError extends HttpError {
  constructor(message: string) {
    super(402, BUDGET_EXCEEDED_CODE, message);
  }
}

export interface BudgetedClient {
  readonly id: string;
  readonly name: string;
  /** The client's monthly budget in micro-dollars, or null for none. */
  readonly budgetMicroUsd: number | null;
}

export const currentMonth = (now = new Date()): string => monthOf(now);

const spendKey = (clientId: string, month: string) => ({ clientId, month });

async function readSpend(clientId: string, month: string): Promise<SpendRow | null> {
  return findItem(entities().clientSpend, spendKey(clientId, month), { consistent: true });
}

/** Creates the month's item with zero counters (and the client's limit) unless it exists. */
async function ensureSpend(client: BudgetedClient, month: string): Promise<void> {
  await entities()
    .clientSpend.build(UpdateItemCommand)
    .item({
      ...spendKey(client.id, month),
      pending: $get('pending', {}),
      committedMicroUsd: $get('committedMicroUsd', 0),
      spentMicroUsd: $get('spentMicroUsd', 0),
      jobs: $get('jobs', 0),
      extraJobs: $get('extraJobs', 0),
      ...(client.budgetMicroUsd === null
        ? {}
        : { limitMicroUsd: $get('limitMicroUsd', client.budgetMicroUsd) }),
    })
    .send();
}

type Admission = 'withinBudget' | 'extraJob' | 'forced';

async function tryAdmit(
  clientId: string,
  month: string,
  jobId: string,
  estimate: number,
  how: Admission,
): Promise<boolean> {
  const unreserved = [
    { attr: 'pending', exists: true },
    { attr: `pending.${jobId}`, exists: false },
  ] as const;
  const condition =
    how === 'withinBudget'
      ? {
          and: [
            ...unreserved,
            {
              or: [
                { attr: 'limitMicroUsd', exists: false },
                { attr: 'committedMicroUsd', lt: { attr: 'limitMicroUsd' } },
              ],
            },
          ],
        }
      : how === 'extraJob'
        ? { and: [...unreserved, { attr: 'extraJobs', gt: 0 }] }
        : { and: unreserved };
  try {
    await entities()
      .clientSpend.build(UpdateItemCommand)
      .item({
        ...spendKey(clientId, month),
        pending: { [jobId]: estimate },
        committedMicroUsd: $add(estimate),
        ...(how === 'extraJob' ? { extraJobs: $add(-1) } : {}),
        updatedAt: new Date().toISOString(),
      })
      .options({ condition: condition as never })
      .send();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Counts a new job's estimate against its client's month, or throws BudgetExceededError (402) when the
 * month's committed spend has reached the budget and no extra job is allowed. `force` admits it whatever
 * the budget (a multi-platform run's children: the run itself was admitted). Idempotent for a job id.
 * Returns the month that holds the estimate.
 */
export async function reserveBudget(
  client: BudgetedClient,
  jobId: string,
  estimateMicroUsd: number,
  options: { readonly force?: boolean; readonly now?: Date } = {},
): Promise<string> {
  const month = currentMonth(options.now);
  const estimate = Math.max(0, Math.round(estimateMicroUsd));
  const how: Admission = options.force ? 'forced' : 'withinBudget';
  for (let round = 0; round < 3; round += 1) {
    if (await tryAdmit(client.id, month, jobId, estimate, how)) return month;
    const spend = await readSpend(client.id, month);
    if (!spend?.pending) {
      await ensureSpend(client, month);
      continue;
    }
    if (Object.hasOwn(spend.pending, jobId)) return month;
    const limit = spend.limitMicroUsd;
    const over = limit !== undefined && (spend.committedMicroUsd ?? 0) >= limit;
    if (!over) continue;
    if (await tryAdmit(client.id, month, jobId, estimate, 'extraJob')) return month;
    const again = await readSpend(client.id, month);
    if (again?.pending && Object.hasOwn(again.pending, jobId)) return month;
    throw new BudgetExceededError(budgetExceededMessage(client.name, microToUsd(limit), month));
  }
  throw new Error(`Could not count job ${jobId} against the budget of client ${client.id}`);
}

/**
 * Swaps a finished job's estimate for its real cost, once. Returns false when the job was not pending
 * (settled before, or never counted).
 */
export async function settleBudget(
  clientId: string,
  month: string,
  jobId: string,
  costMicroUsd: number,
  options: { readonly counted?: boolean } = {},
): Promise<boolean> {
  const spend = await readSpend(clientId, month);
  const estimate = spend?.pending?.[jobId];
  if (estimate === undefined) return false;
  const counted = options.counted ?? true;
  try {
    await entities()
      .clientSpend.build(UpdateItemCommand)
      .item({
        ...spendKey(clientId, month),
        pending: { [jobId]: $remove() },
        committedMicroUsd: $add(costMicroUsd - estimate),
        spentMicroUsd: $add(costMicroUsd),
        ...(counted ? { jobs: $add(1) } : {}),
        updatedAt: new Date().toISOString(),
      })
      .options({ condition: { attr: `pending.${jobId}`, exists: true } as never })
      .send();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Gives an admitted job's estimate back (it never ran: its message could not be queued). */
export function releaseBudget(clientId: string, month: string, jobId: string): Promise<boolean> {
  return settleBudget(clientId, month, jobId, 0, { counted: false });
}

/** Sets (or, with null, removes) the month's limit, creating the month's item if needed. */
export async function setSpendLimit(client: BudgetedClient, limitMicroUsd: number | null, now = new Date()) {
  const month = currentMonth(now);
  await ensureSpend(client, month);
  await entities()
    .clientSpend.build(UpdateItemCommand)
    .item({
      ...spendKey(client.id, month),
      limitMicroUsd: limitMicroUsd === null ? $remove() : limitMicroUsd,
      updatedAt: new Date().toISOString(),
    })
    .send();
}

/** One more job this month beyond the budget. */
export async function allowExtraJob(client: BudgetedClient, now = new Date()): Promise<void> {
  const month = currentMonth(now);
  await ensureSpend(client, month);
  await entities()
    .clientSpend.build(UpdateItemCommand)
    .item({ ...spendKey(client.id, month), extraJobs: $add(1), updatedAt: new Date().toISOString() })
    .send();
}

export function spendOf(budgetMicroUsd: number | null | undefined, row: SpendRow | null): ClientSpend {
  return {
    budget:
      budgetMicroUsd === null || budgetMicroUsd === undefined
        ? null
        : { monthlyUsd: microToUsd(budgetMicroUsd), extraJobs: row?.extraJobs ?? 0 },
    monthToDateUsd: microToUsd(row?.spentMicroUsd ?? 0),
  };
}

/** The spend rows of this month of many clients (those that have one), by client id. */
export async function monthSpendOf(
  clientIds: readonly string[],
  now = new Date(),
): Promise<Map<string, SpendRow>> {
  const month = currentMonth(now);
  const found = new Map<string, SpendRow>();
  let pending = clientIds.map((clientId) => spendKey(clientId, month));
  for (let attempt = 0; pending.length > 0 && attempt < 5; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
    const { data, unprocessed } = await batchGetItems(entities().clientSpend, pending, {
      attributes: ['clientId', 'month', 'spentMicroUsd', 'extraJobs'],
    });
    for (const row of data) found.set(row.clientId, row);
    pending = unprocessed;
  }
  return found;
}
