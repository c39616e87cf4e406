import { describe, expect, it } from 'vitest';
import { budgetExceededMessage, budgetPercent, budgetState, budgetWouldExceedMessage } from './budget';
import { budgetInputSchema } from './budget-schemas';

describe('budgets', () => {
  it('refuses with the message the budgets were specified with, word for word', () => {
    expect(budgetExceededMessage('Peak Roofing', 50, '2026-11')).toBe(
      'Peak Roofing has used its $50.00 budget for November. An admin can raise it.',
    );
  });

  it('says it is the estimate that does not fit when the month has room left, with what is held', () => {
    const figures = { monthlyUsd: 50, spentUsd: 12, heldUsd: 30, estimateUsd: 9 };
    expect(budgetWouldExceedMessage('Peak Roofing', figures, '2026-11')).toBe(
      'Peak Roofing has spent $12.00 and $30.00 is held for jobs still running; this job (about $9.00) would take it past its $50.00 budget for November. An admin can raise it.',
    );
    expect(budgetWouldExceedMessage('Peak Roofing', { ...figures, heldUsd: 0 }, '2026-11')).toBe(
      'Peak Roofing has spent $12.00; this job (about $9.00) would take it past its $50.00 budget for November. An admin can raise it.',
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
