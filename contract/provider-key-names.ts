import type { ModelProvider } from '#shared/models';

/**
 * The names of the AI provider keys: the handlers read them from the environment or the provider secret
 * (functions/providers/provider-keys.ts), and the stack and the local runtime name the secret's fields
 * and the variables after them.
 */
/** Variable (and secret field) names per provider; the first key name found wins. */
export const PROVIDER_KEY_NAMES: Readonly<
  Record<ModelProvider, { readonly apiKey: readonly string[]; readonly baseUrl: string }>
> = {
  openai: { apiKey: ['OPENAI_API_KEY'], baseUrl: 'OPENAI_BASE_URL' },
  anthropic: { apiKey: ['ANTHROPIC_API_KEY'], baseUrl: 'ANTHROPIC_BASE_URL' },
  google: { apiKey: ['GOOGLE_API_KEY', 'GEMINI_API_KEY'], baseUrl: 'GOOGLE_BASE_URL' },
  xai: { apiKey: ['XAI_API_KEY'], baseUrl: 'XAI_BASE_URL' },
};
