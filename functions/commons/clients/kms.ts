import { AwsJsonClient } from './aws-json-client';
import { endpoint, memo } from './client-endpoint';

/**
 * KMS over its JSON 1.1 protocol (aws-json-client.ts says why not the SDK's client). Blobs travel as
 * base64: a Uint8Array input is encoded by the client, a blob in the output is a base64 string.
 */
export const kmsClient = memo(
  'KMS',
  () =>
    new AwsJsonClient({
      service: 'kms',
      targetPrefix: 'TrentService',
      jsonVersion: '1.1',
      endpoint: endpoint('KMS'),
    }),
);
