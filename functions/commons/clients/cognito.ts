import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { endpoint, memo, withoutLogFiltering } from './client-endpoint';

export const cognitoClient = memo('COGNITO_IDENTITY_PROVIDER', () =>
  withoutLogFiltering(new CognitoIdentityProviderClient({ endpoint: endpoint('COGNITO_IDENTITY_PROVIDER') })),
);
