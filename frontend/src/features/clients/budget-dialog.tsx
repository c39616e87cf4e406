import { type FormEvent, useEffect, useState } from 'react';
import { BUDGET_MESSAGES, budgetState, type ClientSpend, MAX_MONTHLY_BUDGET_USD } from '#shared/budget';
import type { Client } from '#shared/client';
import { formatUsd } from '#shared/prices';
import { spendOf } from '@/components/budget-warning';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useAgencyMonthLabel } from '@/lib/agency-month';
import { api, errorMessage, isSessionEnded } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { toast } from '@/lib/toast';
import type { SpendingClient } from './client-spend';

const budgetPath = (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}/budget`;

/** The client routes' reply: the whole client with its spending. */
type SpentClient = Client & ClientSpend;

/**
 * The client's monthly AI budget: an admin sets, raises or removes it, and may let one
 * more job past a used-up budget; both are recorded in the activity. The owner sees it read-only: the
 * budget limits the staff who run the client's jobs (docs/decisions.md, "Client budgets that tell the
 * truth"), and the server refuses them with 403.
 */
export function BudgetDialog({
  client,
  onOpenChange,
  onSaved,
}: {
  client: SpendingClient | null;
  onOpenChange: (open: boolean) => void;
  onSaved: (client: SpentClient) => void;
}) {
  const { user } = useAuth();
  const isAdmin = user?.isAdmin === true;
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setAmount(client?.budget ? String(client.budget.monthlyUsd) : '');
    setProblem(null);
  }, [client]);

  const send = async (request: () => Promise<SpentClient>, done: string) => {
    setBusy(true);
    try {
      onSaved(await request());
      void toast({ title: done, variant: 'success' });
      onOpenChange(false);
    } catch (error) {
      if (isSessionEnded(error)) return;
      const message = errorMessage(error, 'The budget could not be saved.');
      setProblem(message);
      void toast({ title: 'Error', description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!client || !isAdmin) return;
    const monthlyUsd = amount.trim() === '' ? null : Number(amount);
    if (
      monthlyUsd !== null &&
      (!Number.isFinite(monthlyUsd) || monthlyUsd <= 0 || monthlyUsd > MAX_MONTHLY_BUDGET_USD)
    ) {
      setProblem(BUDGET_MESSAGES.invalid);
      return;
    }
    void send(
      () => api.put<SpentClient>(budgetPath(client.id), { monthlyUsd }),
      monthlyUsd === null ? 'Budget removed' : 'Budget saved',
    );
  };

  const spend = client ? spendOf(client) : null;
  const month = useAgencyMonthLabel();
  const exceeded = spend !== null && budgetState(spend) === 'exceeded';
  return (
    <Dialog open={client !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={save} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Monthly AI budget</DialogTitle>
            <DialogDescription>
              {client?.name}: {formatUsd(spend?.monthToDateUsd ?? 0)} spent{' '}
              {month ? `in ${month}` : 'this month'}. At 80% you are warned; at 100% new jobs for this client
              are refused until the budget is raised.
              {!isAdmin && ` ${BUDGET_MESSAGES.setAdminOnly}`}
            </DialogDescription>
          </DialogHeader>
          <FormField label="Budget per month (US dollars)" htmlFor="budget-amount" error={problem}>
            <Input
              id="budget-amount"
              inputMode="decimal"
              value={amount}
              placeholder="No budget"
              readOnly={!isAdmin}
              onChange={(event) => {
                setAmount(event.target.value);
                setProblem(null);
              }}
            />
          </FormField>
          {exceeded && isAdmin && client && (
            <p className="text-sm">
              The budget is used up.{' '}
              <Button
                type="button"
                variant="link"
                className="h-auto p-0"
                disabled={busy}
                onClick={() =>
                  void send(
                    () => api.post<SpentClient>(`${budgetPath(client.id)}/allow-one-more`),
                    'One more job allowed',
                  )
                }
              >
                Allow one more job
              </Button>
            </p>
          )}
          {isAdmin ? (
            <DialogFooter>
              {client?.budget && (
                <Button
                  type="button"
                  variant="outline"
                  disabled={busy}
                  onClick={() =>
                    void send(
                      () => api.put<SpentClient>(budgetPath(client.id), { monthlyUsd: null }),
                      'Budget removed',
                    )
                  }
                >
                  Remove budget
                </Button>
              )}
              <Button type="submit" busy={busy}>
                Save
              </Button>
            </DialogFooter>
          ) : (
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Close
              </Button>
            </DialogFooter>
          )}
        </form>
      </DialogContent>
    </Dialog>
  );
}
