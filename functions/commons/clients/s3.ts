import { S3Client } from '@aws-sdk/client-s3';
import { configuredEndpoint, memo } from './client-endpoint';

/**
 * The media bucket's client. Checksums only when an operation requires one, in AWS too: s3rver
 * cannot validate the SDK's default CRC32 checksums, and none of our calls needs one (docs/architecture.md, "Two runtimes").
 * An S3-compatible endpoint given by URL (s3rver locally) has no DNS name per bucket, so it is
 * addressed path-style; without one the SDK addresses AWS virtual-hosted, as AWS recommends (its
 * path-style URLs are deprecated). The SDK reads no setting of its own for path-style addressing.
 */
export const s3Client = memo(
  'S3',
  () =>
    new S3Client({
      forcePathStyle: configuredEndpoint('S3') !== undefined,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
);
