import { formatUsd } from './prices';

/**
 * Monthly AI budgets per client. At 80 % of the budget the owner and admins see a
 * warning in the tools and on the client's card; at 100 % a new job for the client is refused before it
 * starts (402 `budget_exceeded`), until an admin raises the budget or allows one more job.
 */

export const BUDGET_WARNING_RATIO = 0.8;
export const MAX_MONTHLY_BUDGET_USD = 1_000_000;

export const BUDGET_EXCEEDED_CODE = 'budget_exceeded';

export const BUDGET_MESSAGES = {
  invalid: `The monthly budget must be an amount in dollars from $0.01 to ${formatUsd(MAX_MONTHLY_BUDGET_USD)}, with at most two decimals, or null for none.`,
  setAdminOnly: 'Only an administrator can set, raise or remove a budget.',
  adminOnly: 'Only an administrator can allow one more job.',
  noBudget: 'This client has no monthly budget.',
  notExceeded: 'This client has not used its budget yet: nothing to allow.',
  warning: (clientName: string, percent: number, budgetUsd: number) =>
    `${clientName} has used ${percent}% of its ${formatUsd(budgetUsd)} monthly AI budget.`,
  refusingJobs: 'New jobs are refused until an admin raises it.',
} as const;

/** The month's English name (UTC), as the refusal message writes it. */
export function monthName(month: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

/** The 402 message once the month's jobs have cost the whole budget, word for word as specified
 * (docs/decisions.md, "Usage, cost, budgets and bulk runs"). */
export function budgetExceededMessage(clientName: string, monthlyUsd: number, month: string): string {
  return `${clientName} has used its ${formatUsd(monthlyUsd)} budget for ${monthName(month)}. An admin can raise it.`;
}

/**
 * The 402 message when the month has room left but not for this job's estimate (with the estimates of
 * the jobs still running): what is spent, what is held, and what this job would need.
 */
export function budgetWouldExceedMessage(
  clientName: string,
  figures: { monthlyUsd: number; spentUsd: number; heldUsd: number; estimateUsd: number },
  month: string,
): string {
  const held = figures.heldUsd > 0 ? ` and ${formatUsd(figures.heldUsd)} is held for jobs still running` : '';
  return `${clientName} has spent ${formatUsd(figures.spentUsd)}${held}; this job (about ${formatUsd(figures.estimateUsd)}) would take it past its ${formatUsd(figures.monthlyUsd)} budget for ${monthName(month)}. An admin can raise it.`;
}

/** The monthly AI budget of a client; null when it has none. */
export interface ClientBudget {
  /** The monthly budget in US dollars. */
  monthlyUsd: number;
  /** Jobs an admin allowed beyond the budget this month, not used yet. */
  extraJobs: number;
}

/** What every client reply carries about its spending (budget-schemas.ts). */
export interface ClientSpend {
  budget: ClientBudget | null;
  monthToDateUsd: number;
}

export type BudgetState = 'none' | 'ok' | 'warning' | 'exceeded';

export function budgetState(spend: ClientSpend): BudgetState {
  if (!spend.budget) return 'none';
  const used = spend.monthToDateUsd / spend.budget.monthlyUsd;
  if (used >= 1) return 'exceeded';
  return used >= BUDGET_WARNING_RATIO ? 'warning' : 'ok';
}

export function budgetPercent(spend: ClientSpend): number {
  return spend.budget ? Math.floor((100 * spend.monthToDateUsd) / spend.budget.monthlyUsd) : 0;
}

/** Activity actions of the budget (the Activity Tracker lists them). */
export const BUDGET_ACTIVITY = {
  set: 'budget_set',
  raised: 'budget_raised',
  extraJob: 'budget_extra_job_allowed',
  resourceType: 'client',
} as const;
