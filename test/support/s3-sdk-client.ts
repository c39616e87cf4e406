import { S3Client } from '@aws-sdk/client-s3';
import { endpoint, memo } from '#functions/commons/clients/client-endpoint';

/**
 * The SDK's S3 client at the test runtime's s3rver, for tests that write objects as earlier versions
 * of the app did (with the SDK) or list the bucket independently of the code under test. Functions
 * use functions/commons/clients/s3-objects.ts, which has no SDK in it.
 */
export const s3SdkClient = memo(
  'S3',
  () =>
    new S3Client({
      endpoint: endpoint('S3'),
      forcePathStyle: true,
      // s3rver cannot validate the SDK's default CRC checksums; asking only when required works.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
);
