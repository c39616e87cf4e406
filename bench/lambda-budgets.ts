import { backgroundFunctions } from '#infra/routes';
import type { LambdaEntry } from './lambda-bundles';

/** Issue 15: an HTTP handler's minified bundle is at most 400 KB, the text worker's at most 1.2 MB. */
export const HTTP_HANDLER_BUDGET_BYTES = 400 * 1024;
export const TEXT_WORKER_BUDGET_BYTES = 1200 * 1024;

/**
 * The size budget of a bundle, or undefined for functions the issue gives none. A code-split function's
 * size is what its cold start loads (bench/lambda-bundles.ts), not its lazily loaded chunks.
 */
export function budgetFor(entry: LambdaEntry): number | undefined {
  if (entry.kind === 'http') return HTTP_HANDLER_BUDGET_BYTES;
  if (entry.entry === backgroundFunctions.worker) return TEXT_WORKER_BUDGET_BYTES;
  return undefined;
}
