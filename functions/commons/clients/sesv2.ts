import { SESv2Client } from '@aws-sdk/client-sesv2';
import { memo } from './client-endpoint';

/**
 * Sends the review and notification e-mails (functions/notifications/mail-sender.ts). SES identities
 * live in one region, which may not be the stack's: `region` is the sender's (MAIL_REGION).
 */
export const sesClient = (region: string | undefined): SESv2Client => sesClients(region)();

const byRegion = new Map<string, () => SESv2Client>();
function sesClients(region: string | undefined): () => SESv2Client {
  const key = region ?? '';
  let client = byRegion.get(key);
  if (!client) {
    client = memo('SESV2', () => new SESv2Client(region ? { region } : {}));
    byRegion.set(key, client);
  }
  return client;
}
