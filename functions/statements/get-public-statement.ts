import { findClientRecord } from '#functions/clients/client-access';
import { ForbiddenError, NotFoundError } from '#functions/commons/errors';
import { parseBody, routeAuth, validate, wrap } from '#functions/commons/http-wrap';
import { clientAddress } from '#functions/reviews/public-review-handler';
import { consumeReviewRequest } from '#functions/reviews/review-rate-limit';
import { isReviewTokenShape, reviewTokenHash } from '#functions/reviews/review-token';
import { STATEMENT_MESSAGES } from '#shared/statement';
import { buildStatement } from './build-statement';
import { statementReply } from './get-statement';
import { findLinkByTokenHash, linkStateOf } from './statement-store';

/**
 * GET /api/statement-links/{token} (no credentials): the statement a link names, for the agency's client
 * (docs/decisions.md, "Client statements"). Guarded as the public review routes are: the request counts
 * against its token's and its address's budgets first (the same budgets: one visitor, one allowance), then
 * reads only through the token's hash; an unknown, revoked, expired or malformed token, and a client that is
 * gone, all answer the same 404. `Accept: text/csv` answers the CSV, as the signed-in route does.
 */
export const handler = wrap(async (event) => {
  if (routeAuth(event) !== 'public')
    throw new ForbiddenError(`Route ${event.routeKey} is not a public route`);
  const token = event.pathParameters?.token ?? '';
  const tokenHash = reviewTokenHash(token);
  await consumeReviewRequest(tokenHash, clientAddress(event));
  const unavailable = new NotFoundError(STATEMENT_MESSAGES.linkUnavailable);
  if (!isReviewTokenShape(token)) throw unavailable;
  const link = await findLinkByTokenHash(tokenHash);
  if (!link || linkStateOf(link) !== 'open') throw unavailable;
  const client = await findClientRecord(link.clientId);
  if (!client) throw unavailable;
  validate(undefined, parseBody(event));
  return statementReply(await buildStatement(client, link.month), event.headers?.accept);
});
