import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  type LifecycleRule,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { MEDIA_KEY_PREFIX, MEDIA_RETENTION_TAG, UNSAVED_MEDIA_DAYS } from '#shared/media';
import { UPLOAD_KEY_PATTERN } from '#shared/media-upload';
import { acknowledge, acknowledgeWildcardResource } from './nag';

/** Deleted media is moved under this prefix and kept this long, so a restored client or item gets it back. */
export const MEDIA_TRASH_PREFIX = 'trash/';
export const MEDIA_TRASH_DAYS = 30;
export const ACCESS_LOG_DAYS = 90;

/**
 * What S3 does with media objects over time. Media a library item keeps is tagged `saved` (when it is
 * written for a job that saves to a client, or when a save names it: functions/media/saved-media.ts),
 * so no rule expires it while the item exists; `job` media expire with their job.
 */
export const MEDIA_LIFECYCLE_RULES: readonly LifecycleRule[] = [
  { id: 'ExpireTrash', prefix: MEDIA_TRASH_PREFIX, expiration: Duration.days(MEDIA_TRASH_DAYS) },
  // Job media that no library item keeps (tagged 'job' when written) goes when the job does.
  {
    id: 'ExpireUnsavedJobMedia',
    prefix: MEDIA_KEY_PREFIX,
    tagFilters: { [MEDIA_RETENTION_TAG]: 'job' },
    expiration: Duration.days(UNSAVED_MEDIA_DAYS),
  },
  // Versioning guards against accidental overwrites; old versions need not be kept forever.
  { id: 'ExpireOldVersions', noncurrentVersionExpiration: Duration.days(MEDIA_TRASH_DAYS) },
  { id: 'AbortUploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
];

/**
 * The private media bucket (generated images, podcast MP3s, staged uploads) and the bucket that
 * receives the access logs of every bucket and of CloudFront.
 */
export class MediaStorage extends Construct {
  readonly accessLogs: Bucket;
  readonly media: Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    this.accessLogs = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      // CloudFront standard logging writes through ACLs, so the bucket cannot enforce owner-only objects.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ id: 'ExpireLogs', expiration: Duration.days(ACCESS_LOG_DAYS) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.accessLogs,
      'AwsSolutions-S1',
      'This is the access-log destination of the other buckets and of CloudFront; logging it into itself would log its own log writes forever.',
    );

    this.media = new Bucket(this, 'Media', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      encryption: BucketEncryption.S3_MANAGED,
      versioned: true,
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: 'media/',
      lifecycleRules: [...MEDIA_LIFECYCLE_RULES],
      // The browser downloads media through presigned URLs (fetch, then save as a file) and uploads
      // large images through presigned POSTs (shared/media-upload.ts); the signature and its policy are
      // the authorization, so any origin may use them and nothing else is allowed.
      cors: [
        {
          allowedMethods: [HttpMethods.GET, HttpMethods.HEAD, HttpMethods.POST],
          allowedOrigins: ['*'],
          maxAge: 3600,
        },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledgeWildcardResource(
      Stack.of(this),
      this.media.arnForObjects('*'),
      'Media object keys are generated at run time (job and content ids), so functions that handle media are granted explicit object actions on every key of this one bucket.',
    );
    acknowledgeWildcardResource(
      Stack.of(this),
      this.media.arnForObjects(UPLOAD_KEY_PATTERN),
      'Upload keys hold a user id and an upload id made at run time; the signer of presigned uploads may write those keys and no others.',
    );
  }
}
