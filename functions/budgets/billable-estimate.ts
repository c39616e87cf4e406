import type { ModelProvider } from '#shared/models';

/**
 * What a job's estimate holds of its client's budget: its list price when it can cost money, that is
 * when the provider that would bill it has a key here, and nothing when it runs offline (or on the
 * user's own key: `provider` null). docs/decisions.md, "Client budgets that tell the truth". The keys
 * load on first use only, out of the route's cold start, and only for a job that has an estimate.
 */
export async function billableEstimate(
  provider: ModelProvider | null,
  estimateMicroUsd: number,
): Promise<number> {
  if (provider === null || estimateMicroUsd <= 0) return 0;
  const { loadProviderKeys } = await import('#functions/providers/provider-keys');
  return (await loadProviderKeys())[provider] ? estimateMicroUsd : 0;
}
