import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type AwsJsonService,
  type ServiceReply,
  serviceError,
  startAwsJsonService,
  useServiceEndpoint,
} from '#functions/commons/testing/aws-json-service';
import {
  clearProviderKeyCache,
  loadProviderKeys,
  PROVIDER_KEY_CACHE_MS,
  providerKeysFrom,
} from './provider-keys';

/**
 * The provider keys from the environment and from Secrets Manager. Secrets Manager is a local server
 * speaking its JSON protocol: the tests count the GetSecretValue requests it receives.
 */

const ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:lbm-provider-keys';

let secrets: AwsJsonService;
let restore: () => void;
/** The replies to the next reads, in order; the last one answers every read after it. */
let replies: ServiceReply[] = [];

const secretString = (value: string): ServiceReply => ({ status: 200, body: { ARN, SecretString: value } });
const readsOf = (secretId: string) =>
  secrets.calls.filter(
    (call) => call.target === 'secretsmanager.GetSecretValue' && call.input.SecretId === secretId,
  );

beforeAll(async () => {
  secrets = await startAwsJsonService();
  secrets.answerWith(() => (replies.length > 1 ? replies.shift() : replies[0]) ?? secretString('{}'));
  restore = useServiceEndpoint('SECRETS_MANAGER', secrets.origin);
});

afterAll(async () => {
  restore();
  await secrets.close();
});

beforeEach(() => {
  secrets.calls.length = 0;
  replies = [];
  clearProviderKeyCache();
});

afterEach(() => clearProviderKeyCache());

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
  it('reads the environment when no secret is named', async () => {
    const keys = await loadProviderKeys({ env: { ANTHROPIC_API_KEY: 'sk-ant' } });
    expect(keys).toEqual({ anthropic: { apiKey: 'sk-ant' } });
    expect(secrets.calls).toHaveLength(0);
  });

  it('reads the secret once per container, its values winning over the environment', async () => {
    replies = [
      secretString(JSON.stringify({ OPENAI_API_KEY: 'sk-from-secret', XAI_API_KEY: 'xai', LEVEL: 3 })),
    ];
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
    expect(readsOf(ARN)).toHaveLength(1);
  });

  it('does not cache a failed read, and says what went wrong', async () => {
    replies = [
      serviceError(400, 'AccessDeniedException', 'User is not authorized to perform GetSecretValue'),
      secretString('{"GOOGLE_API_KEY":"goo"}'),
    ];
    const env = { PROVIDER_SECRET_ARN: ARN };

    await expect(loadProviderKeys({ env })).rejects.toThrow(
      'Could not read the AI provider keys from Secrets Manager (AccessDeniedException).',
    );
    await expect(loadProviderKeys({ env })).resolves.toEqual({ google: { apiKey: 'goo' } });
    expect(readsOf(ARN)).toHaveLength(2);
  });

  it('rejects a secret that is not a JSON object', async () => {
    replies = [secretString('sk-just-a-key')];
    await expect(loadProviderKeys({ env: { PROVIDER_SECRET_ARN: ARN } })).rejects.toThrow(
      'The AI provider key secret must be a JSON object',
    );
  });
});

describe('provider key cache', () => {
  const env = { PROVIDER_SECRET_ARN: ARN };

  it('reads the secret again after the cache lifetime, so a rotated key is used', async () => {
    replies = [secretString('{"OPENAI_API_KEY":"sk-old"}'), secretString('{"OPENAI_API_KEY":"sk-new"}')];
    let clock = 1_000_000;
    const load = () => loadProviderKeys({ env, now: () => clock });

    expect((await load()).openai?.apiKey).toBe('sk-old');
    clock += PROVIDER_KEY_CACHE_MS - 1;
    expect((await load()).openai?.apiKey).toBe('sk-old');
    clock += 1;
    expect((await load()).openai?.apiKey).toBe('sk-new');
    expect(readsOf(ARN)).toHaveLength(2);
  });

  it('never caches a secret without any key: keys filled in after deploy are used by the next job', async () => {
    replies = [
      secretString('{"OPENAI_API_KEY":"","generated":"x"}'),
      secretString('{"OPENAI_API_KEY":"sk-filled"}'),
    ];
    const now = () => 5_000;

    expect(await loadProviderKeys({ env, now })).toEqual({});
    expect((await loadProviderKeys({ env, now })).openai?.apiKey).toBe('sk-filled');
    expect(await loadProviderKeys({ env, now })).toEqual({
      openai: { apiKey: 'sk-filled' },
    });
    expect(readsOf(ARN)).toHaveLength(2);
  });
});
