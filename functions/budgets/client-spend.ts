import type { FormattedItem } from 'dynamodb-toolbox/entity';
import type { Condition } from 'dynamodb-toolbox/entity/actions/parseCondition';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { $add, $delete, $get, $remove } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { HttpError } from '#functions/commons/errors';
import { type Entities, entities } from '#functions/data/entities';
import { batchGetItems, findItem } from '#functions/data/item-commands';
import { isConditionFailure } from '#functions/data/item-keys';
import { readAgencyTimeZone } from '#functions/settings/agency-time-zone';
import {
  BUDGET_EXCEEDED_CODE,
  BUDGET_WARNING_RATIO,
  budgetExceededMessage,
  budgetWouldExceedMessage,
  type ClientSpend,
} from '#shared/budget';
import { microToUsd } from '#shared/prices';
import { monthOf } from '#shared/time-zone';

/**
 * A client's spend in a month (entities.ts `clientSpend`), and the budget check: one
 * conditional UpdateItem per job admitted, conditioned on what it read, never a blind read-then-write.
 *
 * - `committedMicroUsd` is what the month's settled jobs cost plus the estimates of the admitted jobs
 *   not settled yet; `pending` holds `<jobId>:<estimate>` for each of those. A job is admitted when its
 *   estimate fits: committed + estimate ≤ limit (a job that can cost nothing, estimate 0, while the
 *   month's settled spend is under the limit). The estimate is added and the job joins `pending` in the
 *   same update, conditioned on both and on the limit being the one read, so ten requests racing at the
 *   boundary admit exactly the jobs that fit, and a repeated admission of the same job counts it once.
 *   Estimates are only what can cost money: a job its provider has no key for holds nothing
 *   (billable-estimate.ts; docs/decisions.md, "Client budgets that tell the truth").
 * - Settling a finished job swaps its estimate for its real cost (`spentMicroUsd`) and leaves
 *   `pending`, in one update conditioned on it being there: a job settled twice counts once.
 * - `limitMicroUsd` mirrors the client's budget for the month (absent: no budget); the month's first
 *   job copies it from the client. `extraJobs` are jobs an admin allowed beyond it; each admission past
 *   the limit takes one, conditioned on one being left.
 */

export type SpendRow = FormattedItem<Entities['clientSpend']>;

export class BudgetExceededError extends HttpError {
  /**
   * True when the job would fit once the jobs still running settle (spent + this estimate ≤ limit): it is
   * only other jobs' estimates that leave no room, so a bulk row may wait for them instead of failing.
   */
  readonly waitable: boolean;

  constructor(message: string, waitable = false) {
    super(402, BUDGET_EXCEEDED_CODE, message);
    this.waitable = waitable;
  }
}

export interface BudgetedClient {
  readonly id: string;
  readonly name: string;
  /** The client's monthly budget in micro-dollars, or null for none. */
  readonly budgetMicroUsd: number | null;
}

/**
 * The budget month of an instant: its month in the agency's time zone. The spend item's key is that month's
 * `YYYY-MM`, so with the default zone, UTC, the items are the ones kept before; a change of zone moves to the
 * next key when the zone's month turns (docs/decisions.md, "Months and days in the agency's zone").
 */
export async function currentMonth(now = new Date()): Promise<string> {
  return monthOf(now, await readAgencyTimeZone());
}

const spendKey = (clientId: string, month: string) => ({ clientId, month });

/** The element of `pending` that stands for an admitted job and its estimate. */
export const pendingEntry = (jobId: string, estimateMicroUsd: number) => `${jobId}:${estimateMicroUsd}`;

async function readSpend(clientId: string, month: string): Promise<SpendRow | null> {
  return findItem(entities().clientSpend, spendKey(clientId, month), { consistent: true });
}

const isPending = (spend: SpendRow | null, entry: string) => spend?.pending?.has(entry) ?? false;

/** The limit the month counts against: its own (set when its first job came), else the client's. */
const limitOf = (client: BudgetedClient, spend: SpendRow | null): number | null =>
  spend?.limitMicroUsd ?? client.budgetMicroUsd;

type Admission =
  | { readonly how: 'withinBudget'; readonly limit: number | null }
  | { readonly how: 'extraJob' }
  | { readonly how: 'forced' };

type SpendCondition = Condition<Entities['clientSpend']>;

/** Room for the estimate under `limit`: the most the month may have committed before this job. */
function fitsCondition(limit: number, estimate: number): SpendCondition | null {
  // A job that can cost nothing needs only a month not spent yet; one that can, room for its estimate.
  const most = estimate === 0 ? limit - 1 : limit - estimate;
  if (most < 0) return null;
  const room: SpendCondition =
    estimate === 0
      ? {
          or: [
            { attr: 'spentMicroUsd', exists: false },
            { attr: 'spentMicroUsd', lte: most },
          ],
        }
      : {
          or: [
            { attr: 'committedMicroUsd', exists: false },
            { attr: 'committedMicroUsd', lte: most },
          ],
        };
  return {
    and: [
      {
        or: [
          { attr: 'limitMicroUsd', exists: false },
          { attr: 'limitMicroUsd', eq: limit },
        ],
      },
      room,
    ],
  };
}

async function tryAdmit(
  client: BudgetedClient,
  month: string,
  entry: string,
  estimate: number,
  admission: Admission,
) {
  const notYet = { not: { attr: 'pending', contains: entry } } as const;
  let condition: SpendCondition = notYet;
  if (admission.how === 'extraJob') condition = { and: [notYet, { attr: 'extraJobs', gt: 0 }] };
  if (admission.how === 'withinBudget') {
    const fits =
      admission.limit === null
        ? ({ attr: 'limitMicroUsd', exists: false } as const)
        : fitsCondition(admission.limit, estimate);
    if (fits === null) return false;
    condition = { and: [notYet, fits] };
  }
  try {
    await entities()
      .clientSpend.build(UpdateItemCommand)
      .item({
        ...spendKey(client.id, month),
        pending: $add(new Set([entry])),
        committedMicroUsd: $add(estimate),
        ...(admission.how === 'extraJob' ? { extraJobs: $add(-1) } : {}),
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

/** Reads of the month item before giving up on a limit that keeps changing under the admission. */
const LIMIT_READS = 3;

/** Why the job was refused, in the words that are true for the month's figures. */
function refusal(client: BudgetedClient, month: string, spend: SpendRow | null, estimate: number) {
  const limit = limitOf(client, spend) ?? 0;
  const spent = spend?.spentMicroUsd ?? 0;
  if (spent >= limit) {
    return new BudgetExceededError(budgetExceededMessage(client.name, microToUsd(limit), month));
  }
  const held = Math.max(0, (spend?.committedMicroUsd ?? 0) - spent);
  const figures = {
    monthlyUsd: microToUsd(limit),
    spentUsd: microToUsd(spent),
    heldUsd: microToUsd(held),
    estimateUsd: microToUsd(estimate),
  };
  return new BudgetExceededError(
    budgetWouldExceedMessage(client.name, figures, month),
    held > 0 && spent + estimate <= limit,
  );
}

/**
 * Counts a new job's estimate against its client's month, or throws BudgetExceededError (402) when it
 * does not fit and no extra job is allowed. `force` admits it whatever the budget (a multi-platform
 * run's children: the run itself was admitted). Idempotent for a job id. Returns the month that holds
 * the estimate.
 */
export async function reserveBudget(
  client: BudgetedClient,
  jobId: string,
  estimateMicroUsd: number,
  options: { readonly force?: boolean; readonly now?: Date } = {},
): Promise<string> {
  const month = await currentMonth(options.now);
  const estimate = Math.max(0, Math.round(estimateMicroUsd));
  const entry = pendingEntry(jobId, estimate);
  if (options.force) {
    // Only a repeat is refused here, and it is counted already.
    await tryAdmit(client, month, entry, estimate, { how: 'forced' });
    return month;
  }
  let spend = await readSpend(client.id, month);
  for (let read = 1; ; read += 1) {
    if (isPending(spend, entry)) return month;
    const limit = limitOf(client, spend);
    if (await tryAdmit(client, month, entry, estimate, { how: 'withinBudget', limit })) return month;
    // Refused: already counted (a repeat), a limit changed since the read, or no room for it.
    const before = limit;
    spend = await readSpend(client.id, month);
    if (isPending(spend, entry)) return month;
    if (limitOf(client, spend) === before || read >= LIMIT_READS) break;
  }
  // No room, where an extra job an admin allowed may admit it.
  if (await tryAdmit(client, month, entry, estimate, { how: 'extraJob' })) return month;
  spend = await readSpend(client.id, month);
  if (isPending(spend, entry)) return month;
  throw refusal(client, month, spend, estimate);
}

/**
 * Swaps a finished job's estimate for its real cost, once. Returns the month's spend as this update left
 * it, or null when the job was not pending (settled before, or never counted).
 */
export async function settleBudget(
  clientId: string,
  month: string,
  jobId: string,
  estimateMicroUsd: number,
  costMicroUsd: number,
  options: { readonly counted?: boolean } = {},
): Promise<SpendRow | null> {
  const estimate = Math.max(0, Math.round(estimateMicroUsd));
  const entry = pendingEntry(jobId, estimate);
  try {
    const { Attributes } = await entities()
      .clientSpend.build(UpdateItemCommand)
      .item({
        ...spendKey(clientId, month),
        pending: $delete(new Set([entry])),
        committedMicroUsd: $add(costMicroUsd - estimate),
        spentMicroUsd: $add(costMicroUsd),
        ...((options.counted ?? true) ? { jobs: $add(1) } : {}),
        updatedAt: new Date().toISOString(),
      })
      .options({ condition: { attr: 'pending', contains: entry }, returnValues: 'ALL_NEW' })
      .send();
    return Attributes ?? null;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** A budget warning's figures (the `budget.warning` webhook event). */
export interface BudgetCrossing {
  readonly clientId: string;
  readonly month: string;
  readonly percent: number;
  readonly budgetUsd: number;
  readonly monthToDateUsd: number;
}

/**
 * Whether the job that just settled at `costMicroUsd` took the month past the warning line
 * (BUDGET_WARNING_RATIO of its limit): the month's spend before it was under the line and is on or over
 * it now, read from the settle's own update, so of concurrent settles exactly one crosses it. The
 * warning is raised once a month (and again after an admin raises the budget and the spend crosses the
 * new line).
 */
export function budgetWarningCrossed(
  clientId: string,
  month: string,
  spend: SpendRow | null,
  costMicroUsd: number,
): BudgetCrossing | null {
  const limit = spend?.limitMicroUsd;
  if (!spend || !limit || costMicroUsd <= 0) return null;
  const line = limit * BUDGET_WARNING_RATIO;
  const after = spend.spentMicroUsd ?? 0;
  if (after - costMicroUsd >= line || after < line) return null;
  return {
    clientId,
    month,
    percent: Math.floor((100 * after) / limit),
    budgetUsd: microToUsd(limit),
    monthToDateUsd: microToUsd(after),
  };
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
      ...spendKey(client.id, await currentMonth(now)),
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
      ...spendKey(client.id, await currentMonth(now)),
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
  const month = await currentMonth(now);
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
