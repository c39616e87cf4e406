import type { Route } from './cognito-client-rules';
import { type SigningKey, verifyAccessToken } from './cognito-tokens';

/**
 * What AWS does with `AttributesRequireVerificationBeforeUpdate: ['email']` and cognito-local does only
 * in part (docs/decisions.md, "Changing one's e-mail: AWS's verification, not a closed attribute").
 * cognito-local keeps a changed e-mail aside (`UnverifiedAttributeChanges`), sends the code to the new
 * address and applies the change on VerifyUserAttribute; around that:
 * - verifying an address another account already holds is refused (AliasExistsException), since with
 *   e-mail as the username an address belongs to one account;
 * - UpdateUserPool keeps `UserAttributeUpdateSettings`, which cognito-local's drops (so a pool made by
 *   an older version gets the setting at the next start), and DescribeUserPool shows it.
 */

interface Attribute {
  Name: string;
  Value?: string;
}

export interface StoredUser {
  Username: string;
  Attributes: Attribute[];
  UnverifiedAttributeChanges?: Attribute[];
  /** The code last sent to verify an attribute. */
  AttributeVerificationCode?: string;
}

interface PoolService {
  options: Record<string, unknown>;
  getUserByUsername(ctx: unknown, username: string): Promise<StoredUser | null>;
  updateOptions(ctx: unknown, options: Record<string, unknown>): Promise<void>;
}

export interface AttributeUpdateDependencies {
  route: (target: string) => Route;
  pool: (ctx: { logger: unknown }, clientId: string) => Promise<PoolService>;
  poolById: (ctx: { logger: unknown }, userPoolId: string) => Promise<PoolService>;
  key: SigningKey;
  error: (code: string, message: string) => Error;
  nowSeconds: () => number;
}

/** The e-mail a user asked to change to, held until verified; null when none is pending. */
function pendingEmail(user: unknown): string | null {
  const changes = (user as Partial<StoredUser> | null)?.UnverifiedAttributeChanges ?? [];
  const email = changes.find((attribute) => attribute.Name === 'email')?.Value;
  return typeof email === 'string' && email !== '' ? email : null;
}

/** The deliveries whose code verifies a pending change (cognito-local's message sources). */
export const PENDING_CHANGE_SOURCES: ReadonlySet<string> = new Set([
  'UpdateUserAttribute',
  'VerifyUserAttribute',
]);

export function withVerifiedAttributeUpdates(deps: AttributeUpdateDependencies): (target: string) => Route {
  const caller = async (ctx: { logger: unknown }, request: Record<string, unknown>) => {
    const token = verifyAccessToken(request.AccessToken, deps.key, deps.nowSeconds());
    if (!token) throw deps.error('NotAuthorizedException', 'Invalid Access Token');
    const pool = await deps.pool(ctx, String(token.client_id));
    return { pool, user: await pool.getUserByUsername(ctx, String(token.sub)) };
  };

  return (target) => {
    const route = deps.route(target);
    if (target === 'UpdateUserPool') {
      return async (ctx, request) => {
        const reply = await route(ctx, request);
        const pool = await deps.poolById(ctx, String(request.UserPoolId));
        await pool.updateOptions(ctx, {
          ...pool.options,
          UserAttributeUpdateSettings: request.UserAttributeUpdateSettings,
        });
        return reply;
      };
    }
    if (target === 'DescribeUserPool') {
      return async (ctx, request) => {
        const reply = await route(ctx, request);
        const pool = await deps.poolById(ctx, String(request.UserPoolId));
        const settings = pool.options.UserAttributeUpdateSettings;
        return settings === undefined
          ? reply
          : { ...reply, UserPool: { ...(reply.UserPool as object), UserAttributeUpdateSettings: settings } };
      };
    }
    if (target === 'VerifyUserAttribute') {
      return async (ctx, request) => {
        const { pool, user } = await caller(ctx, request);
        // A wrong code is refused as such first (by cognito-local): the address is checked once proven.
        if (request.AttributeName === 'email' && user && request.Code === user.AttributeVerificationCode) {
          const email = pendingEmail(user);
          const holder = email ? await pool.getUserByUsername(ctx, email) : null;
          if (holder && holder.Username !== user.Username) {
            throw deps.error('AliasExistsException', 'An account with the given email already exists.');
          }
        }
        return route(ctx, request);
      };
    }
    return route;
  };
}
