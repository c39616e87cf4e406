import { ulid } from 'ulid';
import { recordActivity } from '#functions/activities/activity-log';
import { appOrigin } from '#functions/commons/app-origin';
import { HttpResult } from '#functions/commons/http-handler';
import { sealedIdempotentHandler } from '#functions/idempotency/sealed-idempotent-handler';
import { newReviewToken, reviewTokenHash } from '#functions/reviews/review-token';
import {
  createStatementLinkSchema,
  STATEMENT_ACTIVITY,
  STATEMENT_LINK_DEFAULT_DAYS,
  type StatementLinkCreated,
} from '#shared/statement';
import { STATEMENT_PAGE_PATH } from '#shared/statement-page';
import { authorizeStatement } from './statement-access';
import { putStatementLink, type StatementLinkRecord } from './statement-store';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * POST /api/clients/{clientId}/statements/{month}/links `{expiresInDays?}` → 201 `{url, expiresAt}`: a
 * capability URL to the statement (docs/decisions.md, "Client statements"), made like a review link (a random
 * 256-bit token, shown once, stored only as its SHA-256), for whoever sees the client.
 */
export const handler = sealedIdempotentHandler({
  access: ({ caller, params }) => authorizeStatement(caller, params),
  body: createStatementLinkSchema,
  handle: async ({ caller, access: { record, month }, body, event, userAgent }) => {
    const token = newReviewToken();
    const now = new Date();
    const link: StatementLinkRecord = {
      clientId: record.clientId,
      linkId: ulid(),
      month,
      tokenHash: reviewTokenHash(token),
      createdBy: caller.userId,
      createdByEmail: caller.email,
      createdAt: now.toISOString(),
      validUntil: new Date(
        now.getTime() + (body.expiresInDays ?? STATEMENT_LINK_DEFAULT_DAYS) * DAY_MS,
      ).toISOString(),
    };
    await putStatementLink(link);
    await recordActivity(caller, {
      action: STATEMENT_ACTIVITY.linkCreated,
      resourceType: STATEMENT_ACTIVITY.resourceType,
      resourceId: record.clientId,
      details: { client_name: record.name, month, expires_at: link.validUntil },
      userAgent,
    });
    const created: StatementLinkCreated = {
      url: `${appOrigin(event)}${STATEMENT_PAGE_PATH}/${token}`,
      expiresAt: link.validUntil,
    };
    return new HttpResult(201, created);
  },
});
