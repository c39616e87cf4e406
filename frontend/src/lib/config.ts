import type { ExternalLinks, RuntimeConfig } from '#shared/runtime-config';

/**
 * The runtime config is fetched once before the app renders (see main.tsx) and never changes after, so
 * it is read synchronously everywhere, inside and outside React.
 *
 * It is checked by hand against `runtimeConfigSchema` (shared/runtime-config.ts) rather than with zod:
 * this module is in the entry chunk, and zod would add 25 KB gzip to every first load
 * (config.test.ts holds the two to the same verdicts).
 */

let current: RuntimeConfig | null = null;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  let response: Response;
  try {
    // No `cache` or custom header: the request must match index.html's preload to reuse it, and the
    // server's own Cache-Control (no-cache in AWS, no-store locally) keeps it fresh.
    response = await fetchImpl('/config.json');
  } catch (cause) {
    throw new ConfigError('The server could not be reached to load /config.json.', { cause });
  }
  if (!response.ok) throw new ConfigError(`Loading /config.json failed with HTTP ${response.status}.`);
  const checked = checkRuntimeConfig(await response.json().catch(() => null));
  if (!checked.ok) throw new ConfigError(`/config.json is invalid (${checked.invalid.join(', ')}).`);
  return checked.config;
}

const EXTERNAL_LINK_KEYS = [
  'backlinkManager',
  'googleAdsAdvisor',
  'emailOutreach',
  'aiOptimization',
  'newsletterPlatformLogin',
  'pressDistributionLogin',
] as const satisfies readonly (keyof ExternalLinks)[];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isUrl = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
};

const isNonEmpty = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** The paths of the invalid fields, as the shared zod schema would name them, or the config itself. */
export function checkRuntimeConfig(
  value: unknown,
): { ok: true; config: RuntimeConfig } | { ok: false; invalid: string[] } {
  if (!isRecord(value)) return { ok: false, invalid: ['(root)'] };
  const links = value.externalLinks;
  // In the schema's field order, so the message names fields as zod did.
  const checks: [string, boolean][] = [
    ['region', isNonEmpty(value.region)],
    ['userPoolId', isNonEmpty(value.userPoolId)],
    ['userPoolClientId', isNonEmpty(value.userPoolClientId)],
    ['userPoolEndpoint', value.userPoolEndpoint === undefined || isUrl(value.userPoolEndpoint)],
    ['authFlowType', value.authFlowType === 'USER_PASSWORD_AUTH'],
    ['apiUrl', typeof value.apiUrl === 'string'],
    ['wsUrl', isNonEmpty(value.wsUrl)],
    ['allowedEmailDomain', isNonEmpty(value.allowedEmailDomain)],
    ...(isRecord(links)
      ? EXTERNAL_LINK_KEYS.map((key): [string, boolean] => [
          `externalLinks.${key}`,
          links[key] === null || isUrl(links[key]),
        ])
      : [['externalLinks', false] as [string, boolean]]),
    ['local', typeof value.local === 'boolean'],
  ];
  const invalid = checks.filter(([, ok]) => !ok).map(([path]) => path);
  if (invalid.length > 0 || !isRecord(links)) return { ok: false, invalid };
  // Like zod's object(): known keys only, in the schema's order.
  const config: RuntimeConfig = {
    region: String(value.region),
    userPoolId: String(value.userPoolId),
    userPoolClientId: String(value.userPoolClientId),
    ...(value.userPoolEndpoint === undefined ? {} : { userPoolEndpoint: String(value.userPoolEndpoint) }),
    authFlowType: 'USER_PASSWORD_AUTH',
    apiUrl: String(value.apiUrl),
    wsUrl: String(value.wsUrl),
    allowedEmailDomain: String(value.allowedEmailDomain),
    externalLinks: Object.fromEntries(
      EXTERNAL_LINK_KEYS.map((key) => [key, links[key] === null ? null : String(links[key])]),
    ) as ExternalLinks,
    local: value.local === true,
  };
  return { ok: true, config };
}

/** Null forgets the config again (tests). */
export function setRuntimeConfig(config: RuntimeConfig | null): void {
  current = config;
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new ConfigError('The runtime config was read before it was loaded.');
  return current;
}

/** Same as getRuntimeConfig(); named as a hook so components read naturally. */
export function useConfig(): RuntimeConfig {
  return getRuntimeConfig();
}
