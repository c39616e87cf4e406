import { KMSClient } from '@aws-sdk/client-kms';
import { memo } from './client-endpoint';

/** Encrypts and decrypts the WordPress application passwords in AWS (locally a key file does). */
export const kmsClient = memo('KMS', () => new KMSClient({}));
