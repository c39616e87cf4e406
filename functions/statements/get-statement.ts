import { HttpFileResult, httpHandler } from '#functions/commons/http-handler';
import { type Statement, statementFileName } from '#shared/statement';
import { buildStatement } from './build-statement';
import { authorizeStatement } from './statement-access';

const wantsCsv = (accept: string | undefined) => /\btext\/csv\b/i.test(accept ?? '');

/**
 * The statement as JSON, or with `Accept: text/csv` as the same rows in a CSV file; the CSV writer
 * loads on the first CSV asked for (the function's size budget, bench/lambda-budgets.ts).
 */
export async function statementReply(
  statement: Statement,
  accept: string | undefined,
): Promise<Statement | HttpFileResult> {
  if (!wantsCsv(accept)) return statement;
  const { statementCsv } = await import('#shared/statement-csv');
  return new HttpFileResult(
    statementCsv(statement),
    'text/csv; charset=utf-8',
    statementFileName(statement.clientName, statement.month, 'csv'),
  );
}

/**
 * GET /api/clients/{clientId}/statements/{month}: for whoever sees the client
 * (docs/decisions.md, "Client statements").
 */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeStatement(caller, params),
  handle: async ({ access: { record, month }, event }) =>
    statementReply(await buildStatement(record, month), event.headers?.accept),
});
