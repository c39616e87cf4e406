import { S3Client } from '@aws-sdk/client-s3';
import { endpoint, memo, withoutLogFiltering } from './client-endpoint';

export const s3Client = memo('S3', () => {
  const s3Endpoint = endpoint('S3');
  return withoutLogFiltering(
    new S3Client({
      endpoint: s3Endpoint,
      forcePathStyle: s3Endpoint !== undefined,
      // s3rver cannot validate the SDK's default CRC checksums; asking only when required works in both.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
  );
});
