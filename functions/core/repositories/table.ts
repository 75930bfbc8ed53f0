/** The table name and a few helpers shared by the repositories. */
import { BatchWriteCommand, type BatchWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { config } from '../config';

export const table = () => config.tableName();

const STORAGE_ATTRIBUTES = ['PK', 'SK', 'GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK', 'GSI3PK', 'GSI3SK', 'entity', 'expiresAt'];

/**
 * Turns a stored item back into the entity, without the key and index attributes. The cast is sound
 * because each repository reads only items of its own entity, which it wrote itself through `toItem`.
 */
export function fromItem<T>(item: Record<string, unknown>): T {
  return Object.fromEntries(Object.entries(item).filter(([name]) => !STORAGE_ATTRIBUTES.includes(name))) as T;
}

type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];

/**
 * Writes any number of put/delete requests: 25 per BatchWriteItem (DynamoDB's limit), retrying what
 * DynamoDB leaves unprocessed under throttling, with a short growing pause.
 */
export async function batchWriteAll(requests: readonly WriteRequest[]): Promise<void> {
  for (let start = 0; start < requests.length; start += 25) {
    let pending: WriteRequest[] = requests.slice(start, start + 25);
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** attempt)));
      if (attempt > 8) throw new Error(`BatchWriteItem left ${pending.length} items unprocessed`);
      const { UnprocessedItems } = await dynamo().send(new BatchWriteCommand({ RequestItems: { [table()]: pending } }));
      pending = UnprocessedItems?.[table()] ?? [];
    }
  }
}
