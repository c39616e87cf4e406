import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  clearProviderKeyCache,
  loadProviderKeys,
  PROVIDER_KEY_CACHE_MS,
  providerKeysFrom,
} from './provider-keys';

const ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:lbm-provider-keys';

describe('providerKeysFrom', () => {
  it('reads each provider key and optional base URL, skipping blank values', () => {
    expect(
      providerKeysFrom({
        OPENAI_API_KEY: ' sk-openai ',
        OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
        ANTHROPIC_API_KEY: 'sk-ant',
        XAI_API_KEY: '   ',
        XAI_BASE_URL: 'https://proxy.example/xai',
      }),
    ).toEqual({
      openai: { apiKey: 'sk-openai', baseUrl: 'http://127.0.0.1:11434/v1' },
      anthropic: { apiKey: 'sk-ant' },
    });
  });

  it('accepts GEMINI_API_KEY for Google, preferring GOOGLE_API_KEY', () => {
    expect(providerKeysFrom({ GEMINI_API_KEY: 'gem' })).toEqual({ google: { apiKey: 'gem' } });
    expect(
      providerKeysFrom({ GEMINI_API_KEY: 'gem', GOOGLE_API_KEY: 'goo', GOOGLE_BASE_URL: 'http://g' }),
    ).toEqual({
      google: { apiKey: 'goo', baseUrl: 'http://g' },
    });
  });
});

describe('loadProviderKeys', () => {
  const secrets = mockClient(SecretsManagerClient);

  beforeEach(() => {
    secrets.reset();
    clearProviderKeyCache();
  });

  afterEach(() => clearProviderKeyCache());

  it('reads the environment when no secret is named', async () => {
    const keys = await loadProviderKeys({ env: { ANTHROPIC_API_KEY: 'sk-ant' } });
    expect(keys).toEqual({ anthropic: { apiKey: 'sk-ant' } });
    expect(secrets.calls()).toHaveLength(0);
  });

  it('reads the secret once per container, its values winning over the environment', async () => {
    secrets.on(GetSecretValueCommand, { SecretId: ARN }).resolves({
      SecretString: JSON.stringify({ OPENAI_API_KEY: 'sk-from-secret', XAI_API_KEY: 'xai', LEVEL: 3 }),
    });
    const env = {
      PROVIDER_SECRET_ARN: ARN,
      OPENAI_API_KEY: 'sk-from-env',
      OPENAI_BASE_URL: 'http://proxy/v1',
    };

    const first = await loadProviderKeys({ env });
    const second = await loadProviderKeys({ env });

    expect(first).toEqual({
      openai: { apiKey: 'sk-from-secret', baseUrl: 'http://proxy/v1' },
      xai: { apiKey: 'xai' },
    });
    expect(second).toEqual(first);
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(1);
  });

  it('does not cache a failed read, and says what went wrong', async () => {
    secrets
      .on(GetSecretValueCommand)
      .rejectsOnce(Object.assign(new Error('denied'), { name: 'AccessDeniedException' }))
      .resolves({ SecretString: '{"GOOGLE_API_KEY":"goo"}' });
    const env = { PROVIDER_SECRET_ARN: ARN };

    await expect(loadProviderKeys({ env })).rejects.toThrow(
      'Could not read the AI provider keys from Secrets Manager (AccessDeniedException).',
    );
    await expect(loadProviderKeys({ env })).resolves.toEqual({ google: { apiKey: 'goo' } });
  });

  it('rejects a secret that is not a JSON object', async () => {
    secrets.on(GetSecretValueCommand).resolves({ SecretString: 'sk-just-a-key' });
    await expect(
      loadProviderKeys({
        env: { PROVIDER_SECRET_ARN: ARN },
      }),
    ).rejects.toThrow('The AI provider key secret must be a JSON object');
  });
});

describe('provider key cache', () => {
  const secrets = mockClient(SecretsManagerClient);
  const env = { PROVIDER_SECRET_ARN: ARN };

  beforeEach(() => {
    secrets.reset();
    clearProviderKeyCache();
  });

  it('reads the secret again after the cache lifetime, so a rotated key is used', async () => {
    secrets
      .on(GetSecretValueCommand)
      .resolvesOnce({ SecretString: '{"OPENAI_API_KEY":"sk-old"}' })
      .resolves({ SecretString: '{"OPENAI_API_KEY":"sk-new"}' });
    let clock = 1_000_000;
    const load = () => loadProviderKeys({ env, now: () => clock });

    expect((await load()).openai?.apiKey).toBe('sk-old');
    clock += PROVIDER_KEY_CACHE_MS - 1;
    expect((await load()).openai?.apiKey).toBe('sk-old');
    clock += 1;
    expect((await load()).openai?.apiKey).toBe('sk-new');
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(2);
  });

  it('never caches a secret without any key: keys filled in after deploy are used by the next job', async () => {
    secrets
      .on(GetSecretValueCommand)
      .resolvesOnce({ SecretString: '{"OPENAI_API_KEY":"","generated":"x"}' })
      .resolves({ SecretString: '{"OPENAI_API_KEY":"sk-filled"}' });
    const now = () => 5_000;

    expect(await loadProviderKeys({ env, now })).toEqual({});
    expect((await loadProviderKeys({ env, now })).openai?.apiKey).toBe('sk-filled');
    expect(await loadProviderKeys({ env, now })).toEqual({
      openai: { apiKey: 'sk-filled' },
    });
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(2);
  });
});
