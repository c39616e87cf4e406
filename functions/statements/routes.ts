import { dispatchRoutes } from '#functions/commons/route-dispatch';
import { handler as createStatementLink } from './create-statement-link';
import { handler as getPublicStatement } from './get-public-statement';
import { handler as getStatement } from './get-statement';
import { handler as listStatementLinks } from './list-statement-links';
import { handler as revokeStatementLink } from './revoke-statement-link';
import { handler as setBilling } from './set-billing';

/**
 * The Statements function (docs/decisions.md, "Client statements"): a client's monthly statement, its links
 * and markup, and the public link's statement (contract/routes.ts).
 */
export const handler = dispatchRoutes('Statements', {
  GetClientStatement: getStatement,
  CreateStatementLink: createStatementLink,
  ListStatementLinks: listStatementLinks,
  RevokeStatementLink: revokeStatementLink,
  SetClientBilling: setBilling,
  GetPublicStatement: getPublicStatement,
});
