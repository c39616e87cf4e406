import { type IRole, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { partitionKey } from '#contract/item-key-format';
import { UPLOAD_KEY_PATTERN } from '#shared/media-upload';
import type { AccessLevel, FunctionAccess, ItemWriteAction } from './function-access';

/**
 * Turns a FunctionAccess into IAM statements with explicit actions. CDK's `grant*` helpers add wildcard
 * actions (`s3:GetObject*`, `kms:GenerateDataKey*`, ...) and `index/*`; naming each action and each index
 * keeps the roles as narrow as the handlers need. There is deliberately no dynamodb:Scan: every request
 * is served by GetItem or Query (docs/architecture.md, "Data: one table").
 */

/**
 * No dynamodb:ConditionCheckItem (that is a transaction's check, and nothing writes a transaction) nor
 * dynamodb:DescribeTable (no handler describes the table); BatchWriteItem is granted apart
 * (`tableBatchWrites`), to the functions that reach functions/data/batch-operations.ts.
 */
export const TABLE_READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'] as const;
export const TABLE_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
] as const;
export const MEDIA_READ_ACTIONS = ['s3:GetObject'] as const;
/**
 * Media is written with its retention tag (`x-amz-tagging`, functions/media/media-store.ts), and S3
 * authorizes tags given on upload as s3:PutObjectTagging besides s3:PutObject. No s3:DeleteObject: no
 * handler deletes media (the bucket's lifecycle rules expire it, infra/media-storage.ts).
 */
export const MEDIA_WRITE_ACTIONS = ['s3:PutObject', 's3:PutObjectTagging'] as const;

/**
 * The partition keys of the API-key rate-limit windows (functions/api-keys/api-key-entities.ts,
 * `$lbm#keyid_<key>#windowstart_<start>`): functions that otherwise only read the table may count a
 * request on these items and nothing else.
 */
export const RATE_WINDOW_LEADING_KEYS = '$lbm#keyid_*#windowstart_*';

/** Writes on the items whose partition keys match `leadingKeys` only (dynamodb:LeadingKeys). */
function grantPartitionWrites(
  role: IRole,
  tableArn: string,
  actions: readonly ItemWriteAction[],
  leadingKeys: string,
): void {
  role.addToPrincipalPolicy(
    new PolicyStatement({
      actions: [...actions],
      resources: [tableArn],
      conditions: {
        'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [leadingKeys] },
        // ForAllValues holds for a request without the key; a single-item write always has one, and this
        // says so.
        Null: { 'dynamodb:LeadingKeys': 'false' },
      },
    }),
  );
}

/** dynamodb:UpdateItem on the rate-limit windows only (dynamodb:LeadingKeys), for read-only functions. */
export function grantRateLimitCount(role: IRole, tableArn: string): void {
  grantPartitionWrites(role, tableArn, ['dynamodb:UpdateItem'], RATE_WINDOW_LEADING_KEYS);
}

/** The partition keys of the items whose key is made of `attribute` alone: `$lbm#<attribute>_*`. */
export function itemLeadingKeys(attribute: string): string {
  return partitionKey([[attribute, '*']]);
}

export interface GrantTargets {
  readonly tableArn: string;
  readonly tableIndexArns: readonly string[];
  readonly mediaBucket: IBucket;
  readonly jobsQueue: IQueue;
  readonly wordpressKey: IKey;
  /** Seals the replies kept for a repeated Idempotency-Key that hold a secret (`sealedReplies`). */
  readonly sealedRepliesKey: IKey;
  /** Every connection of the WebSocket stage (postToConnection, getConnection, deleteConnection). */
  readonly webSocketConnectionsArn: string;
  readonly providerSecret: ISecret;
  readonly socialAppsSecret: ISecret;
  /** The SES identities of the app's sender (infra/mail-sender.ts). */
  readonly mailIdentityArns: readonly string[];
}

const includesWrite = (level: AccessLevel): boolean => level === 'readWrite';

export function grantAccess(role: IRole, access: FunctionAccess, targets: GrantTargets): void {
  const allow = (actions: readonly string[], resources: readonly string[]) =>
    role.addToPrincipalPolicy(new PolicyStatement({ actions: [...actions], resources: [...resources] }));

  if (access.table) {
    allow(TABLE_READ_ACTIONS, [targets.tableArn, ...targets.tableIndexArns]);
    if (includesWrite(access.table)) allow(access.tableWrites ?? TABLE_WRITE_ACTIONS, [targets.tableArn]);
  }
  if (access.tableBatchWrites) allow(['dynamodb:BatchWriteItem'], [targets.tableArn]);
  if (access.itemWrites) {
    const { actions, partitionAttribute } = access.itemWrites;
    grantPartitionWrites(role, targets.tableArn, actions, itemLeadingKeys(partitionAttribute));
  }
  if (access.mediaBucket) {
    const objects = targets.mediaBucket.arnForObjects('*');
    allow(MEDIA_READ_ACTIONS, [objects]);
    // Without ListBucket a missing key answers 403 instead of 404.
    allow(['s3:ListBucket'], [targets.mediaBucket.bucketArn]);
    if (includesWrite(access.mediaBucket)) allow(MEDIA_WRITE_ACTIONS, [objects]);
  }
  if (access.mediaTagging) allow(['s3:PutObjectTagging'], [targets.mediaBucket.arnForObjects('*')]);
  if (access.mediaUploads) {
    allow(['s3:PutObject', 's3:PutObjectTagging'], [targets.mediaBucket.arnForObjects(UPLOAD_KEY_PATTERN)]);
  }
  if (access.jobsQueue) allow(['sqs:SendMessage'], [targets.jobsQueue.queueArn]);
  if (access.wordpressKey === 'encrypt') allow(['kms:Encrypt'], [targets.wordpressKey.keyArn]);
  if (access.wordpressKey === 'decrypt') allow(['kms:Decrypt'], [targets.wordpressKey.keyArn]);
  if (access.wordpressKey === 'encryptDecrypt') {
    allow(['kms:Encrypt', 'kms:Decrypt'], [targets.wordpressKey.keyArn]);
  }
  if (access.sealedReplies) allow(['kms:Encrypt', 'kms:Decrypt'], [targets.sealedRepliesKey.keyArn]);
  if (access.webSocket) {
    allow(['execute-api:ManageConnections'], [targets.webSocketConnectionsArn]);
  }
  if (access.providerSecret) allow(['secretsmanager:GetSecretValue'], [targets.providerSecret.secretArn]);
  if (access.socialAppsSecret) {
    allow(['secretsmanager:GetSecretValue'], [targets.socialAppsSecret.secretArn]);
  }
  if (access.mail) allow(['ses:SendEmail'], targets.mailIdentityArns);
}
