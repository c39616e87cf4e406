import { type AuthorizedClient, authorizeClient } from '#functions/clients/client-access';
import type { Caller } from '#functions/commons/caller';
import { BadRequestError } from '#functions/commons/errors';
import { STATEMENT_MESSAGES } from '#shared/statement';
import { isMonth } from '#shared/time-zone';

/**
 * Who sees a client's statement: whoever sees the client (its owner, a grantee, an admin; a key acts
 * as its owner), as for the client's other reads; anyone else gets the client's 404. The month is
 * checked after access, so an outsider learns nothing from a malformed one.
 */
export async function authorizeStatement(
  caller: Caller,
  params: Readonly<Record<string, string>>,
): Promise<AuthorizedClient & { month: string }> {
  const authorized = await authorizeClient(caller, params.clientId ?? '');
  const month = params.month ?? '';
  if (!isMonth(month)) throw new BadRequestError(STATEMENT_MESSAGES.badMonth, 'validation_failed');
  return { ...authorized, month };
}
