import { type IRole, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { AccessLevel, FunctionAccess } from './function-access';

/**
 * Turns a FunctionAccess into IAM statements with explicit actions. CDK's `grant*` helpers add wildcard
 * actions (`s3:GetObject*`, `kms:GenerateDataKey*`, ...) and `index/*`; naming each action and each index
 * keeps the roles as narrow as the handlers need. There is deliberately no dynamodb:Scan: every request
 * is served by GetItem or Query (DESIGN.md §5).
 */

export const TABLE_READ_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
] as const;
export const TABLE_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
] as const;
export const MEDIA_READ_ACTIONS = ['s3:GetObject'] as const;
export const MEDIA_WRITE_ACTIONS = ['s3:PutObject', 's3:DeleteObject'] as const;

export interface GrantTargets {
  readonly tableArn: string;
  readonly tableIndexArns: readonly string[];
  readonly mediaBucket: IBucket;
  readonly jobsQueue: IQueue;
  readonly wordpressKey: IKey;
  /** Every connection of the WebSocket stage (postToConnection, getConnection, deleteConnection). */
  readonly webSocketConnectionsArn: string;
  readonly providerSecret: ISecret;
}

const includesWrite = (level: AccessLevel): boolean => level === 'readWrite';

export function grantAccess(role: IRole, access: FunctionAccess, targets: GrantTargets): void {
  const allow = (actions: readonly string[], resources: readonly string[]) =>
    role.addToPrincipalPolicy(new PolicyStatement({ actions: [...actions], resources: [...resources] }));

  if (access.table) {
    allow(TABLE_READ_ACTIONS, [targets.tableArn, ...targets.tableIndexArns]);
    if (includesWrite(access.table)) allow(TABLE_WRITE_ACTIONS, [targets.tableArn]);
  }
  if (access.mediaBucket) {
    const objects = targets.mediaBucket.arnForObjects('*');
    allow(MEDIA_READ_ACTIONS, [objects]);
    // Without ListBucket a missing key answers 403 instead of 404.
    allow(['s3:ListBucket'], [targets.mediaBucket.bucketArn]);
    if (includesWrite(access.mediaBucket)) allow(MEDIA_WRITE_ACTIONS, [objects]);
  }
  if (access.mediaTagging) allow(['s3:PutObjectTagging'], [targets.mediaBucket.arnForObjects('*')]);
  if (access.jobsQueue) allow(['sqs:SendMessage'], [targets.jobsQueue.queueArn]);
  if (access.wordpressKey === 'encrypt') allow(['kms:Encrypt'], [targets.wordpressKey.keyArn]);
  if (access.wordpressKey === 'decrypt') allow(['kms:Decrypt'], [targets.wordpressKey.keyArn]);
  if (access.webSocket) {
    allow(['execute-api:ManageConnections'], [targets.webSocketConnectionsArn]);
  }
  if (access.providerSecret) allow(['secretsmanager:GetSecretValue'], [targets.providerSecret.secretArn]);
}
