import { PROVIDER_KEY_NAMES } from '#contract/provider-key-names';
import { envNames } from '#contract/routes';
import { getSecretValue } from '#functions/commons/clients/secrets-manager';
import type { ModelProvider } from '#shared/models';

/**
 * Where the AI provider keys come from: the environment locally, and in AWS the Secrets Manager secret
 * named by PROVIDER_SECRET_ARN (a JSON object with the same names as the variables). Secret values win
 * over environment values of the same name. The secret is cached for PROVIDER_KEY_CACHE_MS, so a key
 * added or rotated after a container started is used within minutes; a read that finds no key at all
 * is not cached, so the first job after the keys are filled in already uses them.
 */

export interface ProviderCredentials {
  readonly apiKey: string;
  /** Another endpoint for the provider: a proxy, an OpenAI-compatible server (Ollama, vLLM), a test server. */
  readonly baseUrl?: string;
}

export type ProviderKeys = Readonly<Partial<Record<ModelProvider, ProviderCredentials>>>;

type Settings = Readonly<Record<string, string | undefined>>;

const present = (value: string | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/** Reads the keys from one set of named values (the environment, the secret, or both merged). */
export function providerKeysFrom(values: Settings): ProviderKeys {
  const keys: Partial<Record<ModelProvider, ProviderCredentials>> = {};
  for (const [provider, names] of Object.entries(PROVIDER_KEY_NAMES) as [
    ModelProvider,
    (typeof PROVIDER_KEY_NAMES)[ModelProvider],
  ][]) {
    const apiKey = names.apiKey.map((name) => present(values[name])).find((value) => value !== undefined);
    if (apiKey === undefined) continue;
    const baseUrl = present(values[names.baseUrl]);
    keys[provider] = baseUrl === undefined ? { apiKey } : { apiKey, baseUrl };
  }
  return keys;
}

export interface LoadProviderKeysOptions {
  readonly env?: NodeJS.ProcessEnv;
  /** The clock, for tests of the cache's lifetime. */
  readonly now?: () => number;
}

/** How long a read of the secret is reused: rotations and new keys are seen within this time. */
export const PROVIDER_KEY_CACHE_MS = 5 * 60 * 1000;

interface CachedSecret {
  readonly value: Promise<Settings>;
  readonly readAt: number;
}

const secretCache = new Map<string, CachedSecret>();

/** Forgets the cached secret, so the next load reads it again (after a rotation, and in tests). */
export function clearProviderKeyCache(): void {
  secretCache.clear();
}

export async function loadProviderKeys(options: LoadProviderKeysOptions = {}): Promise<ProviderKeys> {
  const env = options.env ?? process.env;
  const secretArn = present(env[envNames.providerSecretArn]);
  if (secretArn === undefined) return providerKeysFrom(env);
  const secret = await cachedSecret(secretArn, options.now ?? Date.now);
  return providerKeysFrom(mergeDefined(env, secret));
}

function mergeDefined(base: Settings, override: Settings): Settings {
  const merged: Record<string, string | undefined> = { ...base };
  for (const [name, value] of Object.entries(override))
    if (present(value) !== undefined) merged[name] = value;
  return merged;
}

function cachedSecret(secretArn: string, now: () => number): Promise<Settings> {
  const cached = secretCache.get(secretArn);
  if (cached && now() - cached.readAt < PROVIDER_KEY_CACHE_MS) return cached.value;
  const entry: CachedSecret = { value: readSecret(secretArn), readAt: now() };
  secretCache.set(secretArn, entry);
  const forget = () => {
    if (secretCache.get(secretArn) === entry) secretCache.delete(secretArn);
  };
  // Neither a failed read nor one without any key is kept: the next job reads the secret again.
  entry.value.then((values) => {
    if (Object.keys(providerKeysFrom(values)).length === 0) forget();
  }, forget);
  return entry.value;
}

async function readSecret(secretArn: string): Promise<Settings> {
  let text: string | undefined;
  try {
    text = (await getSecretValue(secretArn)).SecretString;
  } catch (error) {
    const reason = error instanceof Error ? error.name : 'unknown error';
    throw new Error(`Could not read the AI provider keys from Secrets Manager (${reason}).`, {
      cause: error,
    });
  }
  let parsed: unknown;
  try {
    parsed = text === undefined ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('The AI provider key secret must be a JSON object such as {"OPENAI_API_KEY": "..."}.');
  }
  return Object.fromEntries(
    Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
