/**
 * Sending on a ticket: a message the store cannot take is answered with the catalogue's
 * ERR_CREATING_MESSAGE (a database error), and nothing goes to the session host.
 */
import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { SQSClient, SendMessageCommand } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { sendOnTicket } from '../../../functions/core/conversations/send-message';
import { errorCodeOf } from '../../support/errors';
import { storedTicket } from '../../support/stored-ticket';

process.env.TABLE_NAME = 'table-under-test';
process.env.LOG_LEVEL = 'silent';
process.env.WS_MANAGEMENT_ENDPOINT = 'https://ws.example.test/dev';
process.env.AWS_REGION = 'us-east-1';
process.env.AWS_ACCESS_KEY_ID = 'AKIDTEST';
process.env.AWS_SECRET_ACCESS_KEY = 'secret-under-test';

const ddb = mockClient(DynamoDBDocumentClient);
const sqs = mockClient(SQSClient);
mockClient(ApiGatewayManagementApiClient);

beforeEach(() => {
  ddb.reset();
  sqs.reset();
  ddb.on(GetCommand).resolves({ Item: { id: 'K1', companyId: 'C1', name: 'Maria', number: '5511999990000', isGroup: false } });
  ddb.on(QueryCommand).resolves({ Items: [] });
});

describe('sendOnTicket', () => {
  it('answers ERR_CREATING_MESSAGE when the store fails, and sends nothing', async () => {
    ddb.on(TransactWriteCommand).rejects(Object.assign(new Error('We currently do not have sufficient capacity'), { name: 'InternalServerError' }));
    const ticket = storedTicket({ id: 'T1', companyId: 'C1', contactId: 'K1', status: 'open', userId: 'U1', whatsappId: 'W1' });

    expect(await errorCodeOf(sendOnTicket(ticket, { body: 'Olá', userId: 'U1', bot: false }))).toBe('ERR_CREATING_MESSAGE');
    expect(sqs.commandCalls(SendMessageCommand)).toHaveLength(0);
  });
});
