import type { ProviderName } from '#functions/providers/ports';

/**
 * The one Secrets Manager secret holding the AI providers' API keys, as a JSON object with these keys
 * (the same names the local runtime reads from the environment). The stack creates it with empty values;
 * an empty value means "no key", so that provider's models are served by Offline until the key is filled
 * in after deploy. No CDK imports: the worker reads these names too.
 */
export const PROVIDER_SECRET_KEYS = {
  openai: 'OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
  google: 'GOOGLE_API_KEY',
  xai: 'XAI_API_KEY',
} as const satisfies Record<Exclude<ProviderName, 'offline'>, string>;

export type ProviderSecretKey = (typeof PROVIDER_SECRET_KEYS)[keyof typeof PROVIDER_SECRET_KEYS];

/** The secret's value at creation: every key present and empty. */
export function emptyProviderSecret(): Record<ProviderSecretKey, string> {
  const entries = Object.values(PROVIDER_SECRET_KEYS).map((key) => [key, ''] as const);
  return Object.fromEntries(entries) as Record<ProviderSecretKey, string>;
}
