import { PROVIDER_KEY_NAMES } from '#functions/providers/provider-keys';

/**
 * The initial value of the Secrets Manager secret holding the AI providers' keys: a JSON object with
 * every name the worker reads (functions/providers/provider-keys.ts), all empty. Empty means "not
 * configured", so that provider's models are served by Offline until an operator fills the key in
 * (and, if needed, a base URL for a proxy or an OpenAI-compatible server).
 */
export function providerSecretTemplate(): Record<string, string> {
  const names = Object.values(PROVIDER_KEY_NAMES).flatMap((provider) => [
    provider.apiKey[0],
    provider.baseUrl,
  ]);
  return Object.fromEntries(names.filter((name) => name !== undefined).map((name) => [name, '']));
}
