import { BUDGET_MESSAGES, MAX_MONTHLY_BUDGET_USD } from './budget';
import * as z from './validation/zod';

/**
 * The budget's request and reply shapes (docs/decisions.md, "Usage, cost, budgets and bulk runs"), apart from
 * budget.ts so the budget check of every generation route carries its messages, not these schemas.
 */

const isCents = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** PUT /api/clients/{clientId}/budget: the monthly budget in dollars, or null to remove it. */
export const budgetInputSchema = z.object({
  monthlyUsd: z.nullable(
    z
      .number({ error: BUDGET_MESSAGES.invalid })
      .check(
        z.gte(0.01, BUDGET_MESSAGES.invalid),
        z.lte(MAX_MONTHLY_BUDGET_USD, BUDGET_MESSAGES.invalid),
        z.refine(isCents, BUDGET_MESSAGES.invalid),
        z.meta({ description: 'The monthly budget in US dollars; `null` removes it.' }),
      ),
  ),
});

export type BudgetInput = z.output<typeof budgetInputSchema>;

export const clientBudgetSchema = z
  .object({
    monthlyUsd: z.number().check(z.meta({ description: 'The monthly budget in US dollars.' })),
    extraJobs: z
      .number()
      .check(z.meta({ description: 'Jobs an admin allowed beyond the budget this month, not used yet.' })),
  })
  .check(z.meta({ description: 'The monthly AI budget, or null when the client has none.' }));

/** What every client reply carries about its spending. */
export const clientSpendFields = {
  budget: z.nullable(clientBudgetSchema),
  monthToDateUsd: z.number().check(
    z.meta({
      description:
        "What this month's finished jobs cost so far, in US dollars (the month of the agency's time zone, GET /settings).",
    }),
  ),
};
