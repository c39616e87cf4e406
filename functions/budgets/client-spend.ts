import type { FormattedItem } from 'dynamodb-toolbox/entity';
import type { Condition } from 'dynamodb-toolbox/entity/actions/parseCondition';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { $add, $delete, $get, $remove } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { HttpError } from '#functions/commons/errors';
import { type Entities, entities } from '#functions/data/entities';
import { batchGetItems, findItem } from '#functions/data/item-commands';
import { isConditionFailure } from '#functions/data/item-keys';
import { BUDGET_EXCEEDED_CODE, budgetExceededMessage, type ClientSpend } from '#shared/budget';
import { microToUsd } from '#shared/prices';
import { monthOf } from '#shared/usage-dates';

/**
 * A client's spend in a month (issue 34 item 4; entities.ts `clientSpend`), and the budget check: one
 * conditional UpdateItem per job admitted, never read-then-write.
 *
 * - `committedMicroUsd` is what the month's settled jobs cost plus the estimates of the admitted jobs
 *   not settled yet; `pending` holds `<jobId>:<estimate>` for each of those. A job is admitted while the
 *   committed amount is below the limit: its estimate is added and it joins `pending` in the same
 *   update, conditioned on both, so ten requests racing at the boundary admit exactly as many jobs as the
 *   budget has room for, and a repeated admission of the same job counts it once.
 * - Settling a finished job swaps its estimate for its real cost (`spentMicroUsd`) and leaves
 *   `pending`, in one update conditioned on it being there: a job settled twice counts once.
 * - `limitMicroUsd` mirrors the client's budget for the month (absent: no budget); the month's first
 *   job copies it from the client. `extraJobs` are jobs an admin allowed beyond it; each admission past
 *   the limit takes one, conditioned on one being left.
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

/** The element of `pending` that stands for an admitted job and its estimate. */
export const pendingEntry = (jobId: string, estimateMicroUsd: number) => `${jobId}:${estimateMicroUsd}`;

async function readSpend(clientId: string, month: string): Promise<SpendRow | null> {
  return findItem(entities().clientSpend, spendKey(clientId, month), { consistent: true });
}

const isPending = (spend: SpendRow | null, entry: string) => spend?.pending?.has(entry) ?? false;

type Admission = 'withinBudget' | 'extraJob' | 'forced';

async function tryAdmit(
  client: BudgetedClient,
  month: string,
  entry: string,
  estimate: number,
  how: Admission,
) {
  const notYet = { not: { attr: 'pending', contains: entry } } as const;
  const condition: Condition<Entities['clientSpend']> =
    how === 'withinBudget'
      ? {
          and: [
            notYet,
            {
              or: [
                { attr: 'limitMicroUsd', exists: false },
                { attr: 'committedMicroUsd', exists: false },
                { attr: 'committedMicroUsd', lt: { attr: 'limitMicroUsd' } },
              ],
            },
          ],
        }
      : how === 'extraJob'
        ? { and: [notYet, { attr: 'extraJobs', gt: 0 }] }
        : notYet;
  try {
    await entities()
      .clientSpend.build(UpdateItemCommand)
      .item({
        ...spendKey(client.id, month),
        pending: $add(new Set([entry])),
        committedMicroUsd: $add(estimate),
        ...(how === 'extraJob' ? { extraJobs: $add(-1) } : {}),
        // The month's first job brings the client's budget into its month.
        ...(client.budgetMicroUsd === null
          ? {}
          : { limitMicroUsd: $get('limitMicroUsd', client.budgetMicroUsd) }),
        updatedAt: new Date().toISOString(),
      })
      .options({ condition })
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
  const entry = pendingEntry(jobId, estimate);
  if (await tryAdmit(client, month, entry, estimate, options.force ? 'forced' : 'withinBudget')) return month;
  // Refused: already counted (a repeat), or at the budget, where an extra job an admin allowed may admit it.
  if (isPending(await readSpend(client.id, month), entry)) return month;
  if (await tryAdmit(client, month, entry, estimate, 'extraJob')) return month;
  const spend = await readSpend(client.id, month);
  if (isPending(spend, entry)) return month;
  const limit = spend?.limitMicroUsd ?? client.budgetMicroUsd ?? 0;
  throw new BudgetExceededError(budgetExceededMessage(client.name, microToUsd(limit), month));
}

/**
 * Swaps a finished job's estimate for its real cost, once. Returns false when the job was not pending
 * (settled before, or never counted).
 */
export async function settleBudget(
  clientId: string,
  month: string,
  jobId: string,
  estimateMicroUsd: number,
  costMicroUsd: number,
  options: { readonly counted?: boolean } = {},
): Promise<boolean> {
  const estimate = Math.max(0, Math.round(estimateMicroUsd));
  const entry = pendingEntry(jobId, estimate);
  try {
    await entities()
      .clientSpend.build(UpdateItemCommand)
      .item({
        ...spendKey(clientId, month),
        pending: $delete(new Set([entry])),
        committedMicroUsd: $add(costMicroUsd - estimate),
        spentMicroUsd: $add(costMicroUsd),
        ...((options.counted ?? true) ? { jobs: $add(1) } : {}),
        updatedAt: new Date().toISOString(),
      })
      .options({ condition: { attr: 'pending', contains: entry } })
      .send();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Gives an admitted job's estimate back (it never ran: its message could not be queued). */
export function releaseBudget(clientId: string, month: string, jobId: string, estimateMicroUsd: number) {
  return settleBudget(clientId, month, jobId, estimateMicroUsd, 0, { counted: false });
}

/** Sets (or, with null, removes) this month's limit. */
export async function setSpendLimit(client: BudgetedClient, limitMicroUsd: number | null, now = new Date()) {
  await entities()
    .clientSpend.build(UpdateItemCommand)
    .item({
      ...spendKey(client.id, currentMonth(now)),
      limitMicroUsd: limitMicroUsd === null ? $remove() : limitMicroUsd,
      updatedAt: new Date().toISOString(),
    })
    .send();
}

/** One more job this month beyond the budget. */
export async function allowExtraJob(client: BudgetedClient, now = new Date()): Promise<void> {
  await entities()
    .clientSpend.build(UpdateItemCommand)
    .item({
      ...spendKey(client.id, currentMonth(now)),
      extraJobs: $add(1),
      // A month without a job yet still gets its limit, so the extra job is one past it.
      ...(client.budgetMicroUsd === null
        ? {}
        : { limitMicroUsd: $get('limitMicroUsd', client.budgetMicroUsd) }),
      updatedAt: new Date().toISOString(),
    })
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
