import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { recordActivity } from '#functions/activities/activity-log';
import { authorizeClient } from '#functions/clients/client-access';
import { ForbiddenError } from '#functions/commons/errors';
import { httpHandler } from '#functions/commons/http-handler';
import { entities } from '#functions/data/entities';
import {
  type Billing,
  basisPointsOf,
  billingInputSchema,
  STATEMENT_ACTIVITY,
  STATEMENT_MESSAGES,
} from '#shared/statement';

/**
 * PUT /api/clients/{clientId}/billing `{markupPercent}`: the markup its statements bill, set by an admin
 * (docs/decisions.md, "Client statements"). Whoever cannot see the client gets its 404; one who can but is no
 * admin, 403.
 */
export const handler = httpHandler({
  access: async ({ caller, params }) => {
    const authorized = await authorizeClient(caller, params.clientId ?? '');
    if (!caller.isAdmin) throw new ForbiddenError(STATEMENT_MESSAGES.adminOnly);
    return authorized;
  },
  body: billingInputSchema,
  handle: async ({ caller, access: { record }, body, userAgent }): Promise<Billing> => {
    const markupBasisPoints = basisPointsOf(body.markupPercent);
    await entities()
      .client.build(UpdateItemCommand)
      .item({ clientId: record.clientId, markupBasisPoints })
      .options({ condition: { attr: 'clientId', exists: true } })
      .send();
    await recordActivity(caller, {
      action: STATEMENT_ACTIVITY.markupSet,
      resourceType: STATEMENT_ACTIVITY.resourceType,
      resourceId: record.clientId,
      details: {
        client_name: record.name,
        previous_markup_percent: (record.markupBasisPoints ?? 0) / 100,
        markup_percent: markupBasisPoints / 100,
      },
      userAgent,
    });
    return { clientId: record.clientId, markupPercent: markupBasisPoints / 100 };
  },
});
