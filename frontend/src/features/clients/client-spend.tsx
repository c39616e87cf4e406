import { CircleAlert } from 'lucide-react';
import { BUDGET_MESSAGES, budgetPercent, budgetState, type ClientSpend } from '#shared/budget';
import type { ClientSummary } from '#shared/client-list';
import { formatUsd } from '#shared/prices';
import { cn } from '@/lib/utils';

/** A client as the list and the client routes answer it: its card fields and what it spent (issue 34). */
export type SpendingClient = ClientSummary & Partial<ClientSpend>;

export function spendOf(client: SpendingClient): ClientSpend {
  return { budget: client.budget ?? null, monthToDateUsd: client.monthToDateUsd ?? 0 };
}

/**
 * The card's line of this month's AI cost, with the budget when there is one. From 80 % of the budget
 * the owner and admins (`canManage`) see the warning; at 100 % the refusal new jobs will get.
 */
export function ClientSpendLine({ client, canManage }: { client: SpendingClient; canManage: boolean }) {
  const spend = spendOf(client);
  const state = budgetState(spend);
  const percent = budgetPercent(spend);
  const alarming = canManage && (state === 'warning' || state === 'exceeded');
  return (
    <div className="grid gap-1" data-testid="client-spend">
      <p className="text-muted-foreground">
        AI cost this month:{' '}
        <span className="font-medium text-foreground tabular-nums">{formatUsd(spend.monthToDateUsd)}</span>
        {spend.budget && (
          <>
            {' '}
            of {formatUsd(spend.budget.monthlyUsd)} ({percent}%)
          </>
        )}
      </p>
      {alarming && spend.budget && (
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
          {state === 'exceeded'
            ? `${BUDGET_MESSAGES.warning(client.name, percent, spend.budget.monthlyUsd)} New jobs are refused until an admin raises it.`
            : BUDGET_MESSAGES.warning(client.name, percent, spend.budget.monthlyUsd)}
        </p>
      )}
    </div>
  );
}
