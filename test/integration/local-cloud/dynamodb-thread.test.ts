/**
 * The local DynamoDB on a thread of its own (what `npm run bench:inbound` uses to tell its CPU from the
 * backend's): the same stand-in behind the endpoint, TTL sweeps and stop answered across the thread,
 * and the thread's own event-loop load.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { startDynamoThread, type ThreadedDynamo } from '../../../infra/local/dynamodb-thread';
import { ifAssigned } from '../../support/teardown';

const TABLE = 'thread-main';

let dynamo: ThreadedDynamo;
let raw: DynamoDBClient;
let doc: DynamoDBDocumentClient;

beforeAll(async () => {
  dynamo = await startDynamoThread({ port: 0, tableName: TABLE, ttlSweepIntervalMs: 0 });
  raw = new DynamoDBClient({ endpoint: dynamo.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
  doc = DynamoDBDocumentClient.from(raw);
}, 60_000);

afterAll(async () => {
  ifAssigned(raw)?.destroy();
  await ifAssigned(dynamo)?.stop();
});

describe('the local DynamoDB on its own thread', () => {
  it('stores and reads items, transactions included, through its endpoint', async () => {
    await doc.send(new PutCommand({ TableName: TABLE, Item: { PK: 'A', SK: 'one', value: 1 } }));
    await doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: TABLE, Item: { PK: 'A', SK: 'two', value: 2 } } },
          { Update: { TableName: TABLE, Key: { PK: 'A', SK: 'one' }, UpdateExpression: 'SET #v = :v', ExpressionAttributeNames: { '#v': 'value' }, ExpressionAttributeValues: { ':v': 10 } } },
        ],
      }),
    );

    expect((await doc.send(new GetCommand({ TableName: TABLE, Key: { PK: 'A', SK: 'one' } }))).Item).toMatchObject({ value: 10 });
    expect((await doc.send(new GetCommand({ TableName: TABLE, Key: { PK: 'A', SK: 'two' } }))).Item).toMatchObject({ value: 2 });
  });

  it('deletes expired items when asked to sweep, and answers how many', async () => {
    const past = Math.floor(Date.now() / 1000) - 60;
    await doc.send(new PutCommand({ TableName: TABLE, Item: { PK: 'B', SK: 'old', expiresAt: past } }));

    expect(await dynamo.sweepExpired()).toBe(1);
    expect((await doc.send(new GetCommand({ TableName: TABLE, Key: { PK: 'B', SK: 'old' } }))).Item).toBeUndefined();
  });

  it("reports the thread's event-loop load since it started, and between a reading and now", async () => {
    const before = dynamo.utilization();
    await doc.send(new PutCommand({ TableName: TABLE, Item: { PK: 'C', SK: 'load' } }));
    const since = dynamo.utilization(before);

    expect(before.active).toBeGreaterThan(0);
    expect(since.active).toBeGreaterThan(0);
    expect(since.active).toBeLessThanOrEqual(dynamo.utilization().active);
  });
});
