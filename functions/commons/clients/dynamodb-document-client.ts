import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactGetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { marshall, type marshallOptions } from '@aws-sdk/util-dynamodb';
import {
  AwsJsonClient,
  type AwsJsonClientConfig,
  type CallOptions,
  parseJson,
  type Raw,
} from './aws-json-client';
import { readAttributeMap } from './dynamodb-values';

/**
 * The document client every store sends its DynamoDB requests through: the command classes of
 * `@aws-sdk/lib-dynamodb` (which dynamodb-toolbox builds), sent over DynamoDB's JSON protocol by
 * aws-json-client.ts, values converted as lib-dynamodb converts them (`marshall` of
 * `@aws-sdk/util-dynamodb` out, its `unmarshall`'s reading in, by dynamodb-values.ts).
 *
 * Why not the SDK's client: aws-json-client.ts says. Inside a Lambda
 * bundle, `@aws-sdk/lib-dynamodb` is aliased to functions/commons/lambda-lib-dynamodb.ts, bare
 * command classes, so the SDK is not bundled at all; unbundled (local runs, tests) the real classes
 * come in and are sent the same way. Either way only `command.input` is read.
 *
 * What it keeps of lib-dynamodb: the same marshalling options and converted members, and condition
 * failures' and cancelled transactions' items unmarshalled (errors, signing and retries are
 * aws-json-client.ts's). Legacy parameters (KeyConditions, Expected, AttributeUpdates, …) are refused:
 * nothing here sends them, and sending them unconverted would be wrong.
 */

type AttributeMap = Record<string, unknown>;

interface DocumentCommand {
  readonly input: object;
}

/** Where and how to call (aws-json-client.ts's options), and how values are written. */
export interface DocumentClientConfig
  extends Pick<
    AwsJsonClientConfig,
    'endpoint' | 'region' | 'credentials' | 'maxAttempts' | 'retryDelayBase'
  > {
  readonly marshallOptions?: marshallOptions;
}

/** How one operation's input and output are converted: which members hold items or values. */
interface Operation {
  readonly target: string;
  readonly input: (input: Raw, toAttributes: (value: Raw) => AttributeMap) => Raw;
  readonly output: (output: Raw, toRecord: (value: AttributeMap) => Raw) => Raw;
}

const LEGACY_MEMBERS = [
  'AttributesToGet',
  'AttributeUpdates',
  'ConditionalOperator',
  'Expected',
  'KeyConditions',
  'QueryFilter',
  'ScanFilter',
] as const;

/** `members` of `value` run through `convert`, the rest copied; absent members stay absent. */
function convertMembers<T>(value: Raw, members: readonly string[], convert: (member: T) => unknown): Raw {
  const converted: Raw = { ...value };
  for (const member of members) {
    const memberValue = value[member];
    if (memberValue !== undefined && memberValue !== null) converted[member] = convert(memberValue as T);
  }
  return converted;
}

const mapValues = <T, U>(record: Record<string, T>, convert: (value: T) => U): Record<string, U> => {
  const mapped: Record<string, U> = {};
  for (const [key, value] of Object.entries(record)) mapped[key] = convert(value);
  return mapped;
};

const ITEM_MEMBERS = ['Key', 'Item', 'ExpressionAttributeValues', 'ExclusiveStartKey'] as const;

/** Get, Put, Update, Delete, Query and Scan: top-level items and values, one item or a list out. */
const singleTableOperation = (target: string): Operation => ({
  target,
  input: (input, toAttributes) => convertMembers(input, ITEM_MEMBERS, toAttributes),
  output: (output, toRecord) => {
    const converted = convertMembers(output, ['Item', 'Attributes', 'LastEvaluatedKey'], toRecord);
    const items = output.Items as AttributeMap[] | undefined;
    if (items) converted.Items = items.map(toRecord);
    return converted;
  },
});

type WriteRequest = { PutRequest?: { Item: Raw }; DeleteRequest?: { Key: Raw } };

const writeRequests = (requests: Record<string, WriteRequest[]>, convert: (value: Raw) => unknown) =>
  mapValues(requests, (list) =>
    list.map((request) => ({
      ...(request.PutRequest && {
        PutRequest: { ...request.PutRequest, Item: convert(request.PutRequest.Item) },
      }),
      ...(request.DeleteRequest && {
        DeleteRequest: { ...request.DeleteRequest, Key: convert(request.DeleteRequest.Key) },
      }),
    })),
  );

const keysAndAttributes = (requests: Record<string, { Keys: Raw[] }>, convert: (value: Raw) => unknown) =>
  mapValues(requests, (request) => ({ ...request, Keys: request.Keys.map(convert) }));

const TRANSACT_PARTS = ['ConditionCheck', 'Put', 'Delete', 'Update', 'Get'] as const;

const transactItems = (items: Raw[], convert: (value: Raw) => unknown) =>
  items.map((item) => {
    const converted: Raw = { ...item };
    for (const part of TRANSACT_PARTS) {
      const request = item[part] as Raw | undefined;
      if (request) converted[part] = convertMembers(request, ITEM_MEMBERS, convert);
    }
    return converted;
  });

const OPERATIONS = new Map<abstract new (...args: never[]) => DocumentCommand, Operation>([
  [GetCommand, singleTableOperation('GetItem')],
  [PutCommand, singleTableOperation('PutItem')],
  [UpdateCommand, singleTableOperation('UpdateItem')],
  [DeleteCommand, singleTableOperation('DeleteItem')],
  [QueryCommand, singleTableOperation('Query')],
  [ScanCommand, singleTableOperation('Scan')],
  [
    BatchGetCommand,
    {
      target: 'BatchGetItem',
      input: (input, toAttributes) =>
        convertMembers<Record<string, { Keys: Raw[] }>>(input, ['RequestItems'], (requests) =>
          keysAndAttributes(requests, toAttributes),
        ),
      output: (output, toRecord) => ({
        ...convertMembers<Record<string, AttributeMap[]>>(output, ['Responses'], (responses) =>
          mapValues(responses, (items) => items.map(toRecord)),
        ),
        ...(output.UnprocessedKeys !== undefined && {
          UnprocessedKeys: keysAndAttributes(
            output.UnprocessedKeys as Record<string, { Keys: Raw[] }>,
            toRecord,
          ),
        }),
      }),
    },
  ],
  [
    BatchWriteCommand,
    {
      target: 'BatchWriteItem',
      input: (input, toAttributes) =>
        convertMembers<Record<string, WriteRequest[]>>(input, ['RequestItems'], (requests) =>
          writeRequests(requests, toAttributes),
        ),
      output: (output, toRecord) =>
        convertMembers<Record<string, WriteRequest[]>>(output, ['UnprocessedItems'], (requests) =>
          writeRequests(requests, toRecord),
        ),
    },
  ],
  [
    TransactGetCommand,
    {
      target: 'TransactGetItems',
      input: (input, toAttributes) =>
        convertMembers<Raw[]>(input, ['TransactItems'], (items) => transactItems(items, toAttributes)),
      output: (output, toRecord) =>
        convertMembers<{ Item?: AttributeMap }[]>(output, ['Responses'], (responses) =>
          responses.map((response) =>
            response.Item ? { ...response, Item: toRecord(response.Item) } : response,
          ),
        ),
    },
  ],
  [
    TransactWriteCommand,
    {
      target: 'TransactWriteItems',
      input: (input, toAttributes) =>
        convertMembers<Raw[]>(input, ['TransactItems'], (items) => transactItems(items, toAttributes)),
      output: (output) => output,
    },
  ],
]);

function operationOf(command: DocumentCommand): Operation {
  for (const [commandClass, operation] of OPERATIONS) {
    if (command instanceof commandClass) return operation;
  }
  throw new TypeError(`The DynamoDB document client cannot send ${command.constructor.name}`);
}

/** Binary attributes come back as base64 strings; they are read back into bytes. */
const decodeBinary = (key: string, value: unknown) => {
  if (key === 'B' && typeof value === 'string') return new Uint8Array(Buffer.from(value, 'base64'));
  if (key === 'BS' && Array.isArray(value)) {
    return value.map((entry) =>
      typeof entry === 'string' ? new Uint8Array(Buffer.from(entry, 'base64')) : entry,
    );
  }
  return value;
};

/** A member named B or BS can only appear as an unescaped `"B":` key; without one, no reviver runs. */
const parseResponse = (body: string): Raw =>
  body.includes('"B":') || body.includes('"BS":') ? (JSON.parse(body, decodeBinary) as Raw) : parseJson(body);

export class DynamoDBDocumentClient {
  private readonly client: AwsJsonClient;
  private readonly toAttributes: (value: Raw) => AttributeMap;
  private readonly toRecord = (value: AttributeMap): Raw =>
    readAttributeMap(value as Parameters<typeof readAttributeMap>[0]);

  constructor(config: DocumentClientConfig) {
    const { marshallOptions: options, ...where } = config;
    this.client = new AwsJsonClient({
      ...where,
      service: 'dynamodb',
      targetPrefix: 'DynamoDB_20120810',
      jsonVersion: '1.0',
      parse: parseResponse,
    });
    this.toAttributes = (value) => marshall(value, options) as AttributeMap;
  }

  async send<Output = Raw>(command: DocumentCommand, options: CallOptions = {}): Promise<Output> {
    const operation = operationOf(command);
    const input = command.input as Raw;
    const legacy = LEGACY_MEMBERS.find((member) => input[member] !== undefined);
    if (legacy) throw new TypeError(`${operation.target}: the legacy parameter ${legacy} is not supported`);
    try {
      const output = await this.client.call(
        operation.target,
        operation.input(input, this.toAttributes),
        options,
      );
      return operation.output(output, this.toRecord) as Output;
    } catch (error) {
      throw this.withRecords(error);
    }
  }

  /** A condition failure's item and a cancelled transaction's items, read as records like any output. */
  private withRecords(error: unknown): unknown {
    const failure = error as Raw;
    if (failure.Item) failure.Item = this.toRecord(failure.Item as AttributeMap);
    if (Array.isArray(failure.CancellationReasons)) {
      failure.CancellationReasons = (failure.CancellationReasons as Raw[]).map((reason) =>
        reason.Item ? { ...reason, Item: this.toRecord(reason.Item as AttributeMap) } : reason,
      );
    }
    return error;
  }
}
