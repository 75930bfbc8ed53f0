/**
 * The one DynamoDB table, built from MAIN_TABLE (infra/resources/table.ts), the description the local
 * cloud builds its table from as well. Always named `atende-<stage>-main`: after a point-in-time restore
 * the stage's code moves to the restored table (StageConfig.restoredTableName) and this one stays,
 * retained, until the operator retires it.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import type { StageConfig } from '../../resources/stage';
import { MAIN_TABLE, tableName } from '../../resources/table';

export interface MainTableProps {
  readonly stage: StageConfig;
}

/** The point-in-time recovery window, in days. */
export const PITR_DAYS = 35;

const stringKey = (name: string): dynamodb.Attribute => ({ name, type: dynamodb.AttributeType.STRING });

export class MainTable extends Construct {
  readonly table: dynamodb.Table;

  constructor(scope: Construct, id: string, { stage }: MainTableProps) {
    super(scope, id);
    this.table = new dynamodb.Table(this, 'Table', {
      tableName: tableName(stage.name),
      partitionKey: stringKey(MAIN_TABLE.partitionKey),
      sortKey: stringKey(MAIN_TABLE.sortKey),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      // Every stage, production above all: the restore procedure (README, Deploying a stage) restores
      // from it to any second of the last 35 days, the longest DynamoDB keeps.
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true, recoveryPeriodInDays: PITR_DAYS },
      timeToLiveAttribute: MAIN_TABLE.ttlAttribute,
      deletionProtection: stage.retainData,
      removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    for (const index of MAIN_TABLE.globalIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: stringKey(index.partitionKey),
        sortKey: stringKey(index.sortKey),
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }
  }
}
