import { CHANNEL_PLATFORMS } from './channels';
import * as z from './validation/zod';

/** The bodies of the connection routes (docs/architecture.md, "Publishing channels"). */

export const CONNECTION_REQUEST_MESSAGES = {
  platform: `platform: one of ${CHANNEL_PLATFORMS.join(', ')}`,
  authorizationId: 'authorizationId: the authorization Connect started is required',
  accountId: 'accountId: the account to connect is required',
} as const;

/** POST /api/clients/{clientId}/connection-authorizations `{platform}` */
export const connectionStartSchema = z.object({
  platform: z.enum(CHANNEL_PLATFORMS, { error: CONNECTION_REQUEST_MESSAGES.platform }),
});

/** POST /api/clients/{clientId}/connections `{authorizationId, accountId}` */
export const connectionCreateSchema = z.object({
  authorizationId: z
    .string({ error: CONNECTION_REQUEST_MESSAGES.authorizationId })
    .check(z.minLength(1, CONNECTION_REQUEST_MESSAGES.authorizationId), z.maxLength(128)),
  accountId: z
    .string({ error: CONNECTION_REQUEST_MESSAGES.accountId })
    .check(z.minLength(1, CONNECTION_REQUEST_MESSAGES.accountId), z.maxLength(200)),
});
