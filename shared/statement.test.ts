import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  basisPointsOf,
  billingInputSchema,
  STATEMENT_CSV_COLUMNS,
  type Statement,
  statementFileName,
  statementTotals,
} from './statement';
import { statementCsv } from './statement-csv';
import * as z from './validation/zod';

describe('the statement’s arithmetic', () => {
  it('adds the jobs’ micro-dollars exactly and bills the cost with the markup, to the micro-dollar', () => {
    // $0.000001 + $0.0042 + $1.234567 = $1.238768; × 1.125 = $1.393614 (1.393614 exactly: no rounding).
    expect(statementTotals([1, 4_200, 1_234_567], basisPointsOf(12.5))).toEqual({
      costMicroUsd: 1_238_768,
      billedMicroUsd: 1_393_614,
    });
    // Floating point would make 0.1 + 0.2 = 0.30000000000000004; micro-dollars stay integers.
    expect(statementTotals([100_000, 200_000], 0)).toEqual({
      costMicroUsd: 300_000,
      billedMicroUsd: 300_000,
    });
  });

  it('rounds the billed amount half up to the micro-dollar', () => {
    // 3 µ$ × 1.5 = 4.5 µ$ → 5; 1 µ$ × 1.0001 = 1.0001 → 1.
    expect(statementTotals([3], basisPointsOf(50)).billedMicroUsd).toBe(5);
    expect(statementTotals([1], basisPointsOf(0.01)).billedMicroUsd).toBe(1);
    // 0.07 % in basis points is 7, not 7.000000000000001.
    expect(basisPointsOf(0.07)).toBe(7);
    expect(statementTotals([10_000_000], basisPointsOf(0.07)).billedMicroUsd).toBe(10_007_000);
  });

  it('bills nothing for no jobs, and up to eleven times the cost at the largest markup', () => {
    expect(statementTotals([], basisPointsOf(25))).toEqual({ costMicroUsd: 0, billedMicroUsd: 0 });
    expect(statementTotals([2_500_000], basisPointsOf(1000)).billedMicroUsd).toBe(27_500_000);
  });

  it('takes a markup from 0 to 1000 % with at most two decimals', () => {
    for (const markupPercent of [0, 12.5, 0.01, 1000]) {
      expect(z.safeParse(billingInputSchema, { markupPercent }).success, String(markupPercent)).toBe(true);
    }
    for (const markupPercent of [-1, 1000.01, 12.345, '10', null]) {
      expect(z.safeParse(billingInputSchema, { markupPercent }).success, String(markupPercent)).toBe(false);
    }
  });
});

describe('the statement’s CSV', () => {
  const statement: Statement = {
    clientName: 'Acme Plumbing',
    month: '2026-11',
    timeZone: 'America/New_York',
    items: [
      {
        contentId: 'c1',
        title: '=HYPERLINK("x")',
        tool: 'Newsletter',
        status: 'published',
        postUrl: 'https://acme.example/p',
      },
    ],
    jobs: [{ jobId: 'j1', tool: 'Newsletter', model: 'gpt-4o', provider: 'openai', costUsd: 0.0042 }],
    costUsd: 0.0042,
    markupPercent: 25,
    billedUsd: 0.00525,
  };

  it('has the items, the jobs and the totals, numbers as numbers and no formulas', () => {
    const rows = Papa.parse<string[]>(statementCsv(statement), { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual([...STATEMENT_CSV_COLUMNS]);
    expect(rows.slice(1)).toEqual([
      ['item', 'c1', `'=HYPERLINK("x")`, 'Newsletter', 'published', 'https://acme.example/p', '', '', ''],
      ['job', 'j1', '', 'Newsletter', '', '', 'gpt-4o', 'openai', '0.004200'],
      ['total', 'costUsd', '', '', '', '', '', '', '0.004200'],
      ['total', 'markupPercent', '', '', '', '', '', '', '25.000000'],
      ['total', 'billedUsd', '', '', '', '', '', '', '0.005250'],
    ]);
    expect(statementFileName('Acme Plumbing & Sons', '2026-11', 'csv')).toBe(
      'statement-acme-plumbing-sons-2026-11.csv',
    );
  });
});
