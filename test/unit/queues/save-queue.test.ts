/** Creating and changing a queue: colour uniqueness, greeting rule and plan limit in one transaction. */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { queueUrlEnv, TICKET_ROWS_QUEUE_ID } from '../../../infra/resources/queues';
import { CreateQueueBody } from '../../../shared/queues';
import { defaultQueueSchedule } from '../../../shared/schedules';
import type { Caller } from '../../../functions/core/caller/load-caller';
import { createQueue, updateQueue } from '../../../functions/core/queues/save-queue';
import { errorCodeOf } from '../../support/errors';

process.env.TABLE_NAME = 'table-under-test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);
// A rename announces itself on the ticket-rows queue (conversations/ticket-rows.ts).
process.env[queueUrlEnv(TICKET_ROWS_QUEUE_ID)] = 'https://sqs.test/ticket-rows';
const sqs = mockClient(SQSClient);
sqs.on(SendMessageCommand).resolves({});

/** A session of company C1 whose plan allows `limit` queues and which has `count` of them. */
const session = (count: number, limit = 5) =>
  ({ companyId: 'C1', userId: 'U1', company: { id: 'C1', queuesCount: count }, plan: { queues: limit } }) as unknown as Caller;

const stored = {
  PK: 'C#C1',
  SK: 'QUEUE#Q1',
  entity: 'queue',
  id: 'Q1',
  companyId: 'C1',
  name: 'Suporte',
  color: '#AA0000',
  orderQueue: 1,
  greetingMessage: 'Olá',
  outOfHoursMessage: '',
  schedules: [],
  promptId: null,
  integrationId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const cancelled = (...codes: ('None' | 'ConditionalCheckFailed')[]) =>
  new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });

const transactItems = (call = 0) => ddb.commandCalls(TransactWriteCommand)[call]!.args[0].input.TransactItems!;

beforeEach(() => {
  ddb.reset();
  // The company's queues (for the next order) and the realtime room (nobody listening).
  ddb.on(QueryCommand).resolves({ Items: [] });
});

describe('createQueue', () => {
  it('writes the colour item, one more on the company counter and the queue in one conditional transaction', async () => {
    ddb.on(TransactWriteCommand).resolves({});

    const queue = await createQueue(session(1), CreateQueueBody.parse({ name: 'Vendas', color: '#00FF00', greetingMessage: 'Oi' }));

    expect(queue).toMatchObject({ name: 'Vendas', orderQueue: 1, schedules: defaultQueueSchedule(), promptId: null });
    const [color, company, item] = transactItems();
    expect(color!.Put).toMatchObject({
      Item: { PK: 'C#C1', SK: 'UNIQUE#QUEUECOLOR##00ff00', queueId: queue.id },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
    expect(company!.Update).toMatchObject({
      Key: { PK: 'C#C1', SK: 'COMPANY' },
      UpdateExpression: 'ADD queuesCount :one',
      ConditionExpression: 'attribute_exists(PK) AND queuesCount < :limit',
      ExpressionAttributeValues: { ':one': 1, ':limit': 5 },
    });
    expect(item!.Put).toMatchObject({ Item: { PK: 'C#C1', SK: `QUEUE#${queue.id}`, color: '#00FF00' }, ConditionExpression: 'attribute_not_exists(PK)' });
  });

  it('conditions the counter on being the only queue when the new queue has no greeting', async () => {
    ddb.on(TransactWriteCommand).resolves({});

    await createQueue(session(0), CreateQueueBody.parse({ name: 'Única', color: '#123' }));

    expect(transactItems()[1]!.Update!.ConditionExpression).toBe('attribute_exists(PK) AND queuesCount < :limit AND queuesCount < :one');
  });

  it('refuses at once, writing nothing, when the session shows the plan limit reached', async () => {
    expect(await errorCodeOf(createQueue(session(2, 2), CreateQueueBody.parse({ name: 'Mais', color: '#123', greetingMessage: 'Oi' })))).toBe(
      'ERR_QUEUE_LIMIT_REACHED',
    );
    expect(await errorCodeOf(createQueue(session(0, 0), CreateQueueBody.parse({ name: 'Zero', color: '#123', greetingMessage: 'Oi' })))).toBe(
      'ERR_QUEUE_LIMIT_REACHED',
    );
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('refuses at once a queue without a greeting when the company already has a queue', async () => {
    expect(await errorCodeOf(createQueue(session(1), CreateQueueBody.parse({ name: 'Muda', color: '#123', greetingMessage: ' ' })))).toBe(
      'ERR_WAPP_GREETING_REQUIRED',
    );
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('answers ERR_QUEUE_COLOR_ALREADY_EXISTS when the colour item exists', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None', 'None'));

    expect(await errorCodeOf(createQueue(session(1), CreateQueueBody.parse({ name: 'Cor', color: '#abc', greetingMessage: 'Oi' })))).toBe(
      'ERR_QUEUE_COLOR_ALREADY_EXISTS',
    );
  });

  it('answers ERR_QUEUE_LIMIT_REACHED when another queue took the last place meanwhile', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed', 'None'));
    ddb.on(GetCommand).resolves({ Item: { PK: 'C#C1', SK: 'COMPANY', id: 'C1', queuesCount: 2 } });

    expect(await errorCodeOf(createQueue(session(1, 2), CreateQueueBody.parse({ name: 'Corrida', color: '#abc', greetingMessage: 'Oi' })))).toBe(
      'ERR_QUEUE_LIMIT_REACHED',
    );
  });

  it('answers ERR_WAPP_GREETING_REQUIRED when, without a greeting, another queue appeared meanwhile', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed', 'None'));
    ddb.on(GetCommand).resolves({ Item: { PK: 'C#C1', SK: 'COMPANY', id: 'C1', queuesCount: 1 } });

    expect(await errorCodeOf(createQueue(session(0), CreateQueueBody.parse({ name: 'Corrida', color: '#abc' })))).toBe('ERR_WAPP_GREETING_REQUIRED');
  });
});

describe('updateQueue', () => {
  it('swaps the colour items in the same transaction when the colour changes', async () => {
    ddb.on(GetCommand).resolves({ Item: stored });
    ddb.on(TransactWriteCommand).resolves({});

    const queue = await updateQueue(session(2), 'Q1', { color: '#00AA00' });

    expect(queue).toMatchObject({ id: 'Q1', color: '#00AA00', name: 'Suporte', greetingMessage: 'Olá' });
    expect(ddb.commandCalls(GetCommand)[0]!.args[0].input).toMatchObject({ Key: { PK: 'C#C1', SK: 'QUEUE#Q1' }, ConsistentRead: true });
    const [item, oldColor, newColor, ...rest] = transactItems();
    expect(item!.Put).toMatchObject({
      Item: { SK: 'QUEUE#Q1', color: '#00AA00' },
      ConditionExpression: 'attribute_exists(PK) AND #color = :previousColor',
      ExpressionAttributeValues: { ':previousColor': '#AA0000' },
    });
    expect(oldColor!.Delete).toMatchObject({
      Key: { PK: 'C#C1', SK: 'UNIQUE#QUEUECOLOR##aa0000' },
      ConditionExpression: 'attribute_not_exists(PK) OR queueId = :queueId',
    });
    expect(newColor!.Put).toMatchObject({ Item: { SK: 'UNIQUE#QUEUECOLOR##00aa00', queueId: 'Q1' }, ConditionExpression: 'attribute_not_exists(PK)' });
    expect(rest).toEqual([]);
  });

  it('writes no colour item when only the case of the colour changes', async () => {
    ddb.on(GetCommand).resolves({ Item: stored });
    ddb.on(TransactWriteCommand).resolves({});

    await updateQueue(session(2), 'Q1', { color: '#aa0000', name: 'Renomeada' });

    expect(transactItems().map((item) => Object.keys(item)[0])).toEqual(['Put']);
  });

  it('checks in the transaction that the company has at most one queue when the greeting is blank', async () => {
    ddb.on(GetCommand).resolves({ Item: { ...stored, greetingMessage: '' } });
    ddb.on(TransactWriteCommand).resolves({});

    await updateQueue(session(1), 'Q1', { name: 'Só ela' });

    expect(transactItems()[1]!.ConditionCheck).toMatchObject({
      Key: { PK: 'C#C1', SK: 'COMPANY' },
      ConditionExpression: 'queuesCount <= :one',
    });
  });

  it('answers ERR_QUEUE_COLOR_ALREADY_EXISTS when the new colour is taken', async () => {
    ddb.on(GetCommand).resolves({ Item: stored });
    ddb.on(TransactWriteCommand).rejects(cancelled('None', 'None', 'ConditionalCheckFailed'));

    expect(await errorCodeOf(updateQueue(session(2), 'Q1', { color: '#123456' }))).toBe('ERR_QUEUE_COLOR_ALREADY_EXISTS');
  });

  it('reads the queue again and retries when it changed after it was read', async () => {
    ddb.on(GetCommand).resolvesOnce({ Item: stored }).resolves({ Item: { ...stored, color: '#BB0000' } });
    ddb.on(TransactWriteCommand).rejectsOnce(cancelled('ConditionalCheckFailed', 'None', 'None')).resolves({});

    const queue = await updateQueue(session(2), 'Q1', { color: '#00AA00' });

    expect(queue.color).toBe('#00AA00');
    expect(transactItems(1)[1]!.Delete!.Key).toEqual({ PK: 'C#C1', SK: 'UNIQUE#QUEUECOLOR##bb0000' });
  });

  it('answers ERR_NO_QUEUE_FOUND for a queue that is not in the company, writing nothing', async () => {
    ddb.on(GetCommand).resolves({});

    expect(await errorCodeOf(updateQueue(session(2), 'Q9', { name: 'Outra' }))).toBe('ERR_NO_QUEUE_FOUND');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});
