import { type RuntimeConfig, runtimeConfigSchema } from '#shared/runtime-config';

/**
 * The runtime config is fetched once before the app renders (see main.tsx) and never changes after, so
 * it is read synchronously everywhere, inside and outside React.
 */

let current: RuntimeConfig | null = null;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetchImpl('/config.json', {
      cache: 'no-store',
      headers: { accept: 'application/json' },
    });
  } catch (cause) {
    throw new ConfigError('The server could not be reached to load /config.json.', { cause });
  }
  if (!response.ok) throw new ConfigError(`Loading /config.json failed with HTTP ${response.status}.`);
  const parsed = runtimeConfigSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(root)').join(', ');
    throw new ConfigError(`/config.json is invalid (${fields}).`);
  }
  return parsed.data;
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
