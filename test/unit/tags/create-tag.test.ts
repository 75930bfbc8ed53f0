/** Creating a tag: a new item with its creator and a zero ticket counter, told to the company; the kanban flag is guarded. */
import { ApiGatewayManagementApiClient, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import type { Profile } from '../../../shared/sign-in';
import type { Caller } from '../../../functions/core/caller/load-caller';
import { createTag } from '../../../functions/core/tags/create-tag';
import { errorCodeOf } from '../../support/errors';
import { postedText } from '../../support/frame-text';

process.env.TABLE_NAME = 'table-under-test';
process.env.WS_MANAGEMENT_ENDPOINT = 'http://ws-management.test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);
const ws = mockClient(ApiGatewayManagementApiClient);

// Only the fields the use case reads; the rest of a session does not matter here.
const callerOf = (profile: Profile) => ({ companyId: 'C1', userId: 'U1', user: { profile } }) as unknown as Caller;

beforeEach(() => {
  ddb.reset();
  ws.reset();
  ddb.on(PutCommand).resolves({});
  ddb.on(QueryCommand).resolves({ Items: [{ connectionId: 'conn-1', companyId: 'C1', userId: 'U9' }] });
  ws.on(PostToConnectionCommand).resolves({});
});

describe('createTag', () => {
  it('writes a new tag in the company partition with its creator and a ticket counter at 0', async () => {
    const now = new Date('2030-01-02T03:04:05.000Z');

    const tag = await createTag(callerOf('user'), { name: 'Urgente', color: '#ff0000', kanban: 0 }, now);

    expect(tag).toEqual({
      id: expect.stringMatching(/^[0-9A-Z]{26}$/),
      name: 'Urgente',
      color: '#ff0000',
      kanban: 0,
      userId: 'U1',
      ticketsCount: 0,
      createdAt: '2030-01-02T03:04:05.000Z',
      updatedAt: '2030-01-02T03:04:05.000Z',
    });
    expect(ddb.commandCalls(PutCommand)[0]!.args[0].input).toEqual({
      TableName: 'table-under-test',
      Item: { PK: 'C#C1', SK: `TAG#${tag.id}`, entity: 'tag', companyId: 'C1', ...tag },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
  });

  it("tells the company room about the new tag, so other users' tag lists show it", async () => {
    const tag = await createTag(callerOf('user'), { name: 'Urgente', color: '#ff0000', kanban: 0 });

    expect(ddb.commandCalls(QueryCommand)[0]!.args[0].input.ExpressionAttributeValues).toEqual({ ':pk': 'C#C1#ROOM#company', ':sk': 'CONN#' });
    expect(JSON.parse(postedText(ws.commandCalls(PostToConnectionCommand)[0]!.args[0].input.Data))).toEqual({
      event: 'company-C1-tag',
      data: { action: 'create', tag },
    });
  });

  it('refuses a kanban tag from a plain user and writes nothing', async () => {
    expect(await errorCodeOf(createTag(callerOf('user'), { name: 'Lane', color: '#00ff00', kanban: 1 }))).toBe('ERR_NO_PERMISSION');
    expect(ddb.calls()).toHaveLength(0);
    expect(ws.calls()).toHaveLength(0);
  });

  it.each(['supervisor', 'admin'] as const)('lets a %s create a kanban tag', async (profile) => {
    const tag = await createTag(callerOf(profile), { name: 'Lane', color: '#00ff00', kanban: 1 });

    expect(tag.kanban).toBe(1);
    expect(ddb.commandCalls(PutCommand)[0]!.args[0].input.Item).toMatchObject({ kanban: 1 });
  });
});
