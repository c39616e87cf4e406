import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import { configuredEndpoint } from '#functions/commons/clients/client-endpoint';
import { readEnv } from '#functions/commons/env';
import { logger } from '#functions/commons/logger';

/**
 * E-mail through Amazon SES (SESv2 SendEmail) from the stack's sender (MAIL_FROM, in MAIL_REGION: the
 * identity the README describes for Cognito, infra/mail-sender.ts). Locally the same request reaches the
 * runtime's SES stand-in (AWS_ENDPOINT_URL_SESV2), which files the message in the dev mailbox
 * (/dev/mailbox), after the IAM enforcement checked the function's ses:SendEmail grant, as AWS would.
 *
 * The request is signed with the SDK's own SigV4 signer (the SES client is not a dependency of the
 * project: docs/decisions.md, "Notifications"). Best effort: a notification e-mail never fails the
 * request that caused it; a refusal is logged and false returned.
 */

export interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/** SigV4's hash: node's SHA-256, or its HMAC when given a key. */
export class Sha256 {
  private hash: Hash | Hmac;
  constructor(private readonly secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = this.fresh();
  }
  private fresh(): Hash | Hmac {
    if (this.secret === undefined) return createHash('sha256');
    const key =
      typeof this.secret === 'string'
        ? this.secret
        : Buffer.from(this.secret instanceof ArrayBuffer ? this.secret : this.secret.buffer);
    return createHmac('sha256', key);
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.hash.update(
      typeof data === 'string'
        ? data
        : data instanceof ArrayBuffer
          ? Buffer.from(data)
          : Buffer.from(data.buffer, data.byteOffset, data.byteLength),
    );
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
  reset(): void {
    this.hash = this.fresh();
  }
}

/** The credentials Lambda (and the local runtime) gives every function in its environment. */
function environmentCredentials() {
  const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) return null;
  const sessionToken = process.env.AWS_SESSION_TOKEN;
  return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
}

/** Sends one e-mail; true when SES accepted it. */
export async function sendMail(mail: Mail): Promise<boolean> {
  const from = readEnv('mailFrom');
  const region = readEnv('mailRegion') ?? process.env.AWS_REGION ?? 'us-east-1';
  const credentials = environmentCredentials();
  if (!from || !credentials) {
    logger.warn('No mail sender is configured: the e-mail was not sent', { subject: mail.subject });
    return false;
  }
  const endpoint = new URL(configuredEndpoint('SESV2') ?? `https://email.${region}.amazonaws.com`);
  const body = JSON.stringify({
    FromEmailAddress: from,
    Destination: { ToAddresses: [mail.to] },
    Content: {
      Simple: {
        Subject: { Data: mail.subject, Charset: 'UTF-8' },
        Body: { Text: { Data: mail.text, Charset: 'UTF-8' } },
      },
    },
  });
  const signer = new SignatureV4({ service: 'ses', region, credentials, sha256: Sha256 });
  try {
    const signed = await signer.sign({
      method: 'POST',
      protocol: endpoint.protocol,
      hostname: endpoint.hostname,
      ...(endpoint.port ? { port: Number(endpoint.port) } : {}),
      path: '/v2/email/outbound-emails',
      headers: { host: endpoint.host, 'content-type': 'application/json' },
      body,
    });
    const response = await fetch(`${endpoint.origin}/v2/email/outbound-emails`, {
      method: 'POST',
      headers: signed.headers,
      body,
      signal: AbortSignal.timeout(5_000),
    });
    if (response.ok) return true;
    logger.warn('SES refused an e-mail', {
      status: response.status,
      reply: (await response.text()).slice(0, 500),
      subject: mail.subject,
    });
  } catch (error) {
    logger.warn('Could not send an e-mail', { error, subject: mail.subject });
  }
  return false;
}
