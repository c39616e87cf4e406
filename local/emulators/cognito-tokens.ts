import {
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  generateKeyPairSync,
  type JsonWebKey,
  type KeyObject,
  randomBytes,
  randomUUID,
} from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The tokens of the local user pool, made the way Cognito makes them, in place of cognito-local's own
 * generator, which differs from AWS in ways the app depends on:
 * - the signing key is this installation's own, kept in the data directory: cognito-local signs with a
 *   key published in its npm package, with which anyone could mint an admin token;
 * - the issuer is fixed (`LOCAL_ISSUER_BASE/<poolId>`), not the emulator's URL: the emulator's port
 *   changes between runs of `npm start`, and a changed issuer ended every session;
 * - the ID token carries the user's standard attributes (`name`, …) as AWS's does, and `email_verified`
 *   is the attribute's real value (cognito-local turns the string 'false' into true).
 */

/** Where the local pool's tokens say they come from; never fetched (JWKS_URI points at the emulator). */
export const LOCAL_ISSUER_BASE = 'http://cognito-idp.localhost';

const KEY_FILE = 'token-signing-key.json';

export interface SigningKey {
  readonly kid: string;
  readonly privateKey: KeyObject;
  readonly publicJwk: JsonWebKey;
}

/** The installation's signing key, created on first use and kept (owner-only) in `dir`. */
export function loadOrCreateSigningKey(dir: string): SigningKey {
  const file = join(dir, KEY_FILE);
  let stored: { kid: string; pem: string };
  if (existsSync(file)) {
    stored = JSON.parse(readFileSync(file, 'utf8')) as { kid: string; pem: string };
  } else {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    stored = {
      kid: randomBytes(8).toString('hex'),
      pem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    };
    writeFileSync(file, JSON.stringify(stored), { mode: 0o600 });
  }
  const privateKey = createPrivateKey(stored.pem);
  return {
    kid: stored.kid,
    privateKey,
    publicJwk: {
      ...createPublicKey(privateKey).export({ format: 'jwk' }),
      kid: stored.kid,
      alg: 'RS256',
      use: 'sig',
    },
  };
}

export function localIssuer(userPoolId: string): string {
  return `${LOCAL_ISSUER_BASE}/${userPoolId}`;
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function signJwt(payload: Record<string, unknown>, key: SigningKey): string {
  const unsigned = `${encode({ kid: key.kid, alg: 'RS256' })}.${encode(payload)}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(key.privateKey).toString('base64url');
  return `${unsigned}.${signature}`;
}

/** The verified payload of a token signed by `key`, or null for anything else. */
export function verifiedPayload(token: string, key: SigningKey): Record<string, unknown> | null {
  const [head, body, signature] = token.split('.');
  if (!head || !body || !signature) return null;
  try {
    const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (header.alg !== 'RS256' || header.kid !== key.kid) return null;
    const valid = createVerify('RSA-SHA256')
      .update(`${head}.${body}`)
      .verify(createPublicKey(key.privateKey), Buffer.from(signature, 'base64url'));
    if (!valid) return null;
    const payload: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

interface Attribute {
  Name: string;
  Value?: string;
}

interface User {
  Username: string;
  Attributes: Attribute[];
}

interface AppClient {
  ClientId: string;
  UserPoolId: string;
  AccessTokenValidity?: number;
  IdTokenValidity?: number;
  RefreshTokenValidity?: number;
  TokenValidityUnits?: { AccessToken?: string; IdToken?: string; RefreshToken?: string };
}

const UNIT_SECONDS: Record<string, number> = { seconds: 1, minutes: 60, hours: 3600, days: 86_400 };

/** Token lifetime from the app client's settings; AWS's defaults are 60 minutes for ID/access tokens. */
function lifetimeSeconds(value: number | undefined, unit: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  return value * (UNIT_SECONDS[unit ?? 'hours'] ?? 3600);
}

const BOOLEAN_ATTRIBUTES = new Set(['email_verified', 'phone_number_verified']);
const NUMBER_ATTRIBUTES = new Set(['updated_at']);

/**
 * The user's attributes as ID token claims, typed as Cognito types them: the `_verified` flags are
 * booleans from the attribute's text ('true' only), `updated_at` a number, everything else a string.
 */
export function attributeClaims(attributes: readonly Attribute[]): Record<string, unknown> {
  const claims: Record<string, unknown> = {};
  for (const { Name, Value } of attributes) {
    if (Value === undefined || Name === 'sub') continue;
    if (BOOLEAN_ATTRIBUTES.has(Name)) claims[Name] = Value === 'true';
    else if (NUMBER_ATTRIBUTES.has(Name)) claims[Name] = Number(Value);
    else claims[Name] = Value;
  }
  if (!('email_verified' in claims) && 'email' in claims) claims.email_verified = false;
  return claims;
}

interface Clock {
  get(): Date;
}

/** Implements cognito-local's token generator interface (`generate`), signing with the installation key. */
export class LocalTokenGenerator {
  constructor(
    private readonly key: SigningKey,
    private readonly clock: Clock,
  ) {}

  async generate(
    _ctx: unknown,
    user: User,
    userGroups: readonly string[],
    client: AppClient,
  ): Promise<{ AccessToken: string; IdToken: string; RefreshToken: string }> {
    const now = Math.floor(this.clock.get().getTime() / 1000);
    const sub = user.Attributes.find((attribute) => attribute.Name === 'sub')?.Value ?? user.Username;
    const issuer = localIssuer(client.UserPoolId);
    const originJti = randomUUID();
    const eventId = randomUUID();
    const groups = userGroups.length > 0 ? { 'cognito:groups': [...userGroups] } : {};
    const units = client.TokenValidityUnits ?? {};
    const common = {
      sub,
      ...groups,
      iss: issuer,
      origin_jti: originJti,
      event_id: eventId,
      auth_time: now,
      iat: now,
    };
    const idToken = {
      ...attributeClaims(user.Attributes),
      ...common,
      'cognito:username': user.Username,
      aud: client.ClientId,
      token_use: 'id',
      exp: now + lifetimeSeconds(client.IdTokenValidity, units.IdToken ?? 'minutes', 3600),
      jti: randomUUID(),
    };
    const accessToken = {
      ...common,
      client_id: client.ClientId,
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
      username: user.Username,
      exp: now + lifetimeSeconds(client.AccessTokenValidity, units.AccessToken ?? 'minutes', 3600),
      jti: randomUUID(),
    };
    return {
      AccessToken: signJwt(accessToken, this.key),
      IdToken: signJwt(idToken, this.key),
      // Opaque, as AWS's (encrypted) refresh token is to its holder; the pool keeps it on the user.
      RefreshToken: randomBytes(48).toString('base64url'),
    };
  }
}

/**
 * The payload of a valid access token of this pool (right key, `token_use` access, unexpired, our
 * issuer), or null. cognito-local only decodes the access token of GetUser, UpdateUserAttributes, …, so
 * without this check a forged token could act as any user.
 */
export function verifyAccessToken(
  token: unknown,
  key: SigningKey,
  nowSeconds: number,
): Record<string, unknown> | null {
  if (typeof token !== 'string') return null;
  const payload = verifiedPayload(token, key);
  if (payload?.token_use !== 'access') return null;
  if (typeof payload.exp !== 'number' || payload.exp <= nowSeconds) return null;
  if (typeof payload.client_id !== 'string' || typeof payload.sub !== 'string') return null;
  const poolId = typeof payload.iss === 'string' ? payload.iss.slice(LOCAL_ISSUER_BASE.length + 1) : '';
  return payload.iss === localIssuer(poolId) && poolId !== '' ? payload : null;
}
