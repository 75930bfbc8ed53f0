/**
 * The one DynamoDB table, declared once. The CDK app and the local cloud both build the table from
 * this description, so the two cannot drift. Key names are generic on purpose: the repositories in
 * functions/core are the only code that knows what goes into them.
 */
export interface IndexDefinition {
  readonly name: string;
  readonly partitionKey: string;
  readonly sortKey: string;
}

export interface TableDefinition {
  readonly id: string;
  readonly partitionKey: string;
  readonly sortKey: string;
  /** Epoch seconds; items past it are deleted by DynamoDB (by the sweeper locally). */
  readonly ttlAttribute: string;
  readonly globalIndexes: readonly IndexDefinition[];
}

export const MAIN_TABLE: TableDefinition = {
  id: 'Main',
  partitionKey: 'PK',
  sortKey: 'SK',
  ttlAttribute: 'expiresAt',
  globalIndexes: [
    // Tenant-wide lists: tickets by status ordered by updatedAt, users by email, ...
    { name: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    // Second view of the same entities: tickets by contact, contacts by name prefix, ...
    { name: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
    // Third view: tickets by queue and status, campaigns by date, ...
    { name: 'GSI3', partitionKey: 'GSI3PK', sortKey: 'GSI3SK' },
  ],
};

export const tableName = (stage: string): string => `atende-${stage}-main`;
