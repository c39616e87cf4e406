import { KMSClient } from '@aws-sdk/client-kms';
import { endpoint, memo, withoutLogFiltering } from './client-endpoint';

export const kmsClient = memo('KMS', () => withoutLogFiltering(new KMSClient({ endpoint: endpoint('KMS') })));
