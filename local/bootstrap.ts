import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  ListUsersCommand,
  SignUpCommand,
  UpdateUserPoolClientCommand,
  UpdateUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { MAX_RECEIVE_COUNT } from '#contract/queue-timing';
import { ADMIN_GROUP_NAME } from '#contract/routes';
import { TABLE_INDEXES, TABLE_KEYS } from '#contract/table-definition';
import {
  APP_CLIENT_READ_ATTRIBUTES,
  APP_CLIENT_WRITE_ATTRIBUTES,
  ATTRIBUTES_VERIFIED_BEFORE_UPDATE,
} from '#infra/user-pool-client';
import { MIN_PASSWORD_LENGTH } from '#shared/password-policy';
import type { Mailbox } from './mailbox';

/**
 * First-run creation of everything the stack provisions in AWS: the table, the media bucket, the queue
 * and its DLQ, the user pool with its app client and admins group, and one admin account. Each step
 * checks first, so a restart keeps all data and only recreates what an emulator forgets (fauxqs queues
 * live in memory).
 */

export const LOCAL_NAMES = {
  table: 'lbm-studio',
  bucket: 'lbm-studio-media',
  queue: 'lbm-studio-jobs',
  deadLetterQueue: 'lbm-studio-jobs-dlq',
  mediaQueue: 'lbm-studio-media-jobs',
  mediaDeadLetterQueue: 'lbm-studio-media-jobs-dlq',
} as const;

/** The stack's redrive setting (contract/queue-timing.ts), so jobs reach the DLQ after as many receives. */
export { MAX_RECEIVE_COUNT };

/** Whether a start found its table or bucket in the data folder, or made it (a new data folder). */
export type Provisioned = 'existing' | 'created';

export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<Provisioned> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return 'existing';
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const attribute = (name: string) => ({ AttributeName: name, AttributeType: 'S' as const });
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        attribute(TABLE_KEYS.partitionKey),
        attribute(TABLE_KEYS.sortKey),
        ...TABLE_INDEXES.flatMap((index) => [attribute(index.partitionKey), attribute(index.sortKey)]),
      ],
      KeySchema: [
        { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: TABLE_INDEXES.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
  return 'created';
}

export async function ensureBucket(client: S3Client, bucket: string): Promise<Provisioned> {
  let provisioned: Provisioned = 'existing';
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    provisioned = 'created';
  }
  // As the media bucket in AWS (infra/media-storage.ts): the browser may read media through presigned
  // URLs from any origin (the Gemini crop reads the image's bytes) and upload images through presigned
  // POSTs (shared/media-upload.ts), and nothing else.
  await client.send(
    new PutBucketCorsCommand({
      Bucket: bucket,
      CORSConfiguration: {
        CORSRules: [{ AllowedMethods: ['GET', 'HEAD', 'POST'], AllowedOrigins: ['*'], MaxAgeSeconds: 3600 }],
      },
    }),
  );
  return provisioned;
}

export async function ensureQueues(
  client: SQSClient,
  visibilityTimeoutSeconds: number,
  names: { queue: string; deadLetterQueue: string } = LOCAL_NAMES,
): Promise<{
  queueUrl: string;
  queueArn: string;
  deadLetterQueueUrl: string;
  deadLetterQueueArn: string;
}> {
  const dlq = await client.send(new CreateQueueCommand({ QueueName: names.deadLetterQueue }));
  const dlqUrl = dlq.QueueUrl ?? '';
  const dlqAttributes = await client.send(
    new GetQueueAttributesCommand({ QueueUrl: dlqUrl, AttributeNames: ['QueueArn'] }),
  );
  const queue = await client.send(
    new CreateQueueCommand({
      QueueName: names.queue,
      Attributes: {
        VisibilityTimeout: String(visibilityTimeoutSeconds),
        RedrivePolicy: JSON.stringify({
          deadLetterTargetArn: dlqAttributes.Attributes?.QueueArn,
          maxReceiveCount: MAX_RECEIVE_COUNT,
        }),
      },
    }),
  );
  const queueUrl = queue.QueueUrl ?? '';
  const attributes = await client.send(
    new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['QueueArn'] }),
  );
  return {
    queueUrl,
    queueArn: attributes.Attributes?.QueueArn ?? '',
    deadLetterQueueUrl: dlqUrl,
    deadLetterQueueArn: dlqAttributes.Attributes?.QueueArn ?? '',
  };
}

interface PoolState {
  userPoolId: string;
  userPoolClientId: string;
}

/** The web client's settings, as the CDK stack gives them (infra/auth.ts); written again at every start. */
const APP_CLIENT_SETTINGS = {
  ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH' as const, 'ALLOW_REFRESH_TOKEN_AUTH' as const],
  ReadAttributes: [...APP_CLIENT_READ_ATTRIBUTES],
  WriteAttributes: [...APP_CLIENT_WRITE_ATTRIBUTES],
  PreventUserExistenceErrors: 'ENABLED' as const,
  // Short-lived ID tokens (as in AWS) so the browser's refresh path is exercised locally too.
  IdTokenValidity: 60,
  AccessTokenValidity: 60,
  RefreshTokenValidity: 30,
  TokenValidityUnits: {
    IdToken: 'minutes' as const,
    AccessToken: 'minutes' as const,
    RefreshToken: 'days' as const,
  },
};

/**
 * The pool's settings, as the CDK stack gives them (infra/auth.ts); written again at every start. AWS's
 * UpdateUserPool resets what it is not given, so the whole set goes every time.
 */
const USER_POOL_SETTINGS = {
  AutoVerifiedAttributes: ['email' as const],
  UserAttributeUpdateSettings: {
    AttributesRequireVerificationBeforeUpdate: [...ATTRIBUTES_VERIFIED_BEFORE_UPDATE],
  },
  Policies: { PasswordPolicy: { MinimumLength: MIN_PASSWORD_LENGTH } },
};

export async function ensureUserPool(
  client: CognitoIdentityProviderClient,
  dataDir: string,
): Promise<PoolState> {
  const stateFile = join(dataDir, 'user-pool.json');
  if (existsSync(stateFile)) {
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as PoolState;
    try {
      await client.send(new DescribeUserPoolCommand({ UserPoolId: state.userPoolId }));
      // A pool made by an older version keeps its data but gets today's settings and client rules.
      await client.send(new UpdateUserPoolCommand({ UserPoolId: state.userPoolId, ...USER_POOL_SETTINGS }));
      await client.send(
        new UpdateUserPoolClientCommand({
          UserPoolId: state.userPoolId,
          ClientId: state.userPoolClientId,
          ...APP_CLIENT_SETTINGS,
        }),
      );
      await verifyConfirmedEmails(client, state.userPoolId);
      return state;
    } catch {
      // The pool vanished with its data directory: make a new one below.
    }
  }
  const pool = await client.send(
    new CreateUserPoolCommand({
      PoolName: 'lbm-studio',
      UsernameAttributes: ['email'],
      ...USER_POOL_SETTINGS,
    }),
  );
  const userPoolId = pool.UserPool?.Id ?? '';
  const appClient = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'lbm-studio-web',
      ...APP_CLIENT_SETTINGS,
    }),
  );
  await client.send(
    new CreateGroupCommand({
      UserPoolId: userPoolId,
      GroupName: ADMIN_GROUP_NAME,
      Description: 'LBM Studio admins',
    }),
  );
  const state = { userPoolId, userPoolClientId: appClient.UserPoolClient?.ClientId ?? '' };
  writeFileSync(stateFile, JSON.stringify(state, null, 2));
  return state;
}

/**
 * Older versions of the local pool confirmed sign-ups without marking the e-mail verified, which the
 * token verifier now requires. Those users confirmed with a code sent to that address, so they are
 * marked verified, as Cognito would have done at confirmation.
 */
async function verifyConfirmedEmails(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
): Promise<void> {
  let token: string | undefined;
  do {
    const page = await client.send(new ListUsersCommand({ UserPoolId: userPoolId, PaginationToken: token }));
    for (const user of page.Users ?? []) {
      const verified = user.Attributes?.some((attribute) => attribute.Name === 'email_verified');
      if (user.UserStatus !== 'CONFIRMED' || verified || !user.Username) continue;
      await client.send(
        new AdminUpdateUserAttributesCommand({
          UserPoolId: userPoolId,
          Username: user.Username,
          UserAttributes: [{ Name: 'email_verified', Value: 'true' }],
        }),
      );
    }
    token = page.PaginationToken;
  } while (token);
}

export interface AdminAccount {
  email: string;
  password: string;
}

/**
 * Signs the first configured admin up through the real path (pre-sign-up trigger, code by "e-mail",
 * confirmation, post-confirmation trigger adding the admins group) and keeps the credentials in
 * `<dataDir>/admin.json` so later runs print the same sign-in.
 */
export async function ensureAdmin(options: {
  client: CognitoIdentityProviderClient;
  clientId: string;
  dataDir: string;
  email: string;
  mailbox: Mailbox;
}): Promise<AdminAccount> {
  const file = join(options.dataDir, 'admin.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as AdminAccount;
  const password = `Lbm-${randomBytes(9).toString('base64url')}`;
  // The runtime confirms this account itself: its code is taken from the mailbox before anyone sees it
  // (no one reads that mail, and /dev/mailbox should not list it), and the triggers' info lines would
  // only push the banner (npm start's first screen) down.
  options.mailbox.intercept(options.email);
  await withHandlerLogsAtLeast('warn', async () => {
    let code: string | null | undefined;
    try {
      await options.client.send(
        new SignUpCommand({
          ClientId: options.clientId,
          Username: options.email,
          Password: password,
          // The e-mail comes from the username: the app client may not write it (infra/user-pool-client.ts).
          UserAttributes: [{ Name: 'name', Value: 'Administrator' }],
        }),
      );
    } finally {
      code = options.mailbox.endIntercept(options.email)?.code;
    }
    if (!code) throw new Error(`No confirmation code was delivered for ${options.email}`);
    await options.client.send(
      new ConfirmSignUpCommand({
        ClientId: options.clientId,
        Username: options.email,
        ConfirmationCode: code,
      }),
    );
  });
  const account = { email: options.email, password };
  writeFileSync(file, JSON.stringify(account, null, 2), { mode: 0o600 });
  return account;
}

const LOG_LEVELS = ['debug', 'info', 'warn', 'error'];

/** Runs `work` with the handlers' log level raised to `level` (never lowered), then puts it back. */
async function withHandlerLogsAtLeast<T>(level: 'warn' | 'error', work: () => Promise<T>): Promise<T> {
  const previous = process.env.LOG_LEVEL;
  const current = LOG_LEVELS.indexOf((previous ?? 'info').toLowerCase());
  if (current < LOG_LEVELS.indexOf(level)) process.env.LOG_LEVEL = level;
  try {
    return await work();
  } finally {
    if (previous === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = previous;
  }
}

/**
 * The runtime's own AWS credential, made fresh at each start. Its SDK clients and the handlers sign
 * with it; the local Cognito accepts IAM-only calls (Admin*, pool management) only under this key id.
 */
export interface RuntimeCredentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
}

export function runtimeCredentials(): RuntimeCredentials {
  return {
    accessKeyId: `LOCAL${randomBytes(10).toString('hex').toUpperCase()}`,
    secretAccessKey: randomBytes(30).toString('base64url'),
  };
}

export function localClients(
  endpoints: { dynamodb: string; s3: string; sqs: string; cognito: string },
  credentials: RuntimeCredentials,
) {
  const region = 'us-east-1';
  return {
    dynamodb: new DynamoDBClient({ endpoint: endpoints.dynamodb, region, credentials }),
    s3: new S3Client({
      endpoint: endpoints.s3,
      region,
      credentials,
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
    sqs: new SQSClient({ endpoint: endpoints.sqs, region, credentials }),
    cognito: new CognitoIdentityProviderClient({ endpoint: endpoints.cognito, region, credentials }),
  };
}
