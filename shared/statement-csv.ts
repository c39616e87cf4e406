import { type CsvColumn, writeCsv } from './csv';
import { STATEMENT_CSV_COLUMNS, type Statement } from './statement';

/**
 * The statement as CSV (docs/decisions.md, "Client statements"), apart from shared/statement.ts so the CSV
 * writer (papaparse) loads only when a CSV is asked for: the same file from the server's `Accept: text/csv`
 * and the page's Download CSV.
 */

/** One line of the statement's CSV: an item, a job, or one of the totals. */
interface StatementCsvRow {
  readonly section: 'item' | 'job' | 'total';
  readonly id: string;
  readonly title?: string;
  readonly tool?: string;
  readonly status?: string;
  readonly postUrl?: string;
  readonly model?: string;
  readonly provider?: string;
  readonly amountUsd?: number;
}

type Header = (typeof STATEMENT_CSV_COLUMNS)[number];

const text = (header: Header): CsvColumn<StatementCsvRow> => ({
  header,
  kind: 'text',
  value: (row) => (header === 'amountUsd' ? undefined : row[header]),
});

/** Each column of STATEMENT_CSV_COLUMNS, in its order: text, but the amount a number to the micro-dollar. */
const STATEMENT_CSV: readonly CsvColumn<StatementCsvRow>[] = STATEMENT_CSV_COLUMNS.map((header) =>
  header === 'amountUsd'
    ? { header, kind: 'number', value: (row: StatementCsvRow) => row.amountUsd, decimals: 6 }
    : text(header),
);

/**
 * The items, the jobs with their cost, then three totals (`costUsd`, `markupPercent`, `billedUsd`; the
 * markup's `amountUsd` is the percentage).
 */
export function statementCsv(statement: Statement): string {
  const rows: StatementCsvRow[] = [
    ...statement.items.map((item) => ({
      section: 'item' as const,
      id: item.contentId,
      title: item.title,
      tool: item.tool,
      status: item.status,
      ...(item.postUrl ? { postUrl: item.postUrl } : {}),
    })),
    ...statement.jobs.map((job) => ({
      section: 'job' as const,
      id: job.jobId,
      tool: job.tool,
      model: job.model,
      provider: job.provider,
      amountUsd: job.costUsd,
    })),
    { section: 'total', id: 'costUsd', amountUsd: statement.costUsd },
    { section: 'total', id: 'markupPercent', amountUsd: statement.markupPercent },
    { section: 'total', id: 'billedUsd', amountUsd: statement.billedUsd },
  ];
  return writeCsv(STATEMENT_CSV, rows);
}
