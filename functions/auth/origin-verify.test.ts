import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { envNames } from '#contract/routes';
import { ORIGIN_SECRET_TTL_MS, ORIGIN_VERIFY_HEADER } from '#shared/origin-verify';
import { cameThroughCloudFront, clearOriginSecretCache } from './origin-verify';

const ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:lbm-origin-verify';
const header = (value: string) => ({ [ORIGIN_VERIFY_HEADER]: value });

describe('cameThroughCloudFront with a local value', () => {
  const env = { [envNames.originSecret]: 'local-origin-value' };

  it('accepts the exact value and nothing else', async () => {
    expect(await cameThroughCloudFront(header('local-origin-value'), { env })).toBe(true);
    expect(await cameThroughCloudFront(header('local-origin-valuE'), { env })).toBe(false);
    expect(await cameThroughCloudFront(header('local-origin-value-and-more'), { env })).toBe(false);
    expect(await cameThroughCloudFront({}, { env })).toBe(false);
    expect(await cameThroughCloudFront(undefined, { env })).toBe(false);
  });

  it('refuses everything when no value is configured (fails closed)', async () => {
    expect(await cameThroughCloudFront(header('anything'), { env: {} })).toBe(false);
  });
});

describe('cameThroughCloudFront with the Secrets Manager value', () => {
  const secrets = mockClient(SecretsManagerClient);
  const env = { [envNames.originSecretArn]: ARN };
  let now = 1_000_000;
  const options = () => ({ env, now: () => now });

  beforeEach(() => {
    secrets.reset();
    clearOriginSecretCache();
  });
  afterEach(() => clearOriginSecretCache());

  it('reads the secret once and reuses it until the cache lifetime ends, then sees a new value', async () => {
    secrets.on(GetSecretValueCommand, { SecretId: ARN }).resolves({ SecretString: 'first' });
    expect(await cameThroughCloudFront(header('first'), options())).toBe(true);
    now += ORIGIN_SECRET_TTL_MS - 1;
    expect(await cameThroughCloudFront(header('first'), options())).toBe(true);
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(1);

    secrets.on(GetSecretValueCommand, { SecretId: ARN }).resolves({ SecretString: 'second' });
    now += 1;
    expect(await cameThroughCloudFront(header('first'), options())).toBe(false);
    expect(await cameThroughCloudFront(header('second'), options())).toBe(true);
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(2);
  });

  it('does not keep a failed read: the next request reads again', async () => {
    secrets.on(GetSecretValueCommand).rejectsOnce(new Error('throttled')).resolves({ SecretString: 'ok' });
    await expect(cameThroughCloudFront(header('ok'), options())).rejects.toThrow('throttled');
    expect(await cameThroughCloudFront(header('ok'), options())).toBe(true);
  });

  it('does not read the secret for a request without the header', async () => {
    expect(await cameThroughCloudFront({ authorization: 'Bearer x' }, options())).toBe(false);
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(0);
  });
});
