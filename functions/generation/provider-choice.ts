import type { ProviderName, TextProvider } from '#functions/providers/ports';
import { loadProviderKeys } from '#functions/providers/provider-keys';
import { resolveTextProvider } from '#functions/providers/provider-resolver';

export interface ProviderChoice {
  provider: TextProvider;
  apiModelId: string;
  servedBy: ProviderName;
  /** Why Offline wrote this instead of the requested provider; null when the requested one did. */
  fallbackReason: string | null;
}

/**
 * Picks who writes the text: the model's provider when its key is configured, else the offline
 * composer, which streams the tool's deterministic draft (composed only when it is needed).
 */
export async function resolveProviderForTool(
  modelId: string,
  composeOffline: () => string | Promise<string>,
): Promise<ProviderChoice> {
  const resolution = resolveTextProvider(modelId, await loadProviderKeys(), { composeOffline });
  return {
    provider: resolution.provider,
    apiModelId: resolution.apiModelId,
    servedBy: resolution.servedBy,
    fallbackReason: resolution.fallbackReason,
  };
}
