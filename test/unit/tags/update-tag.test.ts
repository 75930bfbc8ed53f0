/** Changing a tag: name and colour by anyone, the kanban flag by admins and supervisors, the counter never; told to the company. */
import { ApiGatewayManagementApiClient, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import type { Profile } from '../../../shared/sign-in';
import type { Caller } from '../../../functions/core/caller/load-caller';
import { updateTag } from '../../../functions/core/tags/update-tag';
import { errorCodeOf } from '../../support/errors';
import { postedText } from '../../support/frame-text';

process.env.TABLE_NAME = 'table-under-test';
process.env.WS_MANAGEMENT_ENDPOINT = 'http://ws-management.test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);
const ws = mockClient(ApiGatewayManagementApiClient);

const callerOf = (profile: Profile) => ({ companyId: 'C1', userId: 'U1', user: { profile } }) as unknown as Caller;

const stored = {
  PK: 'C#C1',
  SK: 'TAG#T1',
  entity: 'tag',
  companyId: 'C1',
  id: 'T1',
  name: 'Old name',
  color: '#111111',
  kanban: 1,
  userId: 'U7',
  ticketsCount: 4,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
};
const now = new Date('2030-02-01T00:00:00.000Z');

beforeEach(() => {
  ddb.reset();
  ws.reset();
  ddb.on(QueryCommand).resolves({ Items: [{ connectionId: 'conn-1', companyId: 'C1', userId: 'U9' }] });
  ws.on(PostToConnectionCommand).resolves({});
  ddb.on(GetCommand).resolves({ Item: stored });
  ddb.on(UpdateCommand).callsFake((input: { ExpressionAttributeValues: Record<string, unknown> }) => {
    const values = input.ExpressionAttributeValues;
    return {
      Attributes: {
        ...stored,
        name: values[':name'],
        color: values[':color'],
        updatedAt: values[':updatedAt'],
        ...(values[':kanban'] === undefined ? {} : { kanban: values[':kanban'] }),
      },
    };
  });
});

describe('updateTag', () => {
  it('sets name and colour of an existing tag and leaves the ticket counter and the flag alone', async () => {
    const tag = await updateTag(callerOf('user'), 'T1', { name: 'New name', color: '#222222' }, now);

    expect(tag).toMatchObject({ id: 'T1', name: 'New name', color: '#222222', kanban: 1, ticketsCount: 4 });
    expect(ddb.commandCalls(GetCommand)[0]!.args[0].input.Key).toEqual({ PK: 'C#C1', SK: 'TAG#T1' });
    expect(ddb.commandCalls(UpdateCommand)[0]!.args[0].input).toEqual({
      TableName: 'table-under-test',
      Key: { PK: 'C#C1', SK: 'TAG#T1' },
      UpdateExpression: 'SET #name = :name, color = :color, updatedAt = :updatedAt',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#name': 'name' },
      ExpressionAttributeValues: { ':name': 'New name', ':color': '#222222', ':updatedAt': '2030-02-01T00:00:00.000Z' },
      ReturnValues: 'ALL_NEW',
    });
  });

  it('tells the company room about the changed tag as stored', async () => {
    const tag = await updateTag(callerOf('user'), 'T1', { name: 'New name', color: '#222222' }, now);

    expect(ddb.commandCalls(QueryCommand)[0]!.args[0].input.ExpressionAttributeValues).toEqual({ ':pk': 'C#C1#ROOM#company', ':sk': 'CONN#' });
    expect(JSON.parse(postedText(ws.commandCalls(PostToConnectionCommand)[0]!.args[0].input.Data))).toEqual({
      event: 'company-C1-tag',
      data: { action: 'update', tag },
    });
  });

  it("accepts the tag's current kanban value from a plain user without writing the flag", async () => {
    await updateTag(callerOf('user'), 'T1', { name: 'New name', color: '#222222', kanban: 1 }, now);

    expect(ddb.commandCalls(UpdateCommand)[0]!.args[0].input.UpdateExpression).not.toContain('kanban');
  });

  it('refuses a plain user who changes the kanban flag, writing nothing', async () => {
    expect(await errorCodeOf(updateTag(callerOf('user'), 'T1', { name: 'New name', color: '#222222', kanban: 0 }))).toBe(
      'ERR_NO_PERMISSION',
    );
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
    expect(ws.calls()).toHaveLength(0);
  });

  it.each(['supervisor', 'admin'] as const)('lets a %s change the kanban flag', async (profile) => {
    const tag = await updateTag(callerOf(profile), 'T1', { name: 'New name', color: '#222222', kanban: 0 }, now);

    expect(tag.kanban).toBe(0);
    expect(ddb.commandCalls(UpdateCommand)[0]!.args[0].input).toMatchObject({
      UpdateExpression: 'SET #name = :name, color = :color, updatedAt = :updatedAt, kanban = :kanban',
      ExpressionAttributeValues: expect.objectContaining({ ':kanban': 0 }),
    });
  });

  it('answers ERR_NO_TAG_FOUND for a tag that is not in the company, writing nothing', async () => {
    ddb.on(GetCommand).resolves({});

    expect(await errorCodeOf(updateTag(callerOf('admin'), 'T9', { name: 'New name', color: '#222222' }))).toBe('ERR_NO_TAG_FOUND');
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('answers ERR_NO_TAG_FOUND when the tag is deleted between the read and the write', async () => {
    ddb.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'gone', $metadata: {} }));

    expect(await errorCodeOf(updateTag(callerOf('admin'), 'T1', { name: 'New name', color: '#222222' }))).toBe('ERR_NO_TAG_FOUND');
  });
});
