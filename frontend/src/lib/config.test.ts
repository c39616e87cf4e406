import { afterEach, describe, expect, it } from 'vitest';
import { NO_EXTERNAL_LINKS, type RuntimeConfig, runtimeConfigSchema } from '#shared/runtime-config';
import {
  ConfigError,
  checkRuntimeConfig,
  getRuntimeConfig,
  loadRuntimeConfig,
  setRuntimeConfig,
} from './config';

const valid: RuntimeConfig = {
  region: 'us-east-1',
  userPoolId: 'local_pool',
  userPoolClientId: 'client',
  userPoolEndpoint: 'http://127.0.0.1:9229',
  authFlowType: 'USER_PASSWORD_AUTH',
  apiUrl: '',
  wsUrl: 'ws://127.0.0.1:3000/ws',
  allowedEmailDomain: 'example.com',
  externalLinks: { ...NO_EXTERNAL_LINKS, backlinkManager: 'https://backlinks.example.com' },
  local: true,
};

const serving = (status: number, body: unknown): typeof fetch =>
  (async () => new Response(JSON.stringify(body), { status })) as typeof fetch;

afterEach(() => setRuntimeConfig(null));

describe('loadRuntimeConfig', () => {
  it('returns a valid config', async () => {
    await expect(loadRuntimeConfig(serving(200, valid))).resolves.toEqual(valid);
  });

  it('names the invalid fields', async () => {
    const broken = { ...valid, authFlowType: 'USER_SRP_AUTH', wsUrl: '' };
    await expect(loadRuntimeConfig(serving(200, broken))).rejects.toThrow(/authFlowType, wsUrl/);
  });

  it('reports an HTTP failure and an unreachable server as ConfigError', async () => {
    await expect(loadRuntimeConfig(serving(503, {}))).rejects.toThrow('HTTP 503');
    const offline = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    await expect(loadRuntimeConfig(offline)).rejects.toBeInstanceOf(ConfigError);
  });
});

describe('getRuntimeConfig', () => {
  it('throws before the config is set and returns it after', () => {
    expect(() => getRuntimeConfig()).toThrow(ConfigError);
    setRuntimeConfig(valid);
    expect(getRuntimeConfig()).toBe(valid);
  });
});

const { userPoolEndpoint: _endpoint, ...withoutEndpoint } = valid;

const samples: unknown[] = [
  valid,
  withoutEndpoint,
  { ...valid, extra: 'dropped' },
  null,
  [],
  'config',
  { ...valid, region: '' },
  { ...valid, userPoolId: 7 },
  { ...valid, userPoolEndpoint: 'not a url' },
  { ...valid, authFlowType: 'USER_SRP_AUTH', wsUrl: '' },
  { ...valid, apiUrl: null },
  { ...valid, local: 'yes' },
  { ...valid, externalLinks: null },
  { ...valid, externalLinks: { ...valid.externalLinks, emailOutreach: 'nope' } },
  { ...valid, externalLinks: { ...valid.externalLinks, pressDistributionLogin: undefined } },
  {},
];

/** The invalid paths zod names, each once, in the order it reports them. */
function zodVerdict(sample: unknown) {
  const parsed = runtimeConfigSchema.safeParse(sample);
  if (parsed.success) return { ok: true as const, config: parsed.data };
  const paths = parsed.error.issues.map((issue) => issue.path.join('.') || '(root)');
  return { ok: false as const, invalid: [...new Set(paths)].sort() };
}

describe('checkRuntimeConfig', () => {
  it('accepts and refuses what the shared zod schema does, naming the same fields', () => {
    for (const sample of samples) {
      const checked = checkRuntimeConfig(sample);
      const expected = zodVerdict(sample);
      if (expected.ok) expect(checked).toEqual({ ok: true, config: expected.config });
      else expect(checked.ok ? [] : [...checked.invalid].sort()).toEqual(expected.invalid);
    }
  });
});
