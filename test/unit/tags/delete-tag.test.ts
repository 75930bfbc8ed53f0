/** Deleting a tag: one conditional delete by key, told to the company; a missing tag is not found, never an error of the table. */
import { ApiGatewayManagementApiClient, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import type { Caller } from '../../../functions/core/caller/load-caller';
import { deleteTag } from '../../../functions/core/tags/delete-tag';
import { errorCodeOf } from '../../support/errors';
import { postedText } from '../../support/frame-text';

process.env.TABLE_NAME = 'table-under-test';
process.env.WS_MANAGEMENT_ENDPOINT = 'http://ws-management.test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);
const ws = mockClient(ApiGatewayManagementApiClient);
const caller = { companyId: 'C1', userId: 'U1', user: { profile: 'admin' } } as unknown as Caller;

beforeEach(() => {
  ddb.reset();
  ws.reset();
  ddb.on(QueryCommand).resolves({ Items: [{ connectionId: 'conn-1', companyId: 'C1', userId: 'U9' }] });
  ws.on(PostToConnectionCommand).resolves({});
});

describe('deleteTag', () => {
  it("deletes the tag item of the caller's company on the condition that it exists", async () => {
    ddb.on(DeleteCommand).resolves({});

    await deleteTag(caller, 'T1');

    expect(ddb.commandCalls(DeleteCommand)[0]!.args[0].input).toEqual({
      TableName: 'table-under-test',
      Key: { PK: 'C#C1', SK: 'TAG#T1' },
      ConditionExpression: 'attribute_exists(PK)',
    });
    expect(JSON.parse(postedText(ws.commandCalls(PostToConnectionCommand)[0]!.args[0].input.Data))).toEqual({
      event: 'company-C1-tag',
      data: { action: 'delete', tagId: 'T1' },
    });
  });

  it('answers ERR_NO_TAG_FOUND when there is no such tag in the company', async () => {
    ddb.on(DeleteCommand).rejects(new ConditionalCheckFailedException({ message: 'missing', $metadata: {} }));

    expect(await errorCodeOf(deleteTag(caller, 'T9'))).toBe('ERR_NO_TAG_FOUND');
    expect(ws.calls()).toHaveLength(0);
  });
});
