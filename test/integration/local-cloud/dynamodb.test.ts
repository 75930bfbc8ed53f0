/**
 * The local DynamoDB stand-in, driven by the real SDK v3 clients: the transactions and TTL deletion it
 * adds on top of dynalite, its BatchGetItem (one store read per table instead of dynalite's per key) (its expiry index, the bounded sweep passes, the backfill of an older data
 * folder, stopping mid-sweep), the table it creates from MAIN_TABLE, and its persistence on disk.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  TransactionCanceledException,
  TransactWriteItemsCommand,
} from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactGetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { startDynamo, type LocalDynamo } from '../../../infra/local/dynamodb';
import { expiryIndexTableName, MAX_ENTRIES_PER_SWEEP } from '../../../infra/local/dynamodb-ttl';

const TABLE = 'test-main';

function clientsFor(dynamo: LocalDynamo): { raw: DynamoDBClient; doc: DynamoDBDocumentClient } {
  const raw = new DynamoDBClient({
    endpoint: dynamo.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  return { raw, doc: DynamoDBDocumentClient.from(raw) };
}

async function cancellationOf(promise: Promise<unknown>): Promise<TransactionCanceledException> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(TransactionCanceledException);
  return error as TransactionCanceledException;
}

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** Writes `count` items of partition `pk` that expired `agoSeconds` ago, in batches of 25. */
async function putExpired(doc: DynamoDBDocumentClient, pk: string, count: number, agoSeconds = 60): Promise<void> {
  for (let first = 0; first < count; first += 25) {
    const items = Array.from({ length: Math.min(25, count - first) }, (_, offset) => ({
      PutRequest: { Item: { PK: pk, SK: `E#${String(first + offset).padStart(5, '0')}`, expiresAt: nowSeconds() - agoSeconds } },
    }));
    await doc.send(new BatchWriteCommand({ RequestItems: { [TABLE]: items } }));
  }
}

async function sortKeysOf(doc: DynamoDBDocumentClient, pk: string): Promise<string[]> {
  const { Items } = await doc.send(
    new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk } }),
  );
  return (Items ?? []).map((item) => String(item.SK));
}

let counter = 0;
/** A partition of its own for each test, so tests sharing the table never see each other's items. */
const partition = (): string => `T#${Date.now()}#${(counter += 1)}`;

describe('local DynamoDB', () => {
  let dynamo: LocalDynamo;
  let raw: DynamoDBClient;
  let doc: DynamoDBDocumentClient;

  beforeAll(async () => {
    dynamo = await startDynamo({ port: 0, tableName: TABLE, ttlSweepIntervalMs: 0 });
    ({ raw, doc } = clientsFor(dynamo));
  });

  afterAll(async () => {
    raw.destroy();
    await dynamo.stop();
  });

  test('answers a BatchGetItem with the items found, projected, and nothing for the keys that have none', async () => {
    const pk = partition();
    await doc.send(new PutCommand({ TableName: TABLE, Item: { PK: pk, SK: 'A', name: 'first', extra: 1 } }));
    await doc.send(new PutCommand({ TableName: TABLE, Item: { PK: pk, SK: 'C', name: 'third', extra: 3 } }));

    const whole = await doc.send(
      new BatchGetCommand({ RequestItems: { [TABLE]: { Keys: [{ PK: pk, SK: 'A' }, { PK: pk, SK: 'B' }, { PK: pk, SK: 'C' }] } } }),
    );
    const projected = await doc.send(
      new BatchGetCommand({
        RequestItems: {
          [TABLE]: { Keys: [{ PK: pk, SK: 'A' }, { PK: pk, SK: 'C' }], ProjectionExpression: 'SK, #name', ExpressionAttributeNames: { '#name': 'name' } },
        },
      }),
    );

    const bySortKey = (items: Record<string, unknown>[] | undefined) => [...(items ?? [])].sort((a, b) => String(a.SK).localeCompare(String(b.SK)));
    expect(bySortKey(whole.Responses?.[TABLE])).toEqual([
      { PK: pk, SK: 'A', name: 'first', extra: 1 },
      { PK: pk, SK: 'C', name: 'third', extra: 3 },
    ]);
    expect(bySortKey(projected.Responses?.[TABLE])).toEqual([
      { SK: 'A', name: 'first' },
      { SK: 'C', name: 'third' },
    ]);
    expect(whole.UnprocessedKeys).toEqual({});
  });

  test('refuses a BatchGetItem key that does not match the table, as DynamoDB does', async () => {
    const error = await doc.send(new BatchGetCommand({ RequestItems: { [TABLE]: { Keys: [{ PK: partition() }] } } })).catch((caught: unknown) => caught);

    expect(error).toMatchObject({ name: 'ValidationException', message: 'The provided key element does not match the schema' });
  });

  test('refuses a BatchWriteItem that names one item twice, whole, as DynamoDB does', async () => {
    const pk = partition();
    const twice = [
      { PutRequest: { Item: { PK: pk, SK: 'A', n: 1 } } },
      { PutRequest: { Item: { PK: pk, SK: 'B', n: 2 } } },
      { DeleteRequest: { Key: { PK: pk, SK: 'A' } } },
    ];

    const error = await doc.send(new BatchWriteCommand({ RequestItems: { [TABLE]: twice } })).catch((caught: unknown) => caught);

    expect(error).toMatchObject({ name: 'ValidationException', message: 'Provided list of item keys contains duplicates' });
    expect((await doc.send(new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk } }))).Items).toEqual([]);
  });

  test('refuses a transaction whose condition fails and writes nothing', async () => {
    // Prepare
    const pk = partition();
    await doc.send(new PutCommand({ TableName: TABLE, Item: { PK: pk, SK: 'UNIQUE#1', owner: 'first' } }));

    // Act
    const error = await cancellationOf(
      doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: TABLE, Item: { PK: pk, SK: 'NEW', name: 'new' } } },
            {
              Put: {
                TableName: TABLE,
                Item: { PK: pk, SK: 'UNIQUE#1', owner: 'second' },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
          ],
        }),
      ),
    );

    // Assess
    expect(error.CancellationReasons?.map((reason) => reason.Code)).toEqual(['None', 'ConditionalCheckFailed']);
    expect(error.message).toContain('[None, ConditionalCheckFailed]');
    const created = await doc.send(new GetCommand({ TableName: TABLE, Key: { PK: pk, SK: 'NEW' } }));
    expect(created.Item).toBeUndefined();
    const unique = await doc.send(new GetCommand({ TableName: TABLE, Key: { PK: pk, SK: 'UNIQUE#1' } }));
    expect(unique.Item?.owner).toBe('first');
  });

  test('returns the current item with the cancellation reason when asked for ALL_OLD', async () => {
    // Prepare
    const pk = partition();
    await doc.send(new PutCommand({ TableName: TABLE, Item: { PK: pk, SK: 'A', version: 2 } }));

    // Act
    const error = await cancellationOf(
      doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              ConditionCheck: {
                TableName: TABLE,
                Key: { PK: pk, SK: 'A' },
                ConditionExpression: '#version = :expected',
                ExpressionAttributeNames: { '#version': 'version' },
                ExpressionAttributeValues: { ':expected': 1 },
                ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
              },
            },
          ],
        }),
      ),
    );

    // Assess
    const [reason] = error.CancellationReasons ?? [];
    expect(reason?.Code).toBe('ConditionalCheckFailed');
    expect(reason?.Message).toBe('The conditional request failed');
    expect(reason?.Item).toEqual({ PK: { S: pk }, SK: { S: 'A' }, version: { N: '2' } });
  });

  test('applies every action of a transaction whose conditions hold', async () => {
    // Prepare
    const pk = partition();
    await doc.send(new PutCommand({ TableName: TABLE, Item: { PK: pk, SK: 'COUNTER', count: 1 } }));
    await doc.send(new PutCommand({ TableName: TABLE, Item: { PK: pk, SK: 'OLD' } }));
    await doc.send(new PutCommand({ TableName: TABLE, Item: { PK: pk, SK: 'GUARD', open: true } }));

    // Act
    await doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: TABLE,
              Item: { PK: pk, SK: 'NEW', name: 'new' },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Update: {
              TableName: TABLE,
              Key: { PK: pk, SK: 'COUNTER' },
              UpdateExpression: 'ADD #count :one SET #label = :label',
              ConditionExpression: '#count = :expected',
              ExpressionAttributeNames: { '#count': 'count', '#label': 'label' },
              ExpressionAttributeValues: { ':one': 1, ':label': 'bumped', ':expected': 1 },
            },
          },
          { Delete: { TableName: TABLE, Key: { PK: pk, SK: 'OLD' }, ConditionExpression: 'attribute_exists(PK)' } },
          {
            ConditionCheck: {
              TableName: TABLE,
              Key: { PK: pk, SK: 'GUARD' },
              ConditionExpression: '#open = :true',
              ExpressionAttributeNames: { '#open': 'open' },
              ExpressionAttributeValues: { ':true': true },
            },
          },
        ],
      }),
    );

    // Assess
    const partitionItems = await doc.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': pk },
      }),
    );
    expect(partitionItems.Items).toEqual([
      { PK: pk, SK: 'COUNTER', count: 2, label: 'bumped' },
      { PK: pk, SK: 'GUARD', open: true },
      { PK: pk, SK: 'NEW', name: 'new' },
    ]);
  });

  test('undoes the actions already applied when a later one fails while being applied', async () => {
    // Prepare
    const pk = partition();
    await doc.send(new PutCommand({ TableName: TABLE, Item: { PK: pk, SK: 'EXISTING', value: 'before' } }));

    // Act: the update's expression is only refused when it is applied, after the two puts went through.
    const error = await raw
      .send(
        new TransactWriteItemsCommand({
          TransactItems: [
            { Put: { TableName: TABLE, Item: { PK: { S: pk }, SK: { S: 'NEW' } } } },
            { Put: { TableName: TABLE, Item: { PK: { S: pk }, SK: { S: 'EXISTING' }, value: { S: 'after' } } } },
            {
              Update: {
                TableName: TABLE,
                Key: { PK: { S: pk }, SK: { S: 'BROKEN' } },
                UpdateExpression: 'SET #n = :n + :text',
                ExpressionAttributeNames: { '#n': 'n' },
                ExpressionAttributeValues: { ':n': { N: '1' }, ':text': { S: 'x' } },
              },
            },
          ],
        }),
      )
      .then(
        () => undefined,
        (reason: unknown) => reason as Error,
      );

    // Assess
    expect(error?.name).toBe('ValidationException');
    const created = await doc.send(new GetCommand({ TableName: TABLE, Key: { PK: pk, SK: 'NEW' } }));
    expect(created.Item).toBeUndefined();
    const existing = await doc.send(new GetCommand({ TableName: TABLE, Key: { PK: pk, SK: 'EXISTING' } }));
    expect(existing.Item).toEqual({ PK: pk, SK: 'EXISTING', value: 'before' });
  });

  test('refuses two actions on the same item in one transaction', async () => {
    // Prepare
    const pk = partition();

    // Act
    const error = await doc
      .send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: TABLE, Item: { PK: pk, SK: 'SAME' } } },
            { Delete: { TableName: TABLE, Key: { PK: pk, SK: 'SAME' } } },
          ],
        }),
      )
      .then(
        () => undefined,
        (reason: unknown) => reason as Error,
      );

    // Assess
    expect(error?.name).toBe('ValidationException');
    expect(error?.message).toBe('Transaction request cannot include multiple operations on one item');
    const item = await doc.send(new GetCommand({ TableName: TABLE, Key: { PK: pk, SK: 'SAME' } }));
    expect(item.Item).toBeUndefined();
  });

  test('refuses a transaction of more than 100 actions', async () => {
    // Prepare
    const pk = partition();
    const puts = Array.from({ length: 101 }, (_, index) => ({
      Put: { TableName: TABLE, Item: { PK: pk, SK: `ITEM#${index}` } },
    }));

    // Act
    const error = await doc.send(new TransactWriteCommand({ TransactItems: puts })).then(
      () => undefined,
      (reason: unknown) => reason as Error,
    );

    // Assess
    expect(error?.name).toBe('ValidationException');
    const first = await doc.send(new GetCommand({ TableName: TABLE, Key: { PK: pk, SK: 'ITEM#0' } }));
    expect(first.Item).toBeUndefined();
  });

  test('returns the items of a TransactGetItems in request order, missing ones as empty', async () => {
    // Prepare
    const pk = partition();
    await doc.send(new PutCommand({ TableName: TABLE, Item: { PK: pk, SK: 'A', value: 'a', extra: 'x' } }));
    await doc.send(new PutCommand({ TableName: TABLE, Item: { PK: pk, SK: 'B', value: 'b' } }));

    // Act
    const result = await doc.send(
      new TransactGetCommand({
        TransactItems: [
          { Get: { TableName: TABLE, Key: { PK: pk, SK: 'B' } } },
          { Get: { TableName: TABLE, Key: { PK: pk, SK: 'MISSING' } } },
          {
            Get: {
              TableName: TABLE,
              Key: { PK: pk, SK: 'A' },
              ProjectionExpression: '#value',
              ExpressionAttributeNames: { '#value': 'value' },
            },
          },
        ],
      }),
    );

    // Assess
    expect(result.Responses?.map((response) => response.Item)).toEqual([
      { PK: pk, SK: 'B', value: 'b' },
      undefined,
      { value: 'a' },
    ]);
  });

  test('lets exactly one of several concurrent transactions claim the same uniqueness item', async () => {
    // Prepare
    const pk = partition();
    const contenders = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'];

    // Act
    const outcomes = await Promise.allSettled(
      contenders.map((id) =>
        doc.send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName: TABLE, Item: { PK: pk, SK: `CONTACT#${id}` } } },
              {
                Put: {
                  TableName: TABLE,
                  Item: { PK: pk, SK: 'UNIQUE#number', owner: id },
                  ConditionExpression: 'attribute_not_exists(PK)',
                },
              },
            ],
          }),
        ),
      ),
    );

    // Assess
    const winners = contenders.filter((_, index) => outcomes[index]?.status === 'fulfilled');
    expect(winners).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(TransactionCanceledException);
    }
    const unique = await doc.send(new GetCommand({ TableName: TABLE, Key: { PK: pk, SK: 'UNIQUE#number' } }));
    expect(unique.Item?.owner).toBe(winners[0]);
    const contacts = await doc.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :contact)',
        ExpressionAttributeValues: { ':pk': pk, ':contact': 'CONTACT#' },
      }),
    );
    expect(contacts.Items?.map((item) => item.SK)).toEqual([`CONTACT#${winners[0]}`]);
  });

  test('queries the first global secondary index', async () => {
    // Prepare
    const gsiPartition = partition();
    await doc.send(
      new PutCommand({ TableName: TABLE, Item: { PK: 'X#1', SK: 'T', GSI1PK: gsiPartition, GSI1SK: '2024-02', n: 2 } }),
    );
    await doc.send(
      new PutCommand({ TableName: TABLE, Item: { PK: 'X#2', SK: 'T', GSI1PK: gsiPartition, GSI1SK: '2024-01', n: 1 } }),
    );

    // Act
    const result = await doc.send(
      new QueryCommand({
        TableName: TABLE,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': gsiPartition },
        ScanIndexForward: false,
      }),
    );

    // Assess: projection ALL, ordered by the index's sort key
    expect(result.Items?.map((item) => item.n)).toEqual([2, 1]);
  });

  test('keeps writes that do not go through transactions working as in DynamoDB', async () => {
    // Prepare
    const pk = partition();
    await doc.send(new PutCommand({ TableName: TABLE, Item: { PK: pk, SK: 'A' } }));

    // Act
    const refused = await doc
      .send(new PutCommand({ TableName: TABLE, Item: { PK: pk, SK: 'A' }, ConditionExpression: 'attribute_not_exists(PK)' }))
      .then(
        () => undefined,
        (reason: unknown) => reason as Error,
      );
    await doc.send(new DeleteCommand({ TableName: TABLE, Key: { PK: pk, SK: 'A' } }));

    // Assess
    expect(refused?.name).toBe('ConditionalCheckFailedException');
    const item = await doc.send(new GetCommand({ TableName: TABLE, Key: { PK: pk, SK: 'A' } }));
    expect(item.Item).toBeUndefined();
  });
});

describe('local DynamoDB TTL', () => {
  test('deletes expired items and keeps live ones and items without the TTL attribute', async () => {
    // Prepare
    const dynamo = await startDynamo({ port: 0, tableName: TABLE, ttlSweepIntervalMs: 0 });
    const { raw, doc } = clientsFor(dynamo);
    try {
      await doc.send(new PutCommand({ TableName: TABLE, Item: { PK: 'P', SK: 'EXPIRED', expiresAt: nowSeconds() - 5 } }));
      await doc.send(new PutCommand({ TableName: TABLE, Item: { PK: 'P', SK: 'LIVE', expiresAt: nowSeconds() + 3600 } }));
      await doc.send(new PutCommand({ TableName: TABLE, Item: { PK: 'P', SK: 'FOREVER' } }));

      // Act
      const deleted = await dynamo.sweepExpired();

      // Assess
      expect(deleted).toBe(1);
      const left = await doc.send(
        new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': 'P' } }),
      );
      expect(left.Items?.map((item) => item.SK)).toEqual(['FOREVER', 'LIVE']);
    } finally {
      raw.destroy();
      await dynamo.stop();
    }
  });

  test('keeps an expired item whose TTL was moved into the future before the sweep', async () => {
    // Prepare
    const dynamo = await startDynamo({ port: 0, tableName: TABLE, ttlSweepIntervalMs: 0 });
    const { raw, doc } = clientsFor(dynamo);
    try {
      await doc.send(new PutCommand({ TableName: TABLE, Item: { PK: 'P', SK: 'REFRESHED', expiresAt: nowSeconds() - 5 } }));
      await doc.send(
        new UpdateCommand({
          TableName: TABLE,
          Key: { PK: 'P', SK: 'REFRESHED' },
          UpdateExpression: 'SET expiresAt = :later',
          ExpressionAttributeValues: { ':later': nowSeconds() + 3600 },
        }),
      );

      // Act
      const deleted = await dynamo.sweepExpired();

      // Assess
      expect(deleted).toBe(0);
      expect(await sortKeysOf(doc, 'P')).toEqual(['REFRESHED']);
    } finally {
      raw.destroy();
      await dynamo.stop();
    }
  });

  test('keeps an item whose TTL attribute was removed after it expired', async () => {
    // Prepare
    const dynamo = await startDynamo({ port: 0, tableName: TABLE, ttlSweepIntervalMs: 0 });
    const { raw, doc } = clientsFor(dynamo);
    try {
      await doc.send(new PutCommand({ TableName: TABLE, Item: { PK: 'P', SK: 'KEPT', expiresAt: nowSeconds() - 5 } }));
      await doc.send(
        new UpdateCommand({ TableName: TABLE, Key: { PK: 'P', SK: 'KEPT' }, UpdateExpression: 'REMOVE #ttl', ExpressionAttributeNames: { '#ttl': 'expiresAt' } }),
      );

      // Act
      const deleted = await dynamo.sweepExpired();

      // Assess
      expect(deleted).toBe(0);
      expect(await sortKeysOf(doc, 'P')).toEqual(['KEPT']);
    } finally {
      raw.destroy();
      await dynamo.stop();
    }
  });

  test('deletes expired items written by UpdateItem, BatchWriteItem and TransactWriteItems', async () => {
    // Prepare
    const dynamo = await startDynamo({ port: 0, tableName: TABLE, ttlSweepIntervalMs: 0 });
    const { raw, doc } = clientsFor(dynamo);
    const past = nowSeconds() - 5;
    try {
      await doc.send(
        new UpdateCommand({
          TableName: TABLE,
          Key: { PK: 'P', SK: 'UPDATE-LITERAL' },
          UpdateExpression: 'SET expiresAt = :past',
          ExpressionAttributeValues: { ':past': past },
        }),
      );
      await doc.send(
        new UpdateCommand({
          TableName: TABLE,
          Key: { PK: 'P', SK: 'UPDATE-ALIAS' },
          UpdateExpression: 'SET #t = :past',
          ExpressionAttributeNames: { '#t': 'expiresAt' },
          ExpressionAttributeValues: { ':past': past },
          ReturnValues: 'ALL_NEW',
        }),
      );
      await doc.send(
        new BatchWriteCommand({ RequestItems: { [TABLE]: [{ PutRequest: { Item: { PK: 'P', SK: 'BATCH', expiresAt: past } } }] } }),
      );
      await doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: TABLE, Item: { PK: 'P', SK: 'TRANSACT-PUT', expiresAt: past } } },
            {
              Update: {
                TableName: TABLE,
                Key: { PK: 'P', SK: 'TRANSACT-UPDATE' },
                UpdateExpression: 'SET expiresAt = :past',
                ExpressionAttributeValues: { ':past': past },
              },
            },
          ],
        }),
      );
      await doc.send(new PutCommand({ TableName: TABLE, Item: { PK: 'P', SK: 'LIVE', expiresAt: nowSeconds() + 3600 } }));

      // Act
      const deleted = await dynamo.sweepExpired();

      // Assess
      expect(deleted).toBe(5);
      expect(await sortKeysOf(doc, 'P')).toEqual(['LIVE']);
    } finally {
      raw.destroy();
      await dynamo.stop();
    }
  });

  test('deletes at most a bounded number of items per pass and the rest on the next passes', async () => {
    // Prepare
    const dynamo = await startDynamo({ port: 0, tableName: TABLE, ttlSweepIntervalMs: 0 });
    const { raw, doc } = clientsFor(dynamo);
    try {
      await putExpired(doc, 'MANY', MAX_ENTRIES_PER_SWEEP + 20);

      // Act
      const first = await dynamo.sweepExpired();
      const second = await dynamo.sweepExpired();

      // Assess
      expect([first, second]).toEqual([MAX_ENTRIES_PER_SWEEP, 20]);
      expect(await sortKeysOf(doc, 'MANY')).toEqual([]);
    } finally {
      raw.destroy();
      await dynamo.stop();
    }
  });

  test('abandons a sweep pass in progress when stopped, leaving the rest for a later start', async () => {
    // Prepare
    const dataDir = await mkdtemp(path.join(tmpdir(), 'local-dynamo-'));
    try {
      const dynamo = await startDynamo({ port: 0, tableName: TABLE, dataDir, ttlSweepIntervalMs: 0 });
      const { raw, doc } = clientsFor(dynamo);
      await putExpired(doc, 'LONG', MAX_ENTRIES_PER_SWEEP);
      const pass = dynamo.sweepExpired();
      // The pass deletes in key order: once the first item is gone, it is under way.
      let first: Record<string, unknown> | undefined = {};
      while (first) ({ Item: first } = await doc.send(new GetCommand({ TableName: TABLE, Key: { PK: 'LONG', SK: 'E#00000' } })));
      raw.destroy();

      // Act
      await dynamo.stop();
      const deleted = await pass;

      // Assess
      expect(deleted).toBeGreaterThan(0);
      expect(deleted).toBeLessThan(MAX_ENTRIES_PER_SWEEP);
      const restarted = await startDynamo({ port: 0, tableName: TABLE, dataDir, ttlSweepIntervalMs: 0 });
      const after = clientsFor(restarted);
      try {
        expect(await sortKeysOf(after.doc, 'LONG')).toHaveLength(MAX_ENTRIES_PER_SWEEP - deleted);
        expect(await restarted.sweepExpired()).toBe(MAX_ENTRIES_PER_SWEEP - deleted);
      } finally {
        after.raw.destroy();
        await restarted.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  test('indexes and sweeps the expiring items of a data folder written before the expiry index existed', async () => {
    // Prepare: a folder whose items were written without the index, as before it existed
    const dataDir = await mkdtemp(path.join(tmpdir(), 'local-dynamo-'));
    try {
      const older = await startDynamo({ port: 0, tableName: TABLE, dataDir, ttlSweepIntervalMs: 0 });
      const before = clientsFor(older);
      await putExpired(before.doc, 'OLD', 30);
      await before.doc.send(new PutCommand({ TableName: TABLE, Item: { PK: 'OLD', SK: 'LIVE', expiresAt: nowSeconds() + 3600 } }));
      await before.doc.send(new PutCommand({ TableName: TABLE, Item: { PK: 'OLD', SK: 'FOREVER' } }));
      await before.raw.send(new DeleteTableCommand({ TableName: expiryIndexTableName(TABLE) }));
      // Deleting a table takes dynalite a moment (DELETING), even when told it takes no time.
      while (
        await before.raw.send(new DescribeTableCommand({ TableName: expiryIndexTableName(TABLE) })).then(
          () => true,
          () => false,
        )
      ) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      before.raw.destroy();
      await older.stop();

      // Act
      const dynamo = await startDynamo({ port: 0, tableName: TABLE, dataDir, ttlSweepIntervalMs: 0 });
      const { raw, doc } = clientsFor(dynamo);
      try {
        const deleted = await dynamo.sweepExpired();

        // Assess
        expect(deleted).toBe(30);
        expect(await sortKeysOf(doc, 'OLD')).toEqual(['FOREVER', 'LIVE']);
      } finally {
        raw.destroy();
        await dynamo.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  test('sweeps on its own timer', async () => {
    // Prepare
    const dynamo = await startDynamo({ port: 0, tableName: TABLE, ttlSweepIntervalMs: 20 });
    const { raw, doc } = clientsFor(dynamo);
    try {
      await doc.send(new PutCommand({ TableName: TABLE, Item: { PK: 'P', SK: 'EXPIRED', expiresAt: nowSeconds() - 5 } }));

      // Act
      let item: Record<string, unknown> | undefined = {};
      while (item) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        ({ Item: item } = await doc.send(new GetCommand({ TableName: TABLE, Key: { PK: 'P', SK: 'EXPIRED' } })));
      }

      // Assess: reaching this line means the timer deleted it (jest's timeout fails the test otherwise)
      expect(item).toBeUndefined();
    } finally {
      raw.destroy();
      await dynamo.stop();
    }
  });
});

describe('local DynamoDB stopping', () => {
  test('stops while clients keep sending requests on their keep-alive connections', async () => {
    // Prepare
    const dynamo = await startDynamo({ port: 0, tableName: TABLE, ttlSweepIntervalMs: 0 });
    const { raw, doc } = clientsFor(dynamo);
    await doc.send(new PutCommand({ TableName: TABLE, Item: { PK: 'BUSY', SK: 'A' } }));
    let answered = 0;
    const refusals: unknown[] = [];
    // Several loops at once, so some connection is always in the middle of a request.
    const busyClients = Array.from({ length: 8 }, async () => {
      for (;;) {
        try {
          await doc.send(new GetCommand({ TableName: TABLE, Key: { PK: 'BUSY', SK: 'A' } }));
          answered += 1;
        } catch (error) {
          refusals.push(error);
          return;
        }
      }
    });
    while (answered < 20) await new Promise((resolve) => setTimeout(resolve, 5));

    // Act: resolving at all is the point (the jest timeout fails the test otherwise)
    await dynamo.stop();

    // Assess
    await Promise.all(busyClients);
    raw.destroy();
    expect(refusals).toHaveLength(8);
  });
});

describe('local DynamoDB on disk', () => {
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'local-dynamo-'));
  });

  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  test('keeps the data and the table across a stop and a restart on the same directory', async () => {
    // Prepare
    const first = await startDynamo({ port: 0, tableName: TABLE, dataDir, ttlSweepIntervalMs: 0 });
    const before = clientsFor(first);
    await before.doc.send(new PutCommand({ TableName: TABLE, Item: { PK: 'P', SK: 'KEPT', value: 42 } }));
    const created = await before.raw.send(new DescribeTableCommand({ TableName: TABLE }));
    before.raw.destroy();
    await first.stop();

    // Act
    const second = await startDynamo({ port: 0, tableName: TABLE, dataDir, ttlSweepIntervalMs: 0 });
    const after = clientsFor(second);
    try {
      const item = await after.doc.send(new GetCommand({ TableName: TABLE, Key: { PK: 'P', SK: 'KEPT' } }));
      const described = await after.raw.send(new DescribeTableCommand({ TableName: TABLE }));

      // Assess
      expect(item.Item).toEqual({ PK: 'P', SK: 'KEPT', value: 42 });
      expect(described.Table?.CreationDateTime).toEqual(created.Table?.CreationDateTime);
      expect(described.Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName).sort()).toEqual([
        'GSI1',
        'GSI2',
        'GSI3',
      ]);
    } finally {
      after.raw.destroy();
      await second.stop();
    }
  });
});
