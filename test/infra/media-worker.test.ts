import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { describe, expect, it } from 'vitest';
import { AppFunction } from '#infra/app-function';
import { MEDIA_WORKER_FILES, nativeModulesBundling } from '#infra/media-bundling';
import {
  MEDIA_WORKER_MAX_CONCURRENCY,
  MEDIA_WORKER_MEMORY_MB,
  MEDIA_WORKER_TIMEOUT,
} from '#infra/media-worker';
import { MEDIA_KEY_PREFIX, MEDIA_RETENTION_TAG, UNSAVED_MEDIA_DAYS } from '#shared/media';
import {
  actionsOfFunction,
  logicalIdOf,
  repositoryRoot,
  resourcesOf,
  resourcesOfType,
  sharedTemplate,
  statementsOfFunction,
  tempDir,
  withoutNpm,
} from './fixture';

describe('Media worker and media storage', () => {
  const { template } = sharedTemplate();
  const all = resourcesOf(template);

  it('runs image and speech jobs from its own queue with more memory and time than the text worker', () => {
    expect(all.MediaWorkerFunction?.Properties).toMatchObject({
      MemorySize: MEDIA_WORKER_MEMORY_MB,
      Timeout: MEDIA_WORKER_TIMEOUT.toSeconds(),
    });
    // CDK folds the repeated 'Queue' of Media/Queue/Queue into one.
    const queue = resourcesOfType(template, 'AWS::SQS::Queue')
      .map(([id]) => id)
      .filter((id) => id.startsWith('MediaQueue') && !id.startsWith('MediaQueueDeadLetters'));
    expect(queue).toHaveLength(1);
    const deadLetters = logicalIdOf(template, 'AWS::SQS::Queue', 'MediaQueueDeadLetters');
    template.hasResourceProperties('AWS::SQS::Queue', {
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [deadLetters, 'Arn'] }, maxReceiveCount: 3 },
    });
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: 'MediaWorkerFunction' },
      EventSourceArn: { 'Fn::GetAtt': [queue[0], 'Arn'] },
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: MEDIA_WORKER_MAX_CONCURRENCY },
    });
  });

  it('lets only the media job routes enqueue media jobs, and only the media routes read the URL secret', () => {
    expect(actionsOfFunction(template, 'GenerateImageFunction')).toContain('sqs:SendMessage');
    expect(actionsOfFunction(template, 'TextToSpeechFunction')).toContain('sqs:SendMessage');
    // A text route reads the provider keys' secret (its budget holds only a keyed provider's estimate),
    // never the media URL secret.
    const urlSecret = logicalIdOf(template, 'AWS::SecretsManager::Secret', 'MediaUrlSecret');
    const readsUrlSecret = (id: string) =>
      statementsOfFunction(template, id).some(
        (statement) =>
          statement.actions.includes('secretsmanager:GetSecretValue') &&
          JSON.stringify(statement.resources).includes(urlSecret),
      );
    expect(readsUrlSecret('GenerateNewsletterFunction')).toBe(false);
    expect(readsUrlSecret('SignMediaFunction')).toBe(true);
    // Signing and following media links use the secret; following presigns a read, signing reads no media.
    expect(actionsOfFunction(template, 'SignMediaFunction')).toContain('secretsmanager:GetSecretValue');
    expect(actionsOfFunction(template, 'SignMediaFunction')).not.toContain('s3:GetObject');
    expect(actionsOfFunction(template, 'GetMediaFunction')).toEqual(
      expect.arrayContaining(['secretsmanager:GetSecretValue', 's3:GetObject']),
    );
    expect(actionsOfFunction(template, 'GetMediaFunction')).not.toContain('s3:PutObject');
  });

  it('expires unsaved job media by a lifecycle rule on their retention tag', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({
            Id: 'ExpireUnsavedJobMedia',
            Prefix: MEDIA_KEY_PREFIX,
            TagFilters: [{ Key: MEDIA_RETENTION_TAG, Value: 'job' }],
            ExpirationInDays: UNSAVED_MEDIA_DAYS,
            Status: 'Enabled',
          }),
        ]),
      },
    });
  });
});

describe('Native module bundling', () => {
  it('copies sharp for Lambda arm64 Linux next to the bundle, without npm, and the font', () => {
    const outdir = tempDir('media-bundle-');
    const app = new App({ outdir });
    const stack = new Stack(app, 'MediaBundlingFixture');
    // CDK bundles an asset when the function is built: npm is barred from then on.
    withoutNpm(() => {
      new AppFunction(stack, 'Fixture', {
        settings: { projectRoot: repositoryRoot, logRetention: RetentionDays.ONE_DAY },
        entry: 'test/infra/fixtures/sharp-handler.ts',
        description: 'sharp bundling fixture',
        environment: {},
        logicalId: 'FixtureFunction',
        bundling: nativeModulesBundling(repositoryRoot, ['sharp'], MEDIA_WORKER_FILES),
      });
    });
    const assembly = app.synth();
    const template = assembly.getStackByName('MediaBundlingFixture').template;
    const key = String(template.Resources.FixtureFunction.Properties.Code.S3Key).replace(/\.zip$/, '');
    const bundle = join(outdir, `asset.${key}`);
    const files = readdirSync(bundle);
    expect(files).toContain('DejaVuSans-Bold.ttf');
    expect(files).toContain('node_modules');
    const platforms = readdirSync(join(bundle, 'node_modules', '@img'));
    expect(platforms).toContain('sharp-linux-arm64');
    expect(platforms).toContain('sharp-libvips-linux-arm64');
    expect(platforms.filter((name) => name.includes('x64'))).toEqual([]);
    expect(existsSync(join(bundle, 'node_modules', 'sharp', 'package.json'))).toBe(true);
  }, 300_000);
});
