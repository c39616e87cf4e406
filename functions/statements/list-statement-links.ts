import { httpHandler } from '#functions/commons/http-handler';
import type { StatementLinkSummary } from '#shared/statement';
import { authorizeStatement } from './statement-access';
import { listStatementLinks, toLinkSummary } from './statement-store';

/** GET /api/clients/{clientId}/statements/{month}/links: that month's links, newest first (no tokens). */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeStatement(caller, params),
  handle: async ({ access: { record, month } }): Promise<{ links: StatementLinkSummary[] }> => {
    const now = new Date();
    const links = await listStatementLinks(record.clientId);
    return {
      links: links
        .filter((link) => link.month === month)
        .reverse()
        .map((link) => toLinkSummary(link, now)),
    };
  },
});
