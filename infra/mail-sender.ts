import { ArnFormat, Stack } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { AppConfig } from './config';

/**
 * The sender of the app's own e-mail (docs/decisions.md, "Notifications": review links, reminders,
 * decisions), through Amazon SES: the identity the README describes for Cognito (`-c sesFromEmail=… -c
 * sesRegion=…`), or, without one, `no-reply@<allowedEmailDomain>` in the stack's region, which must then be
 * verified in SES before mail goes out (until then SES refuses each message and the functions log it). The
 * functions that send may send from this identity only: ses:SendEmail on its address and its domain identity
 * (SES authorizes a message against whichever of the two is verified), nothing else.
 */
export interface MailSender {
  readonly from: string;
  /** The SES region; undefined: the stack's. */
  readonly region: string | undefined;
}

export function mailSenderOf(
  config: Pick<AppConfig, 'sesFromEmail' | 'sesRegion' | 'allowedEmailDomain'>,
): MailSender {
  if (config.sesFromEmail) return { from: config.sesFromEmail, region: config.sesRegion };
  return { from: `no-reply@${config.allowedEmailDomain}`, region: undefined };
}

/** The identities `ses:SendEmail` is granted on: the address and its domain. */
export function mailIdentityArns(scope: Construct, sender: MailSender): string[] {
  const stack = Stack.of(scope);
  const domain = sender.from.slice(sender.from.lastIndexOf('@') + 1);
  return [sender.from, domain].map((identity) =>
    stack.formatArn({
      service: 'ses',
      ...(sender.region ? { region: sender.region } : {}),
      resource: 'identity',
      resourceName: identity,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    }),
  );
}
