/** Changing a setting: only known keys, values checked per key, secrets stored but never shown or sent. */
import { ApiGatewayManagementApiClient, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { AppError } from '../../../functions/core/errors';
import type { Caller } from '../../../functions/core/caller/load-caller';
import { updateSetting } from '../../../functions/core/companies/update-setting';
import { errorCodeOf } from '../../support/errors';
import { postedText } from '../../support/frame-text';

process.env.TABLE_NAME = 'table-under-test';
process.env.WS_MANAGEMENT_ENDPOINT = 'http://ws-management.test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);
const ws = mockClient(ApiGatewayManagementApiClient);

function callerOf(options: { isSuper?: boolean } = {}): Caller {
  // Only the fields the use case reads; the rest of a session does not matter here.
  return { companyId: 'C1', userId: 'U1', isSuper: options.isSuper ?? false, isAdmin: true, user: { profile: 'admin' } } as unknown as Caller;
}

beforeEach(() => {
  ddb.reset();
  ws.reset();
  ddb.on(PutCommand).resolves({});
  ddb.on(QueryCommand).resolves({ Items: [{ connectionId: 'conn-1', companyId: 'C1', userId: 'U9' }] });
  ws.on(PostToConnectionCommand).resolves({});
});

describe('updateSetting', () => {
  it("stores the value under the company's setting key and tells the company room", async () => {
    const setting = await updateSetting(callerOf(), 'chatBotType', { key: 'chatBotType', value: 'button' });

    expect(setting).toEqual({ key: 'chatBotType', value: 'button' });
    expect(ddb.commandCalls(PutCommand)[0]!.args[0].input).toMatchObject({
      TableName: 'table-under-test',
      Item: { PK: 'C#C1', SK: 'SETTING#chatBotType', entity: 'setting', key: 'chatBotType', value: 'button' },
    });
    expect(ddb.commandCalls(QueryCommand)[0]!.args[0].input.ExpressionAttributeValues).toEqual({ ':pk': 'C#C1#ROOM#company', ':sk': 'CONN#' });
    expect(JSON.parse(postedText(ws.commandCalls(PostToConnectionCommand)[0]!.args[0].input.Data))).toEqual({
      event: 'company-C1-settings',
      data: { action: 'update', setting: { key: 'chatBotType', value: 'button' } },
    });
  });

  it("stores the platform's payment credential for a super user but answers and publishes it blank", async () => {
    const setting = await updateSetting(callerOf({ isSuper: true }), 'asaas', { value: 'secret-token' });

    expect(setting).toEqual({ key: 'asaas', value: '' });
    expect(ddb.commandCalls(PutCommand)[0]!.args[0].input.Item).toMatchObject({ PK: 'PLATFORM#SETTINGS', SK: 'SETTING#asaas', value: 'secret-token' });
    const frame = postedText(ws.commandCalls(PostToConnectionCommand)[0]!.args[0].input.Data);
    expect(frame).not.toContain('secret-token');
    expect(JSON.parse(frame).data).toEqual({ action: 'update', setting: { key: 'asaas', value: '' } });
  });

  it.each([
    ['asaas', 'secret-token'],
    ['asaasWebhookToken', 'webhook-token'],
    ['campaignsEnabled', 'true'],
  ])('refuses the platform setting %s to an administrator who is not a super user, writing nothing', async (key, value) => {
    expect(await errorCodeOf(updateSetting(callerOf(), key, { value }))).toBe('ERR_NO_PERMISSION');
    expect(ddb.calls()).toHaveLength(0);
  });

  it('lets a super user open campaigns for their company', async () => {
    expect(await updateSetting(callerOf({ isSuper: true }), 'campaignsEnabled', { value: 'false' })).toEqual({
      key: 'campaignsEnabled',
      value: 'false',
    });
    expect(ddb.commandCalls(PutCommand)[0]!.args[0].input.Item).toMatchObject({ SK: 'SETTING#campaignsEnabled', value: 'false' });
  });

  it('answers ERR_NO_SETTING_FOUND for a key that is not a setting, writing nothing', async () => {
    expect(await errorCodeOf(updateSetting(callerOf(), 'dropTables', { value: 'enabled' }))).toBe('ERR_NO_SETTING_FOUND');
    expect(ddb.calls()).toHaveLength(0);
    expect(ws.calls()).toHaveLength(0);
  });

  it.each([
    ['chatBotType', 'list'],
    ['scheduleType', 'always'],
    ['userRating', true],
    ['sendGreetingMessageOneQueues', 'yes'],
    ['call', { value: 'enabled' }],
  ])('refuses %s = %j with ERR_VALIDATION on the value field, writing nothing', async (key, value) => {
    const error = await updateSetting(callerOf(), key, { value }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'ERR_VALIDATION', options: { fields: [expect.objectContaining({ path: 'value' })] } });
    expect(ddb.calls()).toHaveLength(0);
  });

  it('refuses a body key that names another setting than the path', async () => {
    const error = await updateSetting(callerOf(), 'call', { key: 'userRating', value: 'enabled' }).catch((caught: unknown) => caught);

    expect(error).toMatchObject({ code: 'ERR_VALIDATION', options: { fields: [expect.objectContaining({ path: 'key' })] } });
    expect(ddb.calls()).toHaveLength(0);
  });
});
