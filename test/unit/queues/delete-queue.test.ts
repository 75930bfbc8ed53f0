/** Deleting a queue: the queue, its colour and the counter together, then its menu and its place in users' queues. */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { deleteQueue } from '../../../functions/core/queues/delete-queue';
import { errorCodeOf } from '../../support/errors';

process.env.TABLE_NAME = 'table-under-test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);

const queue = { PK: 'C#C1', SK: 'QUEUE#Q1', id: 'Q1', companyId: 'C1', name: 'Vendas', color: '#ABCDEF', orderQueue: 2 };
const option = (id: string, parentId: string | null) => ({ id, companyId: 'C1', queueId: 'Q1', parentId, title: id, message: '', option: 1 });
const menuPartition = (parent: string) => `C#C1#QOPTS#Q1#${parent}`;

/** Menu: top -> child -> grandchild; the users query finds one user holding Q1 second in its list. */
function answerQueries(input: QueryCommandInput) {
  const pk = input.ExpressionAttributeValues?.[':pk'];
  if (input.IndexName === 'GSI1') {
    const children: Record<string, unknown[]> = {
      [menuPartition('root')]: [option('TOP', null)],
      [menuPartition('TOP')]: [option('CHILD', 'TOP')],
      [menuPartition('CHILD')]: [option('GRANDCHILD', 'CHILD')],
    };
    return { Items: children[String(pk)] ?? [] };
  }
  if (input.ExpressionAttributeValues?.[':sk'] === 'USER#') return { Items: [{ id: 'U1', queueIds: ['Q0', 'Q1'] }] };
  return { Items: [] };
}

beforeEach(() => {
  ddb.reset();
  ddb.on(QueryCommand).callsFake(answerQueries);
  ddb.on(BatchWriteCommand).resolves({});
  ddb.on(UpdateCommand).resolves({});
});

describe('deleteQueue', () => {
  it('deletes the queue and its colour item and takes one off the counter in one transaction', async () => {
    ddb.on(GetCommand).resolves({ Item: queue });
    ddb.on(TransactWriteCommand).resolves({});

    await deleteQueue({ companyId: 'C1' }, 'Q1');

    const [item, color, company] = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(item!.Delete).toMatchObject({
      Key: { PK: 'C#C1', SK: 'QUEUE#Q1' },
      ConditionExpression: 'attribute_exists(PK) AND #color = :color',
      ExpressionAttributeValues: { ':color': '#ABCDEF' },
    });
    expect(color!.Delete).toMatchObject({
      Key: { PK: 'C#C1', SK: 'UNIQUE#QUEUECOLOR##abcdef' },
      ConditionExpression: 'attribute_not_exists(PK) OR queueId = :queueId',
    });
    expect(company!.Update).toMatchObject({
      Key: { PK: 'C#C1', SK: 'COMPANY' },
      UpdateExpression: 'ADD queuesCount :minusOne',
      ExpressionAttributeValues: { ':minusOne': -1 },
    });
  });

  it('then deletes the whole menu, deepest options first', async () => {
    ddb.on(GetCommand).resolves({ Item: queue });
    ddb.on(TransactWriteCommand).resolves({});

    await deleteQueue({ companyId: 'C1' }, 'Q1');

    const requests = ddb.commandCalls(BatchWriteCommand)[0]!.args[0].input.RequestItems!['table-under-test']!;
    expect(requests.map((request) => request.DeleteRequest?.Key)).toEqual([
      { PK: 'C#C1', SK: 'QOPT#GRANDCHILD' },
      { PK: 'C#C1', SK: 'QOPT#CHILD' },
      { PK: 'C#C1', SK: 'QOPT#TOP' },
    ]);
  });

  it("removes the queue from the users' queues, conditioned on its position in the list", async () => {
    ddb.on(GetCommand).resolves({ Item: queue });
    ddb.on(TransactWriteCommand).resolves({});

    await deleteQueue({ companyId: 'C1' }, 'Q1');

    const users = ddb.commandCalls(QueryCommand).find((call) => call.args[0].input.ExpressionAttributeValues?.[':sk'] === 'USER#');
    expect(users!.args[0].input).toMatchObject({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      FilterExpression: 'contains(queueIds, :queueId)',
      ExpressionAttributeValues: { ':pk': 'C#C1', ':queueId': 'Q1' },
    });
    expect(ddb.commandCalls(UpdateCommand)[0]!.args[0].input).toMatchObject({
      Key: { PK: 'C#C1', SK: 'USER#U1' },
      UpdateExpression: 'REMOVE queueIds[1] SET updatedAt = :now',
      ConditionExpression: 'queueIds[1] = :queueId',
    });
  });

  it('answers ERR_NO_QUEUE_FOUND for a queue not in the company, and deletes nothing', async () => {
    ddb.on(GetCommand).resolves({});

    expect(await errorCodeOf(deleteQueue({ companyId: 'C1' }, 'Q9'))).toBe('ERR_NO_QUEUE_FOUND');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(ddb.commandCalls(BatchWriteCommand)).toHaveLength(0);
  });

  it('reads the queue again when its colour changed after it was read, and deletes the current colour', async () => {
    ddb.on(GetCommand).resolvesOnce({ Item: queue }).resolves({ Item: { ...queue, color: '#000000' } });
    ddb.on(TransactWriteCommand)
      .rejectsOnce(
        new TransactionCanceledException({
          message: 'cancelled',
          $metadata: {},
          CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }, { Code: 'None' }],
        }),
      )
      .resolves({});

    await deleteQueue({ companyId: 'C1' }, 'Q1');

    expect(ddb.commandCalls(TransactWriteCommand)[1]!.args[0].input.TransactItems![1]!.Delete!.Key).toEqual({
      PK: 'C#C1',
      SK: 'UNIQUE#QUEUECOLOR##000000',
    });
  });
});
