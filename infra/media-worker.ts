import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { MEDIA_WORKER_TIMEOUT_SECONDS } from '#contract/queue-timing';
import { BACKGROUND_ACCESS, type FunctionAccess } from './function-access';
import { JobsQueue } from './jobs-queue';
import { acknowledge } from './nag';

/**
 * The media side of the stack (docs/architecture.md, "Media, publishing and integrators"): image and speech jobs have their own queue and DLQ and
 * their own worker (more memory, a longer timeout, sharp and espeak-ng), so text jobs and the API
 * handlers stay small. The media URL secret signs the short-lived tokens of /api/media links.
 */

/** A 5,000-word podcast is about 35 minutes of audio; speaking and encoding it takes a few minutes. */
export const MEDIA_WORKER_TIMEOUT = Duration.seconds(MEDIA_WORKER_TIMEOUT_SECONDS);
/** Lambda gives CPU in proportion to memory; encoding MP3 and rendering images are CPU-bound. */
export const MEDIA_WORKER_MEMORY_MB = 3008;
export const MEDIA_WORKER_MAX_CONCURRENCY = 5;

export class MediaJobs extends Construct {
  readonly queues: JobsQueue;
  readonly urlSecret: Secret;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.queues = new JobsQueue(this, 'Queue', { workerTimeout: MEDIA_WORKER_TIMEOUT });
    this.urlSecret = new Secret(this, 'UrlSecret', {
      description: 'HMAC key of the short-lived tokens in /api/media URLs',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    acknowledge(
      this.urlSecret,
      'AwsSolutions-SMG4',
      'Media URL tokens live one hour; replacing the key by hand ends every outstanding link at once, which is the only effect a rotation would have.',
    );
  }

  /** The worker consumes the media queue, one job per invocation, like the text worker. */
  connectWorker(worker: IFunction): void {
    worker.addEventSource(
      new SqsEventSource(this.queues.queue, {
        batchSize: 1,
        reportBatchItemFailures: true,
        maxConcurrency: MEDIA_WORKER_MAX_CONCURRENCY,
      }),
    );
  }

  /** The media job functions put messages on the media queue. */
  allowEnqueue(fn: IFunction): void {
    fn.addToRolePolicy(
      new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.queues.queue.queueArn] }),
    );
  }

  /** The media function signs and verifies tokens with the secret. */
  allowSigning(fn: IFunction): void {
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['secretsmanager:GetSecretValue'],
        resources: [this.urlSecret.secretArn],
      }),
    );
  }
}

/**
 * What the media worker may touch: the text worker's grants plus the media bucket it writes. Bulk runs
 * are text jobs, so it feeds none, but a job's end is a webhook event, queued on the jobs queue; it makes
 * no attempt, so it opens no signing secret.
 */
export const MEDIA_WORKER_ACCESS: FunctionAccess = {
  ...BACKGROUND_ACCESS.worker,
  mediaBucket: 'readWrite',
  wordpressKey: false,
};

/**
 * The functions that queue jobs for the media worker: images and speech, the GBP and social tools'
 * images, and the Multi-Platform Creator, whose run the media worker hosts.
 */
const MEDIA_JOB_ENTRIES: ReadonlySet<string> = new Set([
  'functions/tools/image-generation/handler.ts',
  'functions/tools/text-to-speech/handler.ts',
  'functions/tools/gbp-post/routes.ts',
  'functions/tools/social-content/routes.ts',
  'functions/tools/multi-platform/handler.ts',
]);

export function isMediaJobFunction(fn: { readonly entry: string }): boolean {
  return MEDIA_JOB_ENTRIES.has(fn.entry);
}
