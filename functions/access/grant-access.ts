import { recordActivity } from '#functions/activities/activity-log';
import { authorizeAccessManager } from '#functions/clients/client-access';
import { readEnv } from '#functions/commons/env';
import { BadRequestError } from '#functions/commons/errors';
import { HttpResult, httpHandler } from '#functions/commons/http-handler';
import { EMAIL_DOMAIN_MESSAGES, isAllowedEmail } from '#shared/email-domain';
import { toClientAccess } from './access-record';
import { grantAccess, grantAccessSchema } from './access-store';

/**
 * POST /api/clients/{clientId}/access `{ email }`: grants the client to a colleague. Only addresses that
 * can hold an account (the agency's domain) are accepted; recorded as `access_granted`.
 */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeAccessManager(caller, params.clientId ?? ''),
  body: grantAccessSchema,
  handle: async ({ caller, access: { record }, body, userAgent }) => {
    const domain = readEnv('allowedEmailDomain');
    if (domain && !isAllowedEmail(body.email, domain)) {
      throw new BadRequestError(EMAIL_DOMAIN_MESSAGES.message(domain), 'invalid_email_domain');
    }
    const grant = await grantAccess(record, caller, body.email);
    await recordActivity(caller, {
      action: 'access_granted',
      resourceType: 'client_access',
      resourceId: grant.accessId,
      details: { client_id: record.clientId, client_name: record.name, email: grant.userEmail },
      userAgent,
    });
    return new HttpResult(201, toClientAccess(grant));
  },
});
