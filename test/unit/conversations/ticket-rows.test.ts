/**
 * The ticket-rows consumer's walk (conversations/ticket-rows.ts): it reads the entity's tickets where
 * they are indexed, replaces each copy with a conditional update that holds only while the ticket still
 * names the entity and its copy is older, and publishes only the tickets it changed. (That a repeated or
 * late message leaves the newest copy, against DynamoDB's own condition semantics, is the integration
 * test test/integration/ticket-rows.test.ts.)
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { ticketListIndexes } from '../../../functions/core/repositories/keys';
import type { Ticket } from '../../../functions/core/repositories/tickets';
import { refreshTicketRows, type TicketRowChange } from '../../../functions/core/conversations/ticket-rows';
import { storedTicket } from '../../support/stored-ticket';

process.env.TABLE_NAME = 'table-under-test';
process.env.WS_MANAGEMENT_ENDPOINT = 'http://ws-management.test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);

const ticket: Ticket = storedTicket({
  id: 'T1',
  uuid: 'uuid-1',
  whatsappId: 'W1',
  contactRow: { name: 'Maria', number: '5511', profilePicUrl: null, at: '2030-01-01T00:00:00.000Z' },
  queueRow: { name: 'Vendas', color: '#ff0000', at: '2030-01-01T00:00:00.000Z' },
  connectionRow: { name: 'Principal', at: '2030-01-01T00:00:00.000Z' },
});

const rename: TicketRowChange = {
  source: 'contact',
  companyId: 'C1',
  entityId: 'K1',
  copy: { name: 'Maria Nova', number: '5511', profilePicUrl: null, at: '2030-02-01T00:00:00.000Z' },
};

/** The walk's Queries (of ticket indexes), leaving out the realtime fan-out's Queries of rooms. */
const walkQueries = () =>
  ddb
    .commandCalls(QueryCommand)
    .map((call) => call.args[0].input)
    .filter((input) => input.IndexName !== undefined);
const roomQueries = () => ddb.commandCalls(QueryCommand).filter((call) => call.args[0].input.IndexName === undefined);

beforeEach(() => {
  ddb.reset();
  // Ticket indexes answer the ticket; rooms have nobody listening.
  ddb.on(QueryCommand).callsFake((input: QueryCommandInput) =>
    input.IndexName ? { Items: [{ ...ticketListIndexes(ticket), ...ticket }], ScannedCount: 1 } : { Items: [] },
  );
});

describe('refreshTicketRows', () => {
  it("replaces a contact's copy on the condition that the ticket names it and holds an older copy, then its name entries, then publishes the ticket", async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: { ...ticket, contactRow: rename.copy } });
    ddb.on(BatchWriteCommand).resolves({});

    const outcome = await refreshTicketRows(rename);

    expect(outcome).toEqual({ updated: 1 });
    expect(walkQueries()).toEqual([expect.objectContaining({ IndexName: 'GSI3', ExpressionAttributeValues: { ':pk': 'C#C1#TKC#K1' } })]);
    expect(ddb.commandCalls(UpdateCommand)[0]?.args[0].input).toMatchObject({
      Key: { PK: 'C#C1#TK#T1', SK: 'TICKET' },
      UpdateExpression: 'SET #copy = :copy',
      ConditionExpression: 'attribute_exists(PK) AND #id = :id AND (attribute_not_exists(#copy) OR attribute_type(#copy, :nullType) OR #copy.#at < :at)',
      ExpressionAttributeNames: { '#id': 'contactId', '#copy': 'contactRow', '#at': 'at' },
      ExpressionAttributeValues: { ':id': 'K1', ':copy': rename.copy, ':at': '2030-02-01T00:00:00.000Z' },
    });
    // 'Maria' -> 'Maria Nova': the old name's entry goes, the new name's two (one per word) come.
    const writes = ddb.commandCalls(BatchWriteCommand).flatMap((call) => Object.values(call.args[0].input.RequestItems ?? {}).flat());
    expect(writes).toEqual([
      { DeleteRequest: { Key: { PK: 'C#C1#NAME#mar', SK: 'ia#T1' } } },
      { PutRequest: { Item: expect.objectContaining({ PK: 'C#C1#NAME#mar', SK: 'ia nova#T1' }) } },
      { PutRequest: { Item: expect.objectContaining({ PK: 'C#C1#NAME#nov', SK: 'a#T1' }) } },
    ]);
    expect(roomQueries().length).toBeGreaterThan(0);
  });

  it('changes and publishes nothing when the ticket holds a copy as new or newer (a repeated or late message)', async () => {
    ddb.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} }));

    const outcome = await refreshTicketRows(rename);

    expect(outcome).toEqual({ updated: 0 });
    expect(roomQueries()).toEqual([]);
  });

  it("sets a user's name with its copy", async () => {
    ddb.on(UpdateCommand).resolves({});

    await refreshTicketRows({ source: 'user', companyId: 'C1', entityId: 'U1', copy: { name: 'Bia', at: '2030-02-01T00:00:00.000Z' } });

    expect(ddb.commandCalls(UpdateCommand)[0]?.args[0].input).toMatchObject({
      UpdateExpression: 'SET #copy = :copy, #name = :name',
      ExpressionAttributeNames: { '#id': 'userId', '#copy': 'userRow', '#name': 'userName' },
      ExpressionAttributeValues: { ':name': 'Bia' },
    });
  });

  it("walks a queue's partition of each status, and the company's status partitions filtered for a connection", async () => {
    ddb.on(UpdateCommand).resolves({});

    await refreshTicketRows({ source: 'queue', companyId: 'C1', entityId: 'Q1', copy: { name: 'Suporte', color: '#00ff00', at: '2030-02-01T00:00:00.000Z' } });
    const queueWalk = walkQueries();
    ddb.resetHistory();
    await refreshTicketRows({ source: 'connection', companyId: 'C1', entityId: 'W1', copy: { name: 'Outro', at: '2030-02-01T00:00:00.000Z' } });
    const connectionWalk = walkQueries();

    expect(queueWalk.map((input) => [input.IndexName, input.ExpressionAttributeValues?.[':pk']])).toEqual([
      ['GSI2', 'C#C1#TKQ#Q1#pending'],
      ['GSI2', 'C#C1#TKQ#Q1#open'],
      ['GSI2', 'C#C1#TKQ#Q1#closed'],
    ]);
    expect(connectionWalk.map((input) => [input.IndexName, input.ExpressionAttributeValues?.[':pk'], input.FilterExpression])).toEqual([
      ['GSI1', 'C#C1#TKS#pending', '#field = :fieldId'],
      ['GSI1', 'C#C1#TKS#open', '#field = :fieldId'],
      ['GSI1', 'C#C1#TKS#closed', '#field = :fieldId'],
    ]);
  });

  it('stops at its budget and answers where the walk goes on', async () => {
    ddb.on(UpdateCommand).resolves({});
    ddb.on(QueryCommand, { IndexName: 'GSI2' }).resolves({
      Items: [{ ...ticketListIndexes(ticket), ...ticket }],
      ScannedCount: 1,
      LastEvaluatedKey: { PK: 'C#C1#TK#T1', SK: 'TICKET', GSI2PK: 'C#C1#TKQ#Q1#pending', GSI2SK: 'k' },
    });

    const outcome = await refreshTicketRows({ source: 'queue', companyId: 'C1', entityId: 'Q1', copy: { name: 'S', color: '#000000', at: '2030-02-01T00:00:00.000Z' } }, 1);

    expect(outcome.continuation?.cursor).toEqual({ step: 0, startKey: { PK: 'C#C1#TK#T1', SK: 'TICKET', GSI2PK: 'C#C1#TKQ#Q1#pending', GSI2SK: 'k' } });
  });
});
