import type { IncomingHttpHeaders } from 'node:http';
import { TABLE_KEYS } from '#contract/table-definition';
import { PUBLIC_TARGETS } from '../emulators/cognito-access';
import type { PostUploadForm } from '../emulators/s3-post-upload';
import { decodePathPart } from '../path-decoding';
import type { AwsRequest } from './access-check';
import { bucketArn, queueArn, tableArn, userPoolArn } from './local-resources';

/**
 * What IAM evaluates for one HTTP request to an AWS service: the actions it needs, on which resource,
 * with the condition keys AWS sets, as AWS's service authorization reference lists them. A request may
 * need several (an S3 PutObject with tags also needs s3:PutObjectTagging; a batch write needs its
 * action on each table).
 */

export interface ServiceRequest {
  readonly method: string;
  readonly url: URL;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  /** A browser upload's form (POST Object), read by the proxy: it names the key and the signer. */
  readonly postUpload?: PostUploadForm;
}

export type AwsService = 'dynamodb' | 's3' | 'sqs' | 'cognito-idp';

/** The access key id of a SigV4 request: its Authorization header, or a presigned URL's credential. */
export function callerKeyId(request: ServiceRequest): string | null {
  const authorization = request.headers.authorization;
  const header =
    typeof authorization === 'string'
      ? /^AWS4-HMAC-SHA256\s+Credential=([^/,\s]+)\//.exec(authorization.trim())?.[1]
      : undefined;
  if (header) return header;
  if (request.postUpload) return request.postUpload.signer;
  const presigned = request.url.searchParams.get('X-Amz-Credential');
  return presigned ? (presigned.split('/')[0] ?? null) : null;
}

const target = (headers: IncomingHttpHeaders): string | null => {
  const header = headers['x-amz-target'];
  return typeof header === 'string' ? (header.split('.')[1] ?? null) : null;
};

function jsonBody(request: ServiceRequest): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(request.body.toString('utf8') || '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The partition key value of a DynamoDB key or item (`{pk: {S: "..."}}`), for dynamodb:LeadingKeys. */
function partitionKeyOf(item: unknown): string | undefined {
  if (!isRecord(item)) return undefined;
  const value = item[TABLE_KEYS.partitionKey];
  if (!isRecord(value)) return undefined;
  const scalar = value.S ?? value.N ?? value.B;
  return scalar === undefined ? undefined : String(scalar);
}

/** A Query's partition key value: the value bound to `pk = :v` in its key condition. */
function queriedPartitionKey(body: Record<string, unknown>): string | undefined {
  const condition = typeof body.KeyConditionExpression === 'string' ? body.KeyConditionExpression : '';
  const names = isRecord(body.ExpressionAttributeNames) ? body.ExpressionAttributeNames : {};
  const values = isRecord(body.ExpressionAttributeValues) ? body.ExpressionAttributeValues : {};
  for (const match of condition.matchAll(/([#\w]+)\s*=\s*(:\w+)/g)) {
    const [, name = '', placeholder = ''] = match;
    const attribute = name.startsWith('#') ? names[name] : name;
    if (attribute !== TABLE_KEYS.partitionKey) continue;
    const value = values[placeholder];
    if (isRecord(value)) return String(value.S ?? value.N ?? value.B);
  }
  return undefined;
}

const leadingKeys = (keys: Array<string | undefined>): Record<string, string[]> => {
  const present = keys.filter((key): key is string => key !== undefined);
  return present.length > 0 ? { 'dynamodb:LeadingKeys': present } : {};
};

const DYNAMODB_SINGLE_ITEM: Readonly<Record<string, string>> = {
  GetItem: 'Key',
  DeleteItem: 'Key',
  UpdateItem: 'Key',
  PutItem: 'Item',
};

function dynamodbRequests(request: ServiceRequest): AwsRequest[] {
  const operation = target(request.headers);
  if (!operation) return [];
  const action = `dynamodb:${operation}`;
  const body = jsonBody(request);
  if (operation === 'BatchGetItem' || operation === 'BatchWriteItem') {
    const items = isRecord(body.RequestItems) ? body.RequestItems : {};
    return Object.entries(items).map(([table, work]) => {
      const keys =
        operation === 'BatchGetItem'
          ? (isRecord(work) && Array.isArray(work.Keys) ? work.Keys : []).map(partitionKeyOf)
          : (Array.isArray(work) ? work : []).map((entry) =>
              isRecord(entry)
                ? partitionKeyOf(
                    isRecord(entry.PutRequest)
                      ? entry.PutRequest.Item
                      : isRecord(entry.DeleteRequest)
                        ? entry.DeleteRequest.Key
                        : undefined,
                  )
                : undefined,
            );
      return { action, resource: tableArn(table), context: leadingKeys(keys) };
    });
  }
  const table = typeof body.TableName === 'string' ? body.TableName : '*';
  const index = typeof body.IndexName === 'string' ? body.IndexName : undefined;
  const resource = index ? `${tableArn(table)}/index/${index}` : tableArn(table);
  const field = DYNAMODB_SINGLE_ITEM[operation];
  const key = field
    ? partitionKeyOf(body[field])
    : operation === 'Query'
      ? queriedPartitionKey(body)
      : undefined;
  return [{ action, resource, context: leadingKeys([key]) }];
}

/** SQS's batch operations are authorized as their single-message action. */
const SQS_ACTIONS: Readonly<Record<string, string>> = {
  SendMessageBatch: 'SendMessage',
  DeleteMessageBatch: 'DeleteMessage',
  ChangeMessageVisibilityBatch: 'ChangeMessageVisibility',
};

function sqsRequests(request: ServiceRequest): AwsRequest[] {
  // The JSON protocol names the operation in X-Amz-Target; the older query protocol in Action=.
  const form = new URLSearchParams(request.body.toString('utf8'));
  const operation = target(request.headers) ?? form.get('Action');
  if (!operation) return [];
  const body = jsonBody(request);
  const queueUrl = typeof body.QueueUrl === 'string' ? body.QueueUrl : form.get('QueueUrl');
  const queueName =
    queueUrl?.split('/').pop() ??
    (typeof body.QueueName === 'string' ? body.QueueName : form.get('QueueName'));
  const resource = queueName ? queueArn(queueName) : queueArn('*');
  return [{ action: `sqs:${SQS_ACTIONS[operation] ?? operation}`, resource }];
}

function cognitoRequests(request: ServiceRequest): AwsRequest[] {
  const operation = target(request.headers);
  // Sign-up, sign-in and the user's own calls are not IAM calls: AWS answers them without credentials.
  if (!operation || PUBLIC_TARGETS.has(operation)) return [];
  const body = jsonBody(request);
  const pool = typeof body.UserPoolId === 'string' ? body.UserPoolId : '*';
  return [
    {
      action: `cognito-idp:${operation}`,
      resource: operation === 'CreateUserPool' ? '*' : userPoolArn(pool),
    },
  ];
}

/** The tags of an `x-amz-tagging` header (URL-encoded `key=value&…`), as S3's condition keys name them. */
function tagContext(tagging: string | ReadonlyMap<string, string>): Record<string, string | string[]> {
  const tags = typeof tagging === 'string' ? new URLSearchParams(tagging) : tagging;
  const context: Record<string, string | string[]> = { 's3:RequestObjectTagKeys': [...tags.keys()] };
  for (const [key, value] of tags) context[`s3:RequestObjectTag/${key}`] = value;
  return context;
}

/** A request whose object key has a malformed escape (`%ff`): S3 answers it 400 InvalidURI. */
export class MalformedS3Uri extends Error {
  constructor() {
    super("Couldn't parse the specified URI.");
    this.name = 'InvalidURI';
  }
}

function decodedKey(encoded: string): string {
  const key = decodePathPart(encoded);
  if (key === null) throw new MalformedS3Uri();
  return key;
}

function s3Requests(request: ServiceRequest): AwsRequest[] {
  const [bucket = '', ...keyParts] = request.url.pathname.replace(/^\//, '').split('/');
  const key = decodedKey(keyParts.join('/'));
  const query = request.url.searchParams;
  const method = request.method.toUpperCase();
  if (!bucket) return [{ action: 's3:ListAllMyBuckets', resource: '*' }];
  if (!key && request.postUpload) {
    // A browser upload writes the form's key, and its tags as an upload's header would.
    const { key: uploaded, tags } = request.postUpload;
    const object = `${bucketArn(bucket)}/${uploaded}`;
    const context = tags.size > 0 ? tagContext(tags) : {};
    const put: AwsRequest = { action: 's3:PutObject', resource: object, context };
    return tags.size > 0 ? [put, { action: 's3:PutObjectTagging', resource: object, context }] : [put];
  }
  if (!key) {
    if (method === 'PUT') return [{ action: 's3:CreateBucket', resource: bucketArn(bucket) }];
    if (method === 'DELETE') return [{ action: 's3:DeleteBucket', resource: bucketArn(bucket) }];
    if (method === 'POST' && query.has('delete')) {
      // DeleteObjects: s3:DeleteObject on each key of the XML body.
      const keys = [...request.body.toString('utf8').matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) =>
        (match[1] ?? '').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>'),
      );
      return keys.map((deleted) => ({
        action: 's3:DeleteObject',
        resource: `${bucketArn(bucket)}/${deleted}`,
      }));
    }
    // ListObjects(V2) and HeadBucket.
    const prefix = query.get('prefix');
    return [
      {
        action: 's3:ListBucket',
        resource: bucketArn(bucket),
        context: prefix === null ? {} : { 's3:prefix': prefix },
      },
    ];
  }
  const object = `${bucketArn(bucket)}/${key}`;
  if (query.has('tagging')) {
    const action = {
      GET: 's3:GetObjectTagging',
      PUT: 's3:PutObjectTagging',
      DELETE: 's3:DeleteObjectTagging',
    }[method];
    return [{ action: action ?? 's3:GetObjectTagging', resource: object }];
  }
  if (method === 'GET' || method === 'HEAD') return [{ action: 's3:GetObject', resource: object }];
  if (method === 'DELETE') {
    return [
      { action: query.has('uploadId') ? 's3:AbortMultipartUpload' : 's3:DeleteObject', resource: object },
    ];
  }
  // PUT (object, copy, part) and POST (multipart create and complete) write the object.
  const requests: AwsRequest[] = [];
  const tagging = request.headers['x-amz-tagging'];
  const tags = typeof tagging === 'string' && tagging !== '' ? tagContext(tagging) : {};
  requests.push({ action: 's3:PutObject', resource: object, context: tags });
  // AWS: "to add tags to an object while uploading it, you need s3:PutObjectTagging too".
  if (typeof tagging === 'string' && tagging !== '') {
    requests.push({ action: 's3:PutObjectTagging', resource: object, context: tags });
  }
  const copySource = request.headers['x-amz-copy-source'];
  if (typeof copySource === 'string') {
    const source = decodedKey(copySource.replace(/^\//, '').split('?')[0] ?? '');
    requests.push({ action: 's3:GetObject', resource: `arn:aws:s3:::${source}` });
  }
  return requests;
}

export function awsRequestsOf(service: AwsService, request: ServiceRequest): AwsRequest[] {
  switch (service) {
    case 'dynamodb':
      return dynamodbRequests(request);
    case 'sqs':
      return sqsRequests(request);
    case 'cognito-idp':
      return cognitoRequests(request);
    case 's3':
      return s3Requests(request);
  }
}
