import {
  GetSecretValueCommand,
  type GetSecretValueCommandOutput,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { memo } from './client-endpoint';

/** Reads the provider keys, the origin secret and the media URL secret in AWS (locally they are environment). */
export const secretsClient = memo('SECRETS_MANAGER', () => new SecretsManagerClient({}));

/** The current version of a secret, by name or ARN. */
export function getSecretValue(secretId: string): Promise<GetSecretValueCommandOutput> {
  return secretsClient().send(new GetSecretValueCommand({ SecretId: secretId }));
}
