/** Creating a connection: the simulator gate, the plan limit and the default connection in one transaction. */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { CreateConnectionBody } from '../../../shared/connections';
import type { Caller } from '../../../functions/core/caller/load-caller';
import { createConnection } from '../../../functions/core/connections/save-connection';
import { errorCodeOf } from '../../support/errors';

process.env.TABLE_NAME = 'table-under-test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);

const session = (limit = 5) => ({ companyId: 'C1', userId: 'U1', company: { id: 'C1' }, plan: { connections: limit } }) as unknown as Caller;
const body = (input: Record<string, unknown>) => CreateConnectionBody.parse(input);

const cancelled = (...codes: ('None' | 'ConditionalCheckFailed')[]) =>
  new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });

const transactItems = (call = 0) => ddb.commandCalls(TransactWriteCommand)[call]!.args[0].input.TransactItems!;

beforeEach(() => {
  ddb.reset();
  delete process.env.SIMULATOR_ENABLED;
  // No queues and no realtime room members: the publish posts nothing.
  ddb.on(QueryCommand).resolves({ Items: [] });
});

describe('createConnection', () => {
  it('refuses the simulator provider where the stage does not offer it, and writes nothing', async () => {
    const code = await errorCodeOf(createConnection(session(), body({ name: 'Sim', provider: 'simulator' })));

    expect(code).toBe('ERR_VALIDATION');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('accepts the simulator provider where the stage offers it', async () => {
    process.env.SIMULATOR_ENABLED = 'true';
    ddb.on(GetCommand).resolves({});
    ddb.on(TransactWriteCommand).resolves({});

    const created = await createConnection(session(), body({ name: 'Sim', provider: 'simulator' }));

    expect(created).toMatchObject({ provider: 'simulator', isDefault: true, status: 'DISCONNECTED' });
  });

  it('makes the first connection the default, counting it against the plan in the same transaction', async () => {
    ddb.on(GetCommand).resolves({});
    ddb.on(TransactWriteCommand).resolves({});

    const created = await createConnection(session(3), body({ name: 'Primeira', isDefault: false }));

    const items = transactItems();
    expect(items).toHaveLength(4);
    expect(items[0]?.Update).toMatchObject({
      Key: { PK: 'C#C1', SK: 'COMPANY' },
      UpdateExpression: 'ADD connectionsCount :one',
      ExpressionAttributeValues: { ':one': 1, ':limit': 3 },
    });
    expect(items[1]?.Put?.Item).toMatchObject({ SK: `WAPP#${created.id}`, isDefault: true, tokenHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(items[1]?.Put?.Item).not.toHaveProperty('token');
    expect(items[2]?.Put?.Item).toMatchObject({ PK: expect.stringMatching(/^TOKEN#[0-9a-f]{64}$/), companyId: 'C1', connectionId: created.id });
    expect(items[3]?.Put).toMatchObject({ Item: { SK: 'WAPPDEFAULT', whatsappId: created.id }, ConditionExpression: 'attribute_not_exists(PK)' });
  });

  it('moves the default from the previous connection when asked, conditioned on the default read', async () => {
    ddb.on(GetCommand).resolves({ Item: { PK: 'C#C1', SK: 'WAPPDEFAULT', whatsappId: 'W0' } });
    ddb.on(TransactWriteCommand).resolves({});

    const created = await createConnection(session(), body({ name: 'Nova padrão', isDefault: true }));

    const items = transactItems();
    expect(items[3]?.Put).toMatchObject({ Item: { whatsappId: created.id }, ExpressionAttributeValues: { ':previous': 'W0' } });
    expect(items[4]?.Update).toMatchObject({ Key: { SK: 'WAPP#W0' }, ExpressionAttributeValues: { ':false': false } });
  });

  it('answers ERR_CONNECTION_LIMIT_REACHED when the company counter condition fails', async () => {
    ddb.on(GetCommand).resolves({ Item: { whatsappId: 'W0' } });
    ddb.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None', 'None'));

    const code = await errorCodeOf(createConnection(session(1), body({ name: 'Demais' })));

    expect(code).toBe('ERR_CONNECTION_LIMIT_REACHED');
  });

  it('refuses at once on a plan without connections', async () => {
    const code = await errorCodeOf(createConnection(session(0), body({ name: 'Nenhuma' })));

    expect(code).toBe('ERR_CONNECTION_LIMIT_REACHED');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('reads the default again when it changed meanwhile, and then does not take it', async () => {
    ddb.on(GetCommand).resolvesOnce({}).resolves({ Item: { whatsappId: 'W9' } });
    ddb.on(TransactWriteCommand).rejectsOnce(cancelled('None', 'None', 'None', 'ConditionalCheckFailed')).resolves({});

    const created = await createConnection(session(), body({ name: 'Corrida' }));

    expect(created.isDefault).toBe(false);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(2);
    expect(transactItems(1)).toHaveLength(3);
  });
});
