import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { join } from 'node:path';
import { loadOrCreateSigningKey } from '#local/emulators/cognito-tokens';

/** Hand-made JWTs for the tests that prove forged and expired tokens are refused. */

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export function signJwt(payload: Record<string, unknown>, key: KeyObject, kid = 'CognitoLocal'): string {
  const head = base64url({ alg: 'RS256', typ: 'JWT', kid });
  const body = base64url(payload);
  const signer = createSign('RSA-SHA256');
  signer.update(`${head}.${body}`);
  return `${head}.${body}.${signer.sign(key).toString('base64url')}`;
}

/** The local pool's signing key in a runtime's data directory: a token signed with it is genuine. */
export function localPoolKey(dataDir: string): { key: KeyObject; kid: string } {
  const signing = loadOrCreateSigningKey(join(dataDir, 'cognito'));
  return { key: signing.privateKey, kid: signing.kid };
}

/** Signs `payload` as the local pool would (its key and key id). */
export function signAsLocalPool(payload: Record<string, unknown>, dataDir: string): string {
  const { key, kid } = localPoolKey(dataDir);
  return signJwt(payload, key, kid);
}

export function strangerKey(): KeyObject {
  return generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
}

export function decodePayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}
