/** The queue option menu: options go only under a queue and parent of the same company and queue; subtrees go together. */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type GetCommandInput,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import {
  createQueueOption,
  deleteQueueOption,
  listQueueOptions,
  updateQueueOption,
} from '../../../functions/core/queues/queue-options';
import type { CreateQueueOptionBody } from '../../../shared/queues';
import { errorCodeOf } from '../../support/errors';

process.env.TABLE_NAME = 'table-under-test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);
const caller = { companyId: 'C1' };

/** A parsed POST body (the ids here are short names, not the ULIDs the edge would demand). */
const body = (fields: Pick<CreateQueueOptionBody, 'queueId' | 'parentId' | 'title'> & Partial<CreateQueueOptionBody>): CreateQueueOptionBody => ({
  message: '',
  ...fields,
});

const option = (id: string, parentId: string | null, position: number, queueId = 'Q1') => ({
  PK: 'C#C1',
  SK: `QOPT#${id}`,
  GSI1PK: `C#C1#QOPTS#${queueId}#${parentId ?? 'root'}`,
  GSI1SK: String(position).padStart(6, '0'),
  entity: 'queueOption',
  id,
  companyId: 'C1',
  queueId,
  parentId,
  title: id,
  message: '',
  option: position,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

/** Queue Q1 with the menu A (B (C)), D; and option X of another queue, Q2. */
const items = [
  { PK: 'C#C1', SK: 'QUEUE#Q1', id: 'Q1' },
  { PK: 'C#C1', SK: 'QUEUE#Q2', id: 'Q2' },
  option('A', null, 1),
  option('B', 'A', 1),
  option('C', 'B', 1),
  option('D', null, 2),
  option('X', null, 1, 'Q2'),
];

beforeEach(() => {
  ddb.reset();
  ddb.on(GetCommand).callsFake((input: GetCommandInput) => ({
    Item: items.find((item) => item.PK === input.Key?.PK && item.SK === input.Key.SK),
  }));
  ddb.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    const found = items.filter((item) => 'GSI1PK' in item && item.GSI1PK === input.ExpressionAttributeValues?.[':pk']);
    return { Items: input.ScanIndexForward === false ? found.reverse().slice(0, 1) : found };
  });
  ddb.on(TransactWriteCommand).resolves({});
  ddb.on(BatchWriteCommand).resolves({});
});

describe('createQueueOption', () => {
  it('writes the option after its last sibling, checking in the same transaction that the queue exists and the parent is of that queue', async () => {
    const created = await createQueueOption(caller, body({ queueId: 'Q1', parentId: null, title: 'Novo' }));

    expect(created).toMatchObject({ queueId: 'Q1', parentId: null, title: 'Novo', message: '', option: 3, children: [] });
    const [queue, put] = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(queue!.ConditionCheck).toMatchObject({ Key: { PK: 'C#C1', SK: 'QUEUE#Q1' }, ConditionExpression: 'attribute_exists(PK)' });
    expect(put!.Put).toMatchObject({
      Item: { PK: 'C#C1', SK: `QOPT#${created.id}`, GSI1PK: 'C#C1#QOPTS#Q1#root', GSI1SK: '000003', entity: 'queueOption' },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
  });

  it('checks the parent belongs to the same queue when the option goes under one', async () => {
    await createQueueOption(caller, body({ queueId: 'Q1', parentId: 'A', title: 'Filho', option: 7 }));

    const [, parent, put] = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(parent!.ConditionCheck).toMatchObject({
      Key: { PK: 'C#C1', SK: 'QOPT#A' },
      ConditionExpression: 'attribute_exists(PK) AND queueId = :queueId',
      ExpressionAttributeValues: { ':queueId': 'Q1' },
    });
    expect(put!.Put!.Item).toMatchObject({ GSI1PK: 'C#C1#QOPTS#Q1#A', GSI1SK: '000007', parentId: 'A' });
  });

  it('refuses, writing nothing, a parent of another queue and a queue that does not exist', async () => {
    expect(await errorCodeOf(createQueueOption(caller, body({ queueId: 'Q1', parentId: 'X', title: 'Perdido' })))).toBe('ERR_NO_QUEUE_OPTION_FOUND');
    expect(await errorCodeOf(createQueueOption(caller, body({ queueId: 'Q9', parentId: null, title: 'Perdido' })))).toBe('ERR_NO_QUEUE_FOUND');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('answers ERR_NO_QUEUE_OPTION_FOUND when the parent is deleted between the check and the write', async () => {
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
      }),
    );

    expect(await errorCodeOf(createQueueOption(caller, body({ queueId: 'Q1', parentId: 'A', title: 'Tarde' })))).toBe('ERR_NO_QUEUE_OPTION_FOUND');
  });
});

describe('listQueueOptions', () => {
  it('answers the options under the parent in position order, each with its subtree', async () => {
    const options = await listQueueOptions(caller, { queueId: 'Q1', parentId: null });

    const shape = (list: readonly { id: string; children: readonly unknown[] }[]): unknown =>
      list.map((node) => [node.id, shape(node.children as { id: string; children: unknown[] }[])]);
    expect(shape(options)).toEqual([
      ['A', [['B', [['C', []]]]]],
      ['D', []],
    ]);
  });
});

describe('updateQueueOption', () => {
  it('moves the option in the list index when its position changes, and keeps its parent', async () => {
    await updateQueueOption(caller, 'D', { option: 9, title: 'Último' });

    const [put] = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(put!.Put).toMatchObject({
      Item: { SK: 'QOPT#D', GSI1PK: 'C#C1#QOPTS#Q1#root', GSI1SK: '000009', title: 'Último', option: 9, parentId: null },
      ConditionExpression: 'attribute_exists(PK)',
    });
  });
});

describe('deleteQueueOption', () => {
  it('deletes the option with its whole subtree, deepest first and the option last', async () => {
    await deleteQueueOption(caller, 'A');

    const requests = ddb.commandCalls(BatchWriteCommand)[0]!.args[0].input.RequestItems!['table-under-test']!;
    expect(requests.map((request) => request.DeleteRequest?.Key?.SK)).toEqual(['QOPT#C', 'QOPT#B', 'QOPT#A']);
  });

  it('answers ERR_NO_QUEUE_OPTION_FOUND for an option not in the company', async () => {
    expect(await errorCodeOf(deleteQueueOption(caller, 'Z'))).toBe('ERR_NO_QUEUE_OPTION_FOUND');
    expect(ddb.commandCalls(BatchWriteCommand)).toHaveLength(0);
  });
});
