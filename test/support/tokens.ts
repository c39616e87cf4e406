import { createPrivateKey, createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** Hand-made JWTs for the tests that prove forged and expired tokens are refused. */

const require = createRequire(import.meta.url);

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

/** cognito-local's own signing key: a token signed with it is genuine to the local verifier. */
export function cognitoLocalKey(): KeyObject {
  const file = require.resolve('cognito-local/lib/keys/cognitoLocal.private.json');
  const { pem } = JSON.parse(readFileSync(file, 'utf8')) as { pem: string };
  return createPrivateKey(pem);
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
