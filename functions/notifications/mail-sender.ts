import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { sesClient } from '#functions/commons/clients/sesv2';
import { readEnv } from '#functions/commons/env';
import { logger } from '#functions/commons/logger';

/**
 * E-mail through Amazon SES (SESv2 SendEmail) from the stack's sender (MAIL_FROM, in MAIL_REGION: the
 * identity the README describes for Cognito, infra/mail-sender.ts). Locally the same request reaches the
 * runtime's SES stand-in (AWS_ENDPOINT_URL_SESV2), which files the message in the dev mailbox
 * (/dev/mailbox), after the IAM enforcement checked the function's ses:SendEmail grant, as AWS would.
 * Best effort: a notification e-mail never fails the request that caused it; a refusal is logged and
 * false returned.
 */

export interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/** Sends one e-mail; true when SES accepted it. */
export async function sendMail(mail: Mail): Promise<boolean> {
  const from = readEnv('mailFrom');
  if (!from) {
    logger.warn('No mail sender is configured: the e-mail was not sent', { subject: mail.subject });
    return false;
  }
  try {
    await sesClient(readEnv('mailRegion')).send(
      new SendEmailCommand({
        FromEmailAddress: from,
        Destination: { ToAddresses: [mail.to] },
        Content: {
          Simple: {
            Subject: { Data: mail.subject, Charset: 'UTF-8' },
            Body: { Text: { Data: mail.text, Charset: 'UTF-8' } },
          },
        },
      }),
      { abortSignal: AbortSignal.timeout(5_000) },
    );
    return true;
  } catch (error) {
    logger.warn('SES did not take an e-mail', { error, subject: mail.subject });
    return false;
  }
}
