import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type AwsJsonService,
  serviceError,
  startAwsJsonService,
  useServiceEndpoint,
} from '#functions/commons/testing/aws-json-service';
import type { AwsError } from './aws-json-client';
import { getSecretValue } from './secrets-manager';

/** GetSecretValue against a local server speaking Secrets Manager's JSON protocol (version 1.1). */

const ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:lbm-origin-verify-AbCdEf';

let secrets: AwsJsonService;
let restore: () => void;

beforeAll(async () => {
  secrets = await startAwsJsonService();
  restore = useServiceEndpoint('SECRETS_MANAGER', secrets.origin);
});

afterAll(async () => {
  restore();
  await secrets.close();
});

beforeEach(() => {
  secrets.calls.length = 0;
});

describe('getSecretValue', () => {
  it('asks for the secret by id and returns its text, signed for secretsmanager', async () => {
    secrets.answerWith(() => ({
      status: 200,
      body: { ARN, Name: 'lbm-origin-verify', VersionId: 'v1', SecretString: 'value', CreatedDate: 1.7e9 },
    }));
    const secret = await getSecretValue(ARN);
    expect(secret.SecretString).toBe('value');
    expect(secret.VersionId).toBe('v1');
    const [call] = secrets.calls;
    expect(call?.target).toBe('secretsmanager.GetSecretValue');
    expect(call?.contentType).toBe('application/x-amz-json-1.1');
    expect(call?.authorization).toMatch(/\/secretsmanager\/aws4_request/);
    expect(call?.input).toEqual({ SecretId: ARN });
  });

  it('names a refusal as the SDK does', async () => {
    secrets.answerWith(() =>
      serviceError(400, 'ResourceNotFoundException', "Secrets Manager can't find the specified secret."),
    );
    const error = (await getSecretValue(ARN).catch((caught: unknown) => caught)) as AwsError;
    expect(error.name).toBe('ResourceNotFoundException');
    expect(error.message).toBe("Secrets Manager can't find the specified secret.");
    expect(error.$metadata.httpStatusCode).toBe(400);
  });
});
