import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type AwsJsonService,
  type ServiceReply,
  serviceError,
  startAwsJsonService,
  useServiceEndpoint,
} from '#functions/commons/testing/aws-json-service';
import { envNames } from '#infra/routes';
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
  // Secrets Manager is a local server speaking its JSON protocol; the tests count its reads.
  let secrets: AwsJsonService;
  let restore: () => void;
  let reply: ServiceReply;
  const env = { [envNames.originSecretArn]: ARN };
  let now = 1_000_000;
  const options = () => ({ env, now: () => now });
  const secretString = (value: string): ServiceReply => ({ status: 200, body: { ARN, SecretString: value } });
  const reads = () =>
    secrets.calls.filter(
      (call) => call.target === 'secretsmanager.GetSecretValue' && call.input.SecretId === ARN,
    ).length;

  beforeAll(async () => {
    secrets = await startAwsJsonService();
    secrets.answerWith(() => reply);
    restore = useServiceEndpoint('SECRETS_MANAGER', secrets.origin);
  });
  afterAll(async () => {
    restore();
    await secrets.close();
  });
  beforeEach(() => {
    secrets.calls.length = 0;
    clearOriginSecretCache();
  });
  afterEach(() => clearOriginSecretCache());

  it('reads the secret once and reuses it until the cache lifetime ends, then sees a new value', async () => {
    reply = secretString('first');
    expect(await cameThroughCloudFront(header('first'), options())).toBe(true);
    now += ORIGIN_SECRET_TTL_MS - 1;
    expect(await cameThroughCloudFront(header('first'), options())).toBe(true);
    expect(reads()).toBe(1);

    reply = secretString('second');
    now += 1;
    expect(await cameThroughCloudFront(header('first'), options())).toBe(false);
    expect(await cameThroughCloudFront(header('second'), options())).toBe(true);
    expect(reads()).toBe(2);
  });

  it('does not keep a failed read: the next request reads again', async () => {
    reply = serviceError(400, 'AccessDeniedException', 'not authorized to perform GetSecretValue');
    await expect(cameThroughCloudFront(header('ok'), options())).rejects.toThrow(
      'not authorized to perform GetSecretValue',
    );
    reply = secretString('ok');
    expect(await cameThroughCloudFront(header('ok'), options())).toBe(true);
    expect(reads()).toBe(2);
  });

  it('does not read the secret for a request without the header', async () => {
    expect(await cameThroughCloudFront({ authorization: 'Bearer x' }, options())).toBe(false);
    expect(reads()).toBe(0);
  });
});
