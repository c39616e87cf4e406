import { CircleAlert } from 'lucide-react';
import { BUDGET_MESSAGES, budgetPercent, budgetState, type ClientSpend } from '#shared/budget';
import { cn } from '@/lib/utils';

/** A client with what it spent as the client routes answer it (the fields may be left out of a list). */
export type SpendOfClient = { readonly name: string } & Partial<ClientSpend>;

export function spendOf(client: SpendOfClient): ClientSpend {
  return { budget: client.budget ?? null, monthToDateUsd: client.monthToDateUsd ?? 0 };
}

/**
 * The budget warning (docs/decisions.md, "Usage, cost, budgets and bulk runs"): from 80 % of the client's
 * monthly budget the owner and admins (`canManage`) see it, on the client's card and in the tools once the
 * client is chosen; at 100 % it adds that new jobs are refused. Nothing otherwise.
 */
export function BudgetWarning({ client, canManage }: { client: SpendOfClient; canManage: boolean }) {
  const spend = spendOf(client);
  const state = budgetState(spend);
  if (!canManage || !spend.budget || (state !== 'warning' && state !== 'exceeded')) return null;
  const warning = BUDGET_MESSAGES.warning(client.name, budgetPercent(spend), spend.budget.monthlyUsd);
  return (
    <p
      className={cn(
        'flex items-start gap-1.5 rounded-md px-2 py-1.5 text-xs',
        state === 'exceeded'
          ? 'bg-destructive/10 text-destructive'
          : 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
      )}
      data-testid="budget-warning"
    >
      <CircleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden />
      {state === 'exceeded' ? `${warning} ${BUDGET_MESSAGES.refusingJobs}` : warning}
    </p>
  );
}
