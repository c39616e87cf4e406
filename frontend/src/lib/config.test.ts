import { afterEach, describe, expect, it } from 'vitest';
import type { RuntimeConfig } from '#shared/runtime-config';
import { ConfigError, getRuntimeConfig, loadRuntimeConfig, setRuntimeConfig } from './config';

const valid: RuntimeConfig = {
  region: 'us-east-1',
  userPoolId: 'local_pool',
  userPoolClientId: 'client',
  userPoolEndpoint: 'http://127.0.0.1:9229',
  authFlowType: 'USER_PASSWORD_AUTH',
  apiUrl: '',
  wsUrl: 'ws://127.0.0.1:3000/ws',
  allowedEmailDomain: 'example.com',
  externalLinks: {
    backlinkManager: 'https://backlinks.example.com',
    googleAdsAdvisor: null,
    emailOutreach: null,
    aiOptimization: null,
    newsletterPlatformLogin: null,
    pressDistributionLogin: null,
  },
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
