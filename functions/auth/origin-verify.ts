import { createHash, timingSafeEqual } from 'node:crypto';
import { envNames } from '#contract/routes';
import { getSecretValue } from '#functions/commons/clients/secrets-manager';
import { ORIGIN_SECRET_TTL_MS, ORIGIN_VERIFY_HEADER } from '#shared/origin-verify';

/**
 * Whether a request came through CloudFront
 * (docs/decisions.md, "WebSocket keep-alive and the CloudFront-only API"): CloudFront adds `x-origin-verify`
 * with a value only it and the HTTP authorizer know. The value is ORIGIN_SECRET locally (a fresh one per
 * start, added by the local gateway that plays CloudFront) and the Secrets Manager secret named by
 * ORIGIN_SECRET_ARN in AWS, reused for ORIGIN_SECRET_TTL_MS so a changed value is picked up.
 *
 * Without either setting nothing is accepted: a misconfigured authorizer fails closed.
 */

export interface OriginCheckOptions {
  readonly env?: NodeJS.ProcessEnv;
  readonly now?: () => number;
}

let cached: { arn: string; value: Promise<string>; readAt: number } | undefined;

/** Forgets the cached value (tests). */
export function clearOriginSecretCache(): void {
  cached = undefined;
}

/**
 * The value CloudFront sends, for a function that calls the API from inside as CloudFront does (the
 * MCP server: functions/mcp/mcp-origin.ts); undefined where none is configured.
 */
export const originSecretValue = (options: OriginCheckOptions = {}): Promise<string | undefined> =>
  expectedValue(options);

async function expectedValue(options: OriginCheckOptions): Promise<string | undefined> {
  const env = options.env ?? process.env;
  const local = env[envNames.originSecret];
  if (local) return local;
  const arn = env[envNames.originSecretArn];
  if (!arn) return undefined;
  const now = (options.now ?? Date.now)();
  if (cached?.arn !== arn || now - cached.readAt >= ORIGIN_SECRET_TTL_MS) {
    const value = getSecretValue(arn).then((reply) => {
      if (!reply.SecretString) throw new Error('The origin secret is empty');
      return reply.SecretString;
    });
    const entry = { arn, value, readAt: now };
    // A failed read is not kept: the next request tries again.
    value.catch(() => {
      if (cached === entry) cached = undefined;
    });
    cached = entry;
  }
  return cached.value;
}

/** Compares digests, so the comparison takes the same time whatever the given value's length. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export async function cameThroughCloudFront(
  headers: Readonly<Record<string, string | undefined>> | undefined,
  options: OriginCheckOptions = {},
): Promise<boolean> {
  const given = headers?.[ORIGIN_VERIFY_HEADER];
  if (!given) return false;
  const expected = await expectedValue(options);
  if (expected === undefined) return false;
  return sameSecret(given, expected);
}
