import { describe, expect, it } from 'vitest';
import { budgetWarningCrossed, type SpendRow } from './client-spend';

/** The `budget.warning` event is raised by the one settle that takes the month over 80 % of its limit. */
const spend = (spentMicroUsd: number, limitMicroUsd: number | null = 10_000_000) =>
  ({ clientId: 'c', month: '2026-12', spentMicroUsd, limitMicroUsd: limitMicroUsd ?? undefined }) as SpendRow;

describe('the budget warning line', () => {
  it('is crossed by the settle that goes from under 80 % to on or over it', () => {
    expect(budgetWarningCrossed('c', '2026-12', spend(8_000_000), 500_000)).toEqual({
      clientId: 'c',
      month: '2026-12',
      percent: 80,
      budgetUsd: 10,
      monthToDateUsd: 8,
    });
    // Straight past it to over the budget: still the crossing.
    expect(budgetWarningCrossed('c', '2026-12', spend(10_500_000), 3_000_000)?.percent).toBe(105);
  });

  it('is not crossed under the line, by a settle already over it, at no cost, or without a budget', () => {
    expect(budgetWarningCrossed('c', '2026-12', spend(7_999_999), 100)).toBeNull();
    expect(budgetWarningCrossed('c', '2026-12', spend(9_000_000), 500_000)).toBeNull();
    expect(budgetWarningCrossed('c', '2026-12', spend(8_000_000), 0)).toBeNull();
    expect(budgetWarningCrossed('c', '2026-12', spend(9_000_000, null), 2_000_000)).toBeNull();
    expect(budgetWarningCrossed('c', '2026-12', null, 2_000_000)).toBeNull();
  });
});
