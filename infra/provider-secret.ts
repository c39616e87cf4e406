import { PROVIDER_KEY_NAMES } from '#contract/provider-key-names';

/**
 * The field CloudFormation generates in the provider secret at creation, so that the secret starts as a
 * JSON object without any provider key. The worker reads only the names below and ignores it.
 */
export const PROVIDER_SECRET_PLACEHOLDER_FIELD = 'generatedPlaceholder';

/**
 * Every name the worker reads from the provider secret (functions/providers/provider-keys.ts), all
 * empty: the shape an operator fills in (README), with a base URL for a proxy or an OpenAI-compatible
 * server where needed. Empty means "not configured", so that provider's models are served by Offline.
 */
export function providerSecretTemplate(): Record<string, string> {
  const names = Object.values(PROVIDER_KEY_NAMES).flatMap((provider) => [
    provider.apiKey[0],
    provider.baseUrl,
  ]);
  return Object.fromEntries(names.filter((name) => name !== undefined).map((name) => [name, '']));
}
