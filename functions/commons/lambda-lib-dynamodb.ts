import type {
  BatchGetCommandInput,
  BatchWriteCommandInput,
  DeleteCommandInput,
  GetCommandInput,
  PutCommandInput,
  QueryCommandInput,
  ScanCommandInput,
  TransactGetCommandInput,
  TransactWriteCommandInput,
  UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';

/**
 * `@aws-sdk/lib-dynamodb` inside a Lambda bundle (esbuild `alias`, infra/lambda-bundle-aliases.ts).
 * dynamodb-toolbox and our stores import its command classes only to hand them to the document
 * client's `send`, and ours (functions/commons/clients/dynamodb-document-client.ts) reads nothing but
 * `input`. The real classes each build an SDK command with its middleware stack and schema, which
 * pulls the whole DynamoDB SDK (about 165 KB minified) into every handler that touches the table.
 * A module that imports anything else from lib-dynamodb fails the build: esbuild finds no such export.
 */
class DocumentCommand<Input> {
  constructor(readonly input: Input) {}
}

export class GetCommand extends DocumentCommand<GetCommandInput> {}
export class PutCommand extends DocumentCommand<PutCommandInput> {}
export class UpdateCommand extends DocumentCommand<UpdateCommandInput> {}
export class DeleteCommand extends DocumentCommand<DeleteCommandInput> {}
export class QueryCommand extends DocumentCommand<QueryCommandInput> {}
export class ScanCommand extends DocumentCommand<ScanCommandInput> {}
export class BatchGetCommand extends DocumentCommand<BatchGetCommandInput> {}
export class BatchWriteCommand extends DocumentCommand<BatchWriteCommandInput> {}
export class TransactGetCommand extends DocumentCommand<TransactGetCommandInput> {}
export class TransactWriteCommand extends DocumentCommand<TransactWriteCommandInput> {}
