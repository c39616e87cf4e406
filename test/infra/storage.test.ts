import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { PROVIDER_KEY_NAMES } from '#contract/provider-key-names';
import { httpFunctions, httpRoutes } from '#contract/routes';
import { functionAccess } from '#infra/function-access';
import { JOBS_MAX_RECEIVE_COUNT, VISIBILITY_TIMEOUT_FACTOR } from '#infra/jobs-queue';
import { MEDIA_TRASH_DAYS, MEDIA_TRASH_PREFIX } from '#infra/media-storage';
import { isMediaJobFunction } from '#infra/media-worker';
import { PROVIDER_SECRET_PLACEHOLDER_FIELD } from '#infra/provider-secret';
import { WORKER_MAX_CONCURRENCY, WORKER_TIMEOUT } from '#infra/stack';
import {
  actionsOfFunction,
  logicalIdOf,
  resourcesOf,
  resourcesOfType,
  sharedTemplate,
  statementsOfFunction,
} from './fixture';

describe('DynamoDB table', () => {
  const { template } = sharedTemplate();

  it('is the single table with pk/sk, three ALL-projection GSIs, on demand, PITR and TTL', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      SSESpecification: { SSEEnabled: true },
      DeletionProtectionEnabled: true,
      GlobalSecondaryIndexes: [1, 2, 3].map((n) => ({
        IndexName: `gsi${n}`,
        KeySchema: [
          { AttributeName: `gsi${n}pk`, KeyType: 'HASH' },
          { AttributeName: `gsi${n}sk`, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    });
    const attributes = resourcesOfType(template, 'AWS::DynamoDB::Table')[0]?.[1].Properties
      ?.AttributeDefinitions;
    expect(attributes).toHaveLength(8);
  });

  it('survives stack deletion', () => {
    template.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
  });
});

describe('S3 buckets', () => {
  const { template } = sharedTemplate();
  const mediaId = logicalIdOf(template, 'AWS::S3::Bucket', 'StorageMedia');
  const logsId = logicalIdOf(template, 'AWS::S3::Bucket', 'StorageAccessLogs');

  it('keep every bucket private and encrypted', () => {
    const buckets = resourcesOfType(template, 'AWS::S3::Bucket');
    expect(buckets).toHaveLength(3);
    for (const [id, bucket] of buckets) {
      expect(bucket.Properties?.PublicAccessBlockConfiguration, id).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(JSON.stringify(bucket.Properties?.BucketEncryption), id).toContain('"SSEAlgorithm":"AES256"');
    }
  });

  it('refuse plain HTTP on every bucket', () => {
    for (const [id] of resourcesOfType(template, 'AWS::S3::Bucket')) {
      template.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: { Ref: id },
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Effect: 'Deny',
              Action: 's3:*',
              Condition: { Bool: { 'aws:SecureTransport': 'false' } },
              Principal: { AWS: '*' },
            }),
          ]),
        },
      });
    }
  });

  it('version media, log its access and expire trash after 30 days', () => {
    const media = resourcesOf(template)[mediaId]?.Properties;
    expect(media?.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(media?.LoggingConfiguration).toEqual({
      DestinationBucketName: { Ref: logsId },
      LogFilePrefix: 'media/',
    });
    const rules = JSON.stringify(media?.LifecycleConfiguration);
    expect(rules).toContain(
      `"ExpirationInDays":${MEDIA_TRASH_DAYS},"Id":"ExpireTrash","Prefix":"${MEDIA_TRASH_PREFIX}"`,
    );
    expect(MEDIA_TRASH_DAYS).toBe(30);
    expect(resourcesOf(template)[mediaId]?.DeletionPolicy).toBe('Retain');
  });

  it('allow only presigned GET/HEAD from browsers on media', () => {
    expect(resourcesOf(template)[mediaId]?.Properties?.CorsConfiguration).toEqual({
      CorsRules: [{ AllowedMethods: ['GET', 'HEAD', 'POST'], AllowedOrigins: ['*'], MaxAge: 3600 }],
    });
  });
});

describe('SQS jobs queue', () => {
  const { template } = sharedTemplate();
  const queueId = logicalIdOf(template, 'AWS::SQS::Queue', 'JobsQueue');
  const deadLettersId = logicalIdOf(template, 'AWS::SQS::Queue', 'JobsDeadLetters');

  it('is encrypted, redrives to the dead-letter queue after three receives, and outlasts the worker', () => {
    expect(resourcesOf(template)[queueId]?.Properties).toEqual({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: WORKER_TIMEOUT.toSeconds() * VISIBILITY_TIMEOUT_FACTOR,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [deadLettersId, 'Arn'] }, maxReceiveCount: 3 },
    });
    expect(JOBS_MAX_RECEIVE_COUNT).toBe(3);
    expect(resourcesOf(template)[deadLettersId]?.Properties).toEqual({
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 24 * 3600,
    });
  });

  it('refuses plain HTTP on both queues', () => {
    for (const id of [queueId, deadLettersId]) {
      template.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: [{ Ref: id }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      });
    }
  });

  it('feeds the worker one message at a time, reporting item failures', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: 'WorkerFunction' },
      EventSourceArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: WORKER_MAX_CONCURRENCY },
    });
  });

  it('accepts jobs from the generation endpoints only', () => {
    for (const fn of httpFunctions) {
      expect(actionsOfFunction(template, `${fn.id}Function`).includes('sqs:SendMessage'), fn.id).toBe(
        functionAccess(fn).jobsQueue || isMediaJobFunction(fn),
      );
    }
  });
});

describe('Secrets', () => {
  const { template } = sharedTemplate();
  const secretId = logicalIdOf(template, 'AWS::SecretsManager::Secret', 'SecretsProviderKeys');

  it('creates the provider key secret without a CloudFormation-owned value', () => {
    const secret = resourcesOf(template)[secretId];
    // No SecretString: a deploy never writes the keys an operator put in.
    expect(secret?.Properties?.SecretString).toBeUndefined();
    expect(secret?.Properties?.GenerateSecretString).toEqual({
      SecretStringTemplate: '{}',
      GenerateStringKey: PROVIDER_SECRET_PLACEHOLDER_FIELD,
      ExcludePunctuation: true,
    });
    // The generated placeholder is no provider's key, so the worker starts with Offline only.
    expect(Object.values(PROVIDER_KEY_NAMES).flatMap((names) => names.apiKey)).not.toContain(
      PROVIDER_SECRET_PLACEHOLDER_FIELD,
    );
    expect(secret?.DeletionPolicy).toBe('Retain');
  });

  it('lets only the workers, image analysis (a direct vision call) and the routes that admit jobs (whose budgets hold only what a keyed provider can cost) read it', () => {
    const readers = Object.entries(resourcesOf(template))
      .filter(([, resource]) => resource.Type === 'AWS::Lambda::Function')
      .filter(([id]) =>
        statementsOfFunction(template, id).some(
          (statement) =>
            statement.actions.includes('secretsmanager:GetSecretValue') &&
            JSON.stringify(statement.resources).includes(secretId),
        ),
      )
      .map(([id]) => id)
      .sort();
    const routeReaders = httpFunctions
      .filter((fn) => functionAccess(fn).providerSecret)
      .map((fn) => `${fn.id}Function`);
    expect(routeReaders).toContain('AnalyzeImageFunction');
    expect(routeReaders).toContain('GenerateNewsletterFunction');
    expect(routeReaders).not.toContain('ClientsFunction');
    expect(readers).toEqual(
      [
        ...routeReaders,
        'WorkerFunction',
        'MediaWorkerFunction',
        'DeadLettersFunction',
        'BatchFeederFunction',
      ].sort(),
    );
  });

  /** The functions with a KMS action on the key whose logical id starts with `keyPrefix`. */
  const usersOfKey = (keyPrefix: string) => {
    const key = logicalIdOf(template, 'AWS::KMS::Key', keyPrefix);
    return Object.entries(resourcesOf(template))
      .filter(([, resource]) => resource.Type === 'AWS::Lambda::Function')
      .filter(([id]) =>
        statementsOfFunction(template, id).some(
          (statement) =>
            statement.actions.some((action) => action.startsWith('kms:')) &&
            JSON.stringify(statement.resources).includes(`"${key}"`),
        ),
      )
      .map(([id]) => id)
      .sort();
  };

  it('encrypts WordPress passwords with a rotating KMS key', () => {
    template.hasResource('AWS::KMS::Key', {
      Properties: Match.objectLike({ EnableKeyRotation: true }),
      DeletionPolicy: 'Retain',
    });
    const users = usersOfKey('SecretsWordPressPasswords');
    // Client writes encrypt a new password; WordPress routes decrypt it
    // (docs/decisions.md, "Least privilege, checked against the code"); the channels' routes and their
    // scheduled publisher seal and open the connections' tokens.
    const keyUsers = [
      ...httpFunctions
        .filter((fn) => functionAccess(fn).wordpressKey !== false)
        .map((fn) => `${fn.id}Function`),
      'ScheduledPublisherFunction',
      // It opens the webhooks' signing secrets (docs/architecture.md, "Webhooks").
      'WorkerFunction',
    ];
    expect(users).toEqual(keyUsers.sort());
    expect(users).toContain('ClientsFunction');
    expect(users).toContain('WordPressFunction');
  });

  it('seals the replies kept for a repeated Idempotency-Key that hold a secret with a key of their own', () => {
    // docs/decisions.md, "Idempotency-Key on every create": the functions of the creates the route table
    // marks `sealed`, and nothing else, seal and open with it; none of them gains the WordPress key.
    const sealing = httpFunctions
      .filter((fn) =>
        httpRoutes.some((route) => route.function.id === fn.id && route.idempotent === 'sealed'),
      )
      .map((fn) => `${fn.id}Function`)
      .sort();
    expect(sealing).toEqual(['ApiKeysFunction', 'ReviewsFunction', 'StatementsFunction']);
    expect(usersOfKey('SecretsSealedReplies')).toEqual(sealing);
    for (const id of sealing) {
      const onKey = statementsOfFunction(template, id)
        .filter((statement) => JSON.stringify(statement.resources).includes('SecretsSealedReplies'))
        .flatMap((statement) => statement.actions);
      expect(onKey.sort(), id).toEqual(['kms:Decrypt', 'kms:Encrypt']);
    }
    expect(usersOfKey('SecretsWordPressPasswords')).not.toContain('ReviewsFunction');
    expect(usersOfKey('SecretsWordPressPasswords')).not.toContain('StatementsFunction');
  });
});
