import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { envNames } from '#contract/routes';
import { signJwt } from '#test/support/tokens';
import { checkIdTokenClaims, cognitoIssuer } from './id-token-claims';
import { InvalidTokenError, idTokenVerifier, verifyIdToken } from './token-verifier';

/**
 * Both verifier paths (AWS: the Cognito verifier with the pool's JWKS; local: the RSA verifier with
 * TOKEN_ISSUER/JWKS_URI) must refuse the same tokens. aws-jwt-verify checks `exp` only when present,
 * and knows nothing about the e-mail rules, so these cases fail without id-token-claims.ts.
 */

const KID = 'test-key';
const CLIENT_ID = 'app-client-1';
const USER_POOL_ID = 'us-east-1_TestPool';
const DOMAIN = 'example.com';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const { n, e } = publicKey.export({ format: 'jwk' });
const jwks: Jwks = { keys: [{ kty: 'RSA', n: n ?? '', e: e ?? '', kid: KID, alg: 'RS256', use: 'sig' }] };

let jwksServer: Server;
let jwksUri = '';

beforeAll(async () => {
  jwksServer = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(jwks));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  jwksUri = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/jwks.json`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => jwksServer.close(() => resolve()));
  for (const name of Object.values(envNames)) delete process.env[name];
});

const nowSeconds = () => Math.floor(Date.now() / 1000);

function claims(issuer: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    sub: 'user-1',
    aud: CLIENT_ID,
    iss: issuer,
    token_use: 'id',
    email: 'staff@example.com',
    email_verified: true,
    iat: nowSeconds() - 10,
    exp: nowSeconds() + 600,
    ...overrides,
  };
}

function withoutClaim(issuer: string, claim: string): Record<string, unknown> {
  const { [claim]: _dropped, ...rest } = claims(issuer);
  return rest;
}

const stranger = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

const sign = (payload: Record<string, unknown>, key: KeyObject = privateKey) => signJwt(payload, key, KID);

const paths = [
  {
    name: 'AWS (Cognito verifier)',
    issuer: cognitoIssuer(USER_POOL_ID),
    configure: () => {
      delete process.env[envNames.tokenIssuer];
      delete process.env[envNames.jwksUri];
      idTokenVerifier().cacheJwks(jwks);
    },
  },
  {
    name: 'local (RSA verifier over http JWKS)',
    issuer: 'http://cognito.local.test/us-east-1_TestPool',
    configure: () => {
      process.env[envNames.tokenIssuer] = 'http://cognito.local.test/us-east-1_TestPool';
      process.env[envNames.jwksUri] = jwksUri;
    },
  },
];

describe.each(paths)('verifyIdToken, $name', ({ issuer, configure }) => {
  beforeEach(() => {
    process.env[envNames.userPoolId] = USER_POOL_ID;
    process.env[envNames.userPoolClientId] = CLIENT_ID;
    process.env[envNames.allowedEmailDomain] = DOMAIN;
    configure();
  });

  it('accepts a genuine ID token and returns the caller', async () => {
    const caller = await verifyIdToken(sign(claims(issuer, { 'cognito:groups': ['admins'] })));
    expect(caller).toMatchObject({ userId: 'user-1', email: 'staff@example.com', isAdmin: true });
  });

  it.each([
    ['no exp', () => withoutClaim(issuer, 'exp')],
    ['a string exp', () => claims(issuer, { exp: String(nowSeconds() + 600) })],
    ['an expired exp', () => claims(issuer, { exp: nowSeconds() - 5 })],
    ['no token_use', () => withoutClaim(issuer, 'token_use')],
    ['an access token', () => claims(issuer, { token_use: 'access' })],
    ['another audience', () => claims(issuer, { aud: 'other-client' })],
    ['no audience', () => withoutClaim(issuer, 'aud')],
    ['another issuer', () => claims(issuer, { iss: 'https://cognito-idp.us-east-1.amazonaws.com/other' })],
    ['an unverified e-mail', () => claims(issuer, { email_verified: false })],
    ['a string "true" email_verified', () => claims(issuer, { email_verified: 'true' })],
    ['no email_verified', () => withoutClaim(issuer, 'email_verified')],
    ['an e-mail outside the domain', () => claims(issuer, { email: 'staff@elsewhere.com' })],
    ['an e-mail at a subdomain', () => claims(issuer, { email: 'staff@sub.example.com' })],
    ['no e-mail', () => withoutClaim(issuer, 'email')],
    ['no sub', () => withoutClaim(issuer, 'sub')],
  ])("refuses a token with %s, as the caller's problem (InvalidTokenError)", async (_case, payload) => {
    await expect(verifyIdToken(sign(payload()))).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('says when a token has only expired, so the user is told to sign in again', async () => {
    const refusal = await verifyIdToken(sign(claims(issuer, { exp: nowSeconds() - 5 }))).catch((e) => e);
    expect(refusal).toMatchObject({ name: 'InvalidTokenError', expired: true });
    const forged = await verifyIdToken(sign(claims(issuer), stranger())).catch((e) => e);
    expect(forged).toMatchObject({ name: 'InvalidTokenError', expired: false });
    expect(await verifyIdToken('not.a.token').catch((e) => e)).toBeInstanceOf(InvalidTokenError);
  });

  it('checks a token once while it lasts, and refuses it once expired', async () => {
    const token = sign(claims(issuer, { sub: 'user-again', exp: nowSeconds() + 30 }));
    const check = vi.spyOn(idTokenVerifier(), 'verify');
    try {
      expect((await verifyIdToken(token)).userId).toBe('user-again');
      expect((await verifyIdToken(token)).userId).toBe('user-again');
      expect(check).toHaveBeenCalledTimes(1);
      // Another token of the same user is checked on its own.
      await expect(
        verifyIdToken(sign(claims(issuer, { sub: 'user-again', exp: nowSeconds() + 31 }), stranger())),
      ).rejects.toThrow();
      vi.useFakeTimers({ now: Date.now() + 60_000, toFake: ['Date'] });
      await expect(verifyIdToken(token)).rejects.toThrow();
    } finally {
      vi.useRealTimers();
      check.mockRestore();
    }
  });

  it('refuses a token signed by another key', async () => {
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    await expect(verifyIdToken(sign(claims(issuer), stranger))).rejects.toThrow();
  });
});

describe('verifyIdToken when the signing keys cannot be read', () => {
  it('throws the fault on, not a refusal: the authorizer fails (500, its alarm) instead of a 401', async () => {
    process.env[envNames.userPoolId] = USER_POOL_ID;
    process.env[envNames.userPoolClientId] = CLIENT_ID;
    process.env[envNames.allowedEmailDomain] = DOMAIN;
    process.env[envNames.tokenIssuer] = 'http://cognito.unreachable.test/us-east-1_TestPool';
    process.env[envNames.jwksUri] = 'http://127.0.0.1:9/jwks.json';
    const fault = await verifyIdToken(
      sign(claims('http://cognito.unreachable.test/us-east-1_TestPool', { sub: 'user-unreachable' })),
    ).catch((error: unknown) => error);
    expect(fault).toBeInstanceOf(Error);
    expect(fault).not.toBeInstanceOf(InvalidTokenError);
  });
});

describe('checkIdTokenClaims', () => {
  const expected = { issuer: 'iss', clientId: CLIENT_ID, allowedEmailDomain: DOMAIN, nowSeconds: 1_000 };
  const valid = {
    sub: 's',
    aud: CLIENT_ID,
    iss: 'iss',
    token_use: 'id',
    email: 'Staff@Example.com',
    email_verified: true,
    exp: 1_001,
  };

  it('normalizes the e-mail and keeps only string groups', () => {
    expect(checkIdTokenClaims({ ...valid, 'cognito:groups': ['admins', 7] }, expected)).toEqual({
      sub: 's',
      email: 'staff@example.com',
      groups: ['admins'],
    });
  });

  it('treats a token expiring this second as expired', () => {
    expect(() => checkIdTokenClaims({ ...valid, exp: 1_000 }, expected)).toThrow('Token expired');
  });

  it('names the refused rule', () => {
    expect(() => checkIdTokenClaims({ ...valid, exp: undefined }, expected)).toThrow('Token has no expiry');
    expect(() => checkIdTokenClaims({ ...valid, email_verified: false }, expected)).toThrow('not verified');
    expect(() => checkIdTokenClaims({ ...valid, email: 'a@b.io' }, expected)).toThrow('outside the company');
  });
});
