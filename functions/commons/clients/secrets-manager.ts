import { AwsJsonClient } from './aws-json-client';
import { endpoint, memo } from './client-endpoint';

/**
 * Secrets Manager's GetSecretValue over its JSON protocol (aws-json-client.ts says why not the SDK's
 * client), at AWS_ENDPOINT_URL_SECRETS_MANAGER when set. Errors carry the names the SDK gives them
 * (`ResourceNotFoundException`, `AccessDeniedException`, `DecryptionFailure`, …).
 */

export const secretsClient = memo(
  'SECRETS_MANAGER',
  () =>
    new AwsJsonClient({
      service: 'secretsmanager',
      targetPrefix: 'secretsmanager',
      jsonVersion: '1.1',
      endpoint: endpoint('SECRETS_MANAGER'),
    }),
);

/** What our callers read of a secret: they all store text, so a binary secret has no SecretString. */
export interface SecretValue {
  readonly ARN?: string;
  readonly Name?: string;
  readonly VersionId?: string;
  readonly SecretString?: string;
}

/** The current version of a secret, by name or ARN. */
export async function getSecretValue(secretId: string): Promise<SecretValue> {
  return (await secretsClient().call('GetSecretValue', { SecretId: secretId })) as SecretValue;
}
