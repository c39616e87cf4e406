import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { endpoint, memo, withoutLogFiltering } from './client-endpoint';

export const secretsClient = memo('SECRETS_MANAGER', () =>
  withoutLogFiltering(new SecretsManagerClient({ endpoint: endpoint('SECRETS_MANAGER') })),
);
