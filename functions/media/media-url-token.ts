import { createHmac, timingSafeEqual } from 'node:crypto';
import { getSecretValue } from '#functions/commons/clients/secrets-manager';
import { readEnv } from '#functions/commons/env';
import { MEDIA_URL_TTL_SECONDS, type MediaLocation, mediaKey } from '#shared/media';

/**
 * Short-lived tokens for media URLs: `{expiresAt}.{HMAC-SHA256(secret, key + expiresAt)}`, base64url.
 * The token is bound to one object key and an expiry, so it cannot be moved to another file or kept
 * past its time. The secret comes from MEDIA_URL_SECRET locally, and from the Secrets Manager secret
 * named by MEDIA_URL_SECRET_ARN in AWS (read once per container).
 */

let cachedSecret: { source: string; value: Promise<Buffer> } | undefined;

async function readSecret(): Promise<Buffer> {
  const local = readEnv('mediaUrlSecret');
  if (local !== undefined) return Buffer.from(local, 'utf8');
  const arn = readEnv('mediaUrlSecretArn');
  if (arn === undefined) throw new Error('Neither MEDIA_URL_SECRET nor MEDIA_URL_SECRET_ARN is set');
  if (cachedSecret?.source !== arn) {
    const value = getSecretValue(arn).then((reply) => {
      if (!reply.SecretString) throw new Error('The media URL secret is empty');
      return Buffer.from(reply.SecretString, 'utf8');
    });
    value.catch(() => {
      cachedSecret = undefined;
    });
    cachedSecret = { source: arn, value };
  }
  return cachedSecret.value;
}

const mac = (secret: Buffer, key: string, expiresAt: number): Buffer =>
  createHmac('sha256', secret).update(`lbm-media-v1\n${key}\n${expiresAt}`).digest();

export interface SignedToken {
  readonly token: string;
  readonly expiresAt: Date;
}

export async function signMediaToken(
  location: MediaLocation,
  now = Date.now(),
  ttlSeconds = MEDIA_URL_TTL_SECONDS,
): Promise<SignedToken> {
  const expiresAt = Math.floor(now / 1000) + ttlSeconds;
  const signature = mac(await readSecret(), mediaKey(location), expiresAt).toString('base64url');
  return { token: `${expiresAt}.${signature}`, expiresAt: new Date(expiresAt * 1000) };
}

export type TokenVerdict = 'valid' | 'expired' | 'invalid';

export async function verifyMediaToken(
  location: MediaLocation,
  token: string,
  now = Date.now(),
): Promise<TokenVerdict> {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match?.[1] || !match[2]) return 'invalid';
  const expiresAt = Number(match[1]);
  const expected = mac(await readSecret(), mediaKey(location), expiresAt);
  const given = Buffer.from(match[2], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return expiresAt * 1000 <= now ? 'expired' : 'valid';
}
