import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { TABLE_INDEXES, TABLE_KEYS } from '#contract/table-definition';

/**
 * The single DynamoDB table (docs/architecture.md, "Data: one table"), in exactly the shape the entities (functions/data/) and the local
 * bootstrap use (contract/table-definition.ts). It holds every client, content item and API key,
 * so it survives stack deletion and can be restored to any second of the last 35 days.
 */
export class DataTable extends Construct {
  readonly table: Table;
  /** ARNs of the GSIs, for Query grants that name each index instead of `index/*`. */
  readonly indexArns: readonly string[];

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TABLE_KEYS.ttlAttribute,
      encryption: TableEncryption.AWS_MANAGED,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of TABLE_INDEXES) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }
    this.indexArns = TABLE_INDEXES.map((index) => `${this.table.tableArn}/index/${index.name}`);
  }
}
