import { writeCsv } from './csv';
import { USAGE_CSV, type UsageJob } from './usage';

/**
 * The usage export, one row per job (docs/decisions.md, "Usage, cost, budgets and bulk runs"): the same
 * columns whether the server answers `Accept: text/csv` or the usage page builds the file from the JSON pages
 * it already reads.
 */
export function usageJobsCsv(jobs: readonly UsageJob[]): string {
  return writeCsv(USAGE_CSV, jobs);
}
