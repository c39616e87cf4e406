import { recordActivity } from '#functions/activities/activity-log';
import { NotFoundError } from '#functions/commons/errors';
import { httpHandler } from '#functions/commons/http-handler';
import { STATEMENT_ACTIVITY, STATEMENT_MESSAGES, type StatementLinkSummary } from '#shared/statement';
import { authorizeStatement } from './statement-access';
import { findStatementLink, revokeStatementLink, toLinkSummary } from './statement-store';

/**
 * DELETE /api/clients/{clientId}/statements/{month}/links/{linkId}: revokes the link, whose page then
 * answers like an unknown one. A link already revoked answers as it is.
 */
export const handler = httpHandler({
  access: async ({ caller, params }) => {
    const authorized = await authorizeStatement(caller, params);
    const link = await findStatementLink(authorized.record.clientId, params.linkId ?? '');
    if (!link || link.month !== authorized.month) throw new NotFoundError(STATEMENT_MESSAGES.linkNotFound);
    return { ...authorized, link };
  },
  handle: async ({ caller, access: { record, link }, userAgent }): Promise<StatementLinkSummary> => {
    const revoked = await revokeStatementLink(link, caller.email);
    if (revoked) {
      await recordActivity(caller, {
        action: STATEMENT_ACTIVITY.linkRevoked,
        resourceType: STATEMENT_ACTIVITY.resourceType,
        resourceId: record.clientId,
        details: { client_name: record.name, month: link.month },
        userAgent,
      });
    }
    return toLinkSummary(revoked ?? link);
  },
});
