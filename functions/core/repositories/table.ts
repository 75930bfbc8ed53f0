/**
 * The table name and the small mechanisms every repository needs: turning items back into entities,
 * reading every page of a Query, batch reads and writes that retry what DynamoDB leaves unprocessed,
 * and the SET clause of an update.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type BatchWriteCommandInput,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { config } from '../config';
import type { Key, KeyPrefix } from './keys';

export const table = () => config.tableName();

/** An instant as the TTL attribute `expiresAt` holds it: whole seconds since the epoch. */
export const epochSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

// A Set: every item read passes each of its attributes through this test (a list page, thousands).
const STORAGE_ATTRIBUTES: ReadonlySet<string> = new Set(['PK', 'SK', 'GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK', 'GSI3PK', 'GSI3SK', 'entity', 'expiresAt']);

/**
 * Turns a stored item back into the entity, without the key and index attributes. The cast is sound
 * because each repository reads only items of its own entity, which it wrote itself through `toItem`.
 */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the repository names the entity it wrote: the cast above is the point
export function fromItem<T>(item: Record<string, unknown>): T {
  const entity: Record<string, unknown> = {};
  for (const name in item) if (!STORAGE_ATTRIBUTES.has(name)) entity[name] = item[name];
  return entity as T;
}

// ---- queries ----------------------------------------------------------------------------------------

/**
 * The pages of a Query one after the other, following `LastEvaluatedKey` (DynamoDB cuts a page at 1 MB),
 * for a reader that acts on each page as it comes (e.g. the realtime fan-out).
 */
export async function* queryPages(input: QueryCommandInput): AsyncGenerator<Record<string, unknown>[]> {
  let ExclusiveStartKey = input.ExclusiveStartKey;
  do {
    const page = await dynamo().send(new QueryCommand({ ...input, ExclusiveStartKey }));
    yield page.Items ?? [];
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
}

/** Every item a Query finds, all pages read. Only for ranges bounded by a plan or the platform. */
export async function queryAll(input: QueryCommandInput): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for await (const page of queryPages(input)) items.push(...page);
  return items;
}

/**
 * The Query input for a range of one partition, `PK = :pk AND begins_with(SK, :sk)`, with any other
 * parameters (filter, projection, order); `extra`'s expression values are added to `:pk` and `:sk`.
 */
export function prefixQueryInput(prefix: KeyPrefix, extra: Omit<QueryCommandInput, 'TableName'> = {}): QueryCommandInput {
  return {
    TableName: table(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ...extra,
    ExpressionAttributeValues: { ':pk': prefix.PK, ':sk': prefix.SKPrefix, ...extra.ExpressionAttributeValues },
  };
}

/** Every item of a range of one partition (see prefixQueryInput), all pages read. */
export function queryPrefix(prefix: KeyPrefix, extra?: Omit<QueryCommandInput, 'TableName'>): Promise<Record<string, unknown>[]> {
  return queryAll(prefixQueryInput(prefix, extra));
}

// ---- batches ----------------------------------------------------------------------------------------

/**
 * Sends `requests` in chunks of `chunkSize`; `send` answers what DynamoDB left unprocessed (under
 * throttling), which is sent again after a short growing pause, a few times at most.
 */
async function sendInChunks<T>(
  requests: readonly T[],
  chunkSize: number,
  unprocessed: (count: number) => string,
  send: (chunk: T[]) => Promise<T[]>,
): Promise<void> {
  for (let start = 0; start < requests.length; start += chunkSize) {
    let pending = requests.slice(start, start + chunkSize);
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** attempt)));
      if (attempt > 8) throw new Error(unprocessed(pending.length));
      pending = await send(pending);
    }
  }
}

type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];

/** Writes any number of put/delete requests: 25 per BatchWriteItem (DynamoDB's limit), retrying unprocessed ones. */
export async function batchWriteAll(requests: readonly WriteRequest[]): Promise<void> {
  await sendInChunks(
    requests,
    25,
    (count) => `BatchWriteItem left ${count} items unprocessed`,
    async (chunk) => {
      const { UnprocessedItems } = await dynamo().send(new BatchWriteCommand({ RequestItems: { [table()]: chunk } }));
      return UnprocessedItems?.[table()] ?? [];
    },
  );
}

export interface BatchGetOptions {
  /** ProjectionExpression: only these attributes of each item. */
  readonly projection?: string;
  /** ExpressionAttributeNames for the projection (reserved words such as `name` or `value`). */
  readonly names?: Record<string, string>;
  /** Strongly consistent reads (e.g. state written a moment ago by another process). */
  readonly consistent?: boolean;
}

/**
 * Reads items by key: 100 keys per BatchGetItem (DynamoDB's limit), retrying unprocessed keys. Answers
 * the items found, in no particular order; a key without an item is left out. The keys must be distinct.
 */
export async function batchGetAll(itemKeys: readonly Key[], options: BatchGetOptions = {}): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  await sendInChunks<Record<string, unknown>>(
    itemKeys.map((key) => ({ ...key })),
    100,
    (count) => `BatchGetItem left ${count} keys unprocessed`,
    async (chunk) => {
      const { Responses, UnprocessedKeys } = await dynamo().send(
        new BatchGetCommand({
          RequestItems: {
            [table()]: {
              Keys: chunk,
              ProjectionExpression: options.projection,
              ExpressionAttributeNames: options.names,
              ConsistentRead: options.consistent,
            },
          },
        }),
      );
      items.push(...(Responses?.[table()] ?? []));
      return UnprocessedKeys?.[table()]?.Keys ?? [];
    },
  );
  return items;
}

// ---- updates ----------------------------------------------------------------------------------------

/**
 * The SET clause that writes each defined field (`SET #f0 = :v0, #f1 = :v1, ...`), with its names and
 * values; undefined fields are left out. Callers add their own condition and its values.
 */
export function setFields(fields: Record<string, unknown>) {
  const entries = Object.entries(fields).filter(([, value]) => value !== undefined);
  return {
    UpdateExpression: `SET ${entries.map((_, index) => `#f${index} = :v${index}`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(entries.map(([name], index) => [`#f${index}`, name])),
    ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], index) => [`:v${index}`, value])),
  };
}

/**
 * Sets the defined fields of an existing item and answers the item as it is after the change, or
 * undefined when there is no such item (the update is conditional, so it never creates one).
 */
export async function updateExistingItem(key: Key, fields: Record<string, unknown>): Promise<Record<string, unknown> | undefined> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: key,
        ...setFields(fields),
        ConditionExpression: 'attribute_exists(PK)',
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

// ---- versioned items ----------------------------------------------------------------------------------

/** The condition of a write decided on a read: the item exists and is still at the version read. */
const atVersion = (expectedVersion: number) => ({
  ConditionExpression: 'attribute_exists(PK) AND #version = :expected',
  ExpressionAttributeNames: { '#version': 'version' },
  ExpressionAttributeValues: { ':expected': expectedVersion },
});

/**
 * Writes `item` over the stored one on the condition that it is still at `expectedVersion` (the item
 * carries the version after it). False when it is gone or was changed meanwhile: read again and decide.
 */
export async function replaceAtVersion(item: Record<string, unknown>, expectedVersion: number): Promise<boolean> {
  try {
    await dynamo().send(new PutCommand({ TableName: table(), Item: item, ...atVersion(expectedVersion) }));
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Deletes the item if it is still at `expectedVersion`; answers it as it was, or undefined when it is gone or changed. */
export async function deleteAtVersion(key: Key, expectedVersion: number): Promise<Record<string, unknown> | undefined> {
  try {
    const { Attributes } = await dynamo().send(new DeleteCommand({ TableName: table(), Key: key, ...atVersion(expectedVersion), ReturnValues: 'ALL_OLD' }));
    return Attributes;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}
