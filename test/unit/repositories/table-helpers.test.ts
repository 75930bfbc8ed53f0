/** The table helpers every repository builds on: paging, batches of the right size, retries of leftovers. */
import { BatchGetCommand, BatchWriteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { batchGetAll, batchWriteAll, queryAll } from '../../../functions/core/repositories/table';

process.env.TABLE_NAME = 'table-under-test';

const ddb = mockClient(DynamoDBDocumentClient);
const key = (n: number) => ({ PK: `P#${n}`, SK: 'S' });

beforeEach(() => ddb.reset());

describe('batchGetAll', () => {
  it('reads 100 keys per call and retries the keys DynamoDB left unprocessed', async () => {
    const keys = Array.from({ length: 250 }, (_, n) => key(n));
    ddb
      .on(BatchGetCommand)
      .resolvesOnce({ Responses: { 'table-under-test': [{ id: 'first' }] }, UnprocessedKeys: { 'table-under-test': { Keys: [key(7)] } } })
      .resolves({ Responses: { 'table-under-test': [{ id: 'more' }] } });

    const items = await batchGetAll(keys);

    const sizes = ddb.commandCalls(BatchGetCommand).map((call) => call.args[0].input.RequestItems?.['table-under-test']?.Keys?.length);
    expect(sizes).toEqual([100, 1, 100, 50]);
    expect(items).toHaveLength(4);
  });
});

describe('batchWriteAll', () => {
  it('writes 25 requests per call', async () => {
    ddb.on(BatchWriteCommand).resolves({});

    await batchWriteAll(Array.from({ length: 60 }, (_, n) => ({ DeleteRequest: { Key: key(n) } })));

    expect(ddb.commandCalls(BatchWriteCommand).map((call) => call.args[0].input.RequestItems?.['table-under-test']?.length)).toEqual([25, 25, 10]);
  });
});

describe('queryAll', () => {
  it('follows LastEvaluatedKey until the last page', async () => {
    ddb
      .on(QueryCommand)
      .resolvesOnce({ Items: [{ n: 1 }], LastEvaluatedKey: key(1) })
      .resolves({ Items: [{ n: 2 }] });

    const items = await queryAll({ TableName: 'table-under-test', KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': 'x' } });

    expect(items).toEqual([{ n: 1 }, { n: 2 }]);
    expect(ddb.commandCalls(QueryCommand)[1]?.args[0].input.ExclusiveStartKey).toEqual(key(1));
  });
});
