import { httpHandler } from '#functions/commons/http-handler';
import { budgetInputSchema } from '#shared/budget-schemas';
import { authorizeClient } from './client-access';
import { setClientBudget } from './client-budget';
import { clientReply } from './client-reply';

/** PUT /api/clients/{clientId}/budget {monthlyUsd}: admins only (docs/decisions.md, "Client budgets that tell the truth"); null removes the budget. */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeClient(caller, params.clientId ?? ''),
  body: budgetInputSchema,
  handle: async ({ caller, access, body, userAgent }) =>
    clientReply(await setClientBudget(caller, access, body.monthlyUsd, userAgent)),
});
