/**
 * The WhatsApp check of contact list numbers: the numbers go to the company's connected session in
 * batches of LIST_CHECK_BATCH, without waiting; no connected session asks nothing; the host's answer is
 * recorded on the item, false as well as true.
 */
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { queueUrlEnv, SESSION_SHARDS, sessionCommandQueueId } from '../../../infra/resources/queues';
import { recordListNumberCheck, requestListNumberChecks } from '../../../functions/core/contact-lists/check-list-numbers';
import type { SessionCommand } from '../../../functions/core/sessions/commands';
import type { ContactListItem } from '../../../shared/contact-lists';

process.env.TABLE_NAME = 'table-under-test';
process.env.LOG_LEVEL = 'silent';
for (let shard = 0; shard < SESSION_SHARDS; shard += 1) process.env[queueUrlEnv(sessionCommandQueueId(shard))] = `https://sqs.test/commands-${shard}`;

const ddb = mockClient(DynamoDBDocumentClient);
const sqs = mockClient(SQSClient);

const asked = () => sqs.commandCalls(SendMessageCommand).map((call) => JSON.parse(call.args[0].input.MessageBody ?? '{}') as SessionCommand);
const itemsOf = (command: SessionCommand | undefined) => (command?.type === 'checkListNumbers' ? command.items : []);

const item = (index: number): ContactListItem => ({
  id: `I${index}`,
  name: `Cliente ${index}`,
  number: `55119${String(10_000_000 + index)}`,
  email: '',
  isWhatsappValid: null,
  companyId: 'C1',
  contactListId: 'L1',
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
});

function connectionIs(status: string): void {
  ddb.on(GetCommand, { Key: { PK: 'C#C1', SK: 'WAPPDEFAULT' } }).resolves({ Item: { whatsappId: 'W1' } });
  ddb.on(GetCommand, { Key: { PK: 'C#C1', SK: 'WAPP#W1' } }).resolves({ Item: { id: 'W1', companyId: 'C1', name: 'W1', status } });
}

beforeEach(() => {
  ddb.reset();
  sqs.reset();
  sqs.on(SendMessageCommand).resolves({});
  ddb.on(GetCommand).resolves({});
  ddb.on(QueryCommand).resolves({ Items: [] });
  // A live session host holds every shard.
  ddb.on(GetCommand, { Key: { PK: 'SESSIONHOST#LEASE' } }).resolves({ Item: { leaseUntil: Date.now() + 3_600_000 } });
});

describe('requestListNumberChecks', () => {
  it('sends the numbers to the connected session in batches of 100, each item with its number', async () => {
    connectionIs('CONNECTED');
    const items = Array.from({ length: 250 }, (_, index) => item(index));

    await requestListNumberChecks('C1', items);

    const commands = asked();
    expect(commands.map((command) => [command.type, command.whatsappId, itemsOf(command).length])).toEqual([
      ['checkListNumbers', 'W1', 100],
      ['checkListNumbers', 'W1', 100],
      ['checkListNumbers', 'W1', 50],
    ]);
    expect(itemsOf(commands[0])[0]).toEqual({ itemId: 'I0', number: items[0]?.number });
    expect(new Set(commands.map((command) => command.commandId)).size).toBe(3);
  });

  it('asks nothing when the company has no connected session', async () => {
    connectionIs('DISCONNECTED');

    await requestListNumberChecks('C1', [item(1)]);

    expect(asked()).toEqual([]);
  });
});

describe('recordListNumberCheck', () => {
  it.each([true, false])('records %s on the item while it still has the number asked', async (exists) => {
    ddb.on(UpdateCommand).resolves({});

    await recordListNumberCheck({
      type: 'listNumber',
      companyId: 'C1',
      whatsappId: 'W1',
      chat: { id: '5511910000001', isGroup: false },
      itemId: 'I1',
      number: '5511910000001',
      checkId: 'K1',
      exists,
    });

    const [update] = ddb.commandCalls(UpdateCommand);
    expect(update?.args[0].input).toMatchObject({
      Key: { PK: 'C#C1', SK: 'CLITEM#I1' },
      ExpressionAttributeValues: { ':valid': exists, ':number': '5511910000001' },
      ConditionExpression: 'attribute_exists(PK) AND #number = :number',
      ReturnValues: 'ALL_NEW',
    });
  });
});
