import { AwsJsonClient } from './aws-json-client';
import { endpoint, memo } from './client-endpoint';

/**
 * The Cognito user pool's API (`cognito-idp`) over its JSON 1.1 protocol (aws-json-client.ts says why
 * not the SDK's client). Locally AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER points it at the emulator,
 * which checks the SigV4 credential of admin calls as AWS does.
 */
export const cognitoClient = memo(
  'COGNITO_IDENTITY_PROVIDER',
  () =>
    new AwsJsonClient({
      service: 'cognito-idp',
      targetPrefix: 'AWSCognitoIdentityProviderService',
      jsonVersion: '1.1',
      endpoint: endpoint('COGNITO_IDENTITY_PROVIDER'),
    }),
);
