import { budgetPercent, type ClientSpend } from '#shared/budget';
import type { ClientSummary } from '#shared/client-list';
import { formatUsd } from '#shared/prices';
import { BudgetWarning, spendOf } from '@/components/budget-warning';
import { useAgencyMonthLabel } from '@/lib/agency-month';

/** A client as the list and the client routes answer it: its card fields and what it spent. */
export type SpendingClient = ClientSummary & Partial<ClientSpend>;

/**
 * The card's line of this month's AI cost, with the budget when there is one. From 80 % of the budget
 * the owner and admins (`canManage`) see the warning; at 100 % the refusal new jobs will get.
 */
export function ClientSpendLine({ client, canManage }: { client: SpendingClient; canManage: boolean }) {
  const spend = spendOf(client);
  const percent = budgetPercent(spend);
  const month = useAgencyMonthLabel();
  return (
    <div className="grid gap-1" data-testid="client-spend">
      <p className="text-muted-foreground">
        AI cost {month ? `in ${month}` : 'this month'}:{' '}
        <span className="font-medium text-foreground tabular-nums">{formatUsd(spend.monthToDateUsd)}</span>
        {spend.budget && (
          <>
            {' '}
            of {formatUsd(spend.budget.monthlyUsd)} ({percent}%)
          </>
        )}
      </p>
      <BudgetWarning client={client} canManage={canManage} />
    </div>
  );
}
