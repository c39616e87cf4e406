/**
 * The SPA route of a statement link (docs/decisions.md, "Client statements"): `/statements/<token>`. Apart
 * from shared/statement.ts, which carries zod, so the app's page titles (in every first load) can name it.
 */
export const STATEMENT_PAGE_PATH = '/statements';
