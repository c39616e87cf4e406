import Papa from 'papaparse';
import { USAGE_CSV_COLUMNS, type UsageJob } from './usage';

/**
 * The usage export, one row per job (issue 34 item 3): the same columns whether the server answers
 * `Accept: text/csv` or the usage page builds the file from the JSON pages it already reads.
 */
export function usageJobsCsv(jobs: readonly UsageJob[]): string {
  return Papa.unparse({
    fields: [...USAGE_CSV_COLUMNS],
    data: jobs.map((job) => USAGE_CSV_COLUMNS.map((column) => job[column] ?? '')),
  });
}
