import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { memo } from './client-endpoint';

/** The user pool's admin API (group membership); locally the Cognito emulator. */
export const cognitoClient = memo('COGNITO_IDENTITY_PROVIDER', () => new CognitoIdentityProviderClient({}));
