import { describe, expect, it } from 'vitest';
import { budgetExceededMessage, budgetPercent, budgetState } from './budget';
import { budgetInputSchema } from './budget-schemas';

describe('budgets', () => {
  it('refuses with the message issue 34 gives, word for word', () => {
    expect(budgetExceededMessage('Peak Roofing', 50, '2026-11')).toBe(
      'Peak Roofing has used its $50.00 budget for November. An admin can raise it.',
    );
  });

  it('warns at 80 % and is exceeded at 100 %', () => {
    const budget = { monthlyUsd: 50, extraJobs: 0 };
    expect(budgetState({ budget: null, monthToDateUsd: 900 })).toBe('none');
    expect(budgetState({ budget, monthToDateUsd: 39.99 })).toBe('ok');
    expect(budgetState({ budget, monthToDateUsd: 40 })).toBe('warning');
    expect(budgetState({ budget, monthToDateUsd: 50 })).toBe('exceeded');
    expect(budgetPercent({ budget, monthToDateUsd: 41 })).toBe(82);
  });

  it('takes dollars and cents, or null to remove the budget', () => {
    expect(budgetInputSchema.safeParse({ monthlyUsd: 50.25 }).success).toBe(true);
    expect(budgetInputSchema.safeParse({ monthlyUsd: null }).success).toBe(true);
    for (const monthlyUsd of [0, -5, 50.125, 2_000_000, '50']) {
      expect(budgetInputSchema.safeParse({ monthlyUsd }).success, String(monthlyUsd)).toBe(false);
    }
  });
});
