/**
 * The word index's copies of a ticket follow it when it takes another queue or user: its messages' words
 * are written again with the ticket as it is now; other changes rewrite nothing; a failure is logged.
 */
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { movesCopies, refreshWordCopies } from '../../../functions/core/conversations/refresh-word-copies';
import type { StoredMessage } from '../../../functions/core/repositories/messages';
import type { Ticket } from '../../../functions/core/repositories/tickets';
import { storedTicket } from '../../support/stored-ticket';

process.env.TABLE_NAME = 'table-under-test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);

const ticket: Ticket = storedTicket({
  id: 'T1',
  uuid: 'u1',
  status: 'open',
  userId: 'U2',
  userName: 'Bia',
  queueId: 'Q2',
  updatedAt: '2030-01-02T00:00:00.000Z',
});

function messageOf(n: number): Record<string, unknown> {
  const ulid = `01J${String(n).padStart(23, '0')}`;
  const message: Partial<StoredMessage> = { id: `T1.${ulid}`, ticketId: 'T1', companyId: 'C1', body: `boleto numero ${n}`, createdAt: new Date(Date.UTC(2030, 0, 1, 0, n)).toISOString() };
  return { PK: 'C#C1#TK#T1', SK: `MSG#${ulid}`, ...message };
}

const written = () =>
  ddb.commandCalls(BatchWriteCommand).flatMap((call) => (call.args[0].input.RequestItems?.['table-under-test'] ?? []).map((request) => request.PutRequest?.Item ?? {}));

beforeEach(() => {
  ddb.reset();
  ddb.on(BatchWriteCommand).resolves({});
});

describe('movesCopies', () => {
  it('is true when the ticket takes another queue or another user, false when it only loses its user or changes nothing they copy', () => {
    expect(movesCopies({ queueId: 'Q1', userId: null }, { queueId: 'Q1', userId: 'U1' })).toBe(true);
    expect(movesCopies({ queueId: 'Q1', userId: 'U1' }, { queueId: 'Q2', userId: null })).toBe(true);
    expect(movesCopies({ queueId: null, userId: null }, { queueId: 'Q1', userId: null })).toBe(true);
    expect(movesCopies({ queueId: 'Q1', userId: 'U1' }, { queueId: 'Q1', userId: null })).toBe(false);
    expect(movesCopies({ queueId: 'Q1', userId: 'U1' }, { queueId: 'Q1', userId: 'U1' })).toBe(false);
  });
});

describe('refreshWordCopies', () => {
  it("writes the words of every message again with the ticket's new queue and user, a page of messages at a time", async () => {
    const messages = Array.from({ length: 102 }, (_, n) => messageOf(102 - n));
    ddb.on(QueryCommand).resolvesOnce({ Items: messages.slice(0, 101) }).resolves({ Items: messages.slice(100) });

    const done = await refreshWordCopies({ queueId: 'Q1', userId: 'U1' }, ticket);

    expect(done).toBe(102);
    expect(ddb.commandCalls(QueryCommand)[1]!.args[0].input.ExclusiveStartKey).toEqual({ PK: 'C#C1#TK#T1', SK: messages[99]!.SK });
    const entries = written().filter((item) => item.entity === 'wordEntry');
    expect(entries.filter((entry) => entry.PK === 'C#C1#WORD#boleto')).toHaveLength(102);
    // The ticket's marks too, one per word a page of messages uses.
    expect(written().filter((item) => item.entity === 'ticketWord' && item.SK === 'WORD#boleto')).toHaveLength(2);
    expect(entries.every((entry) => entry.queueId === 'Q2' && entry.userId === 'U2' && entry.ticketCreatedAt === ticket.createdAt)).toBe(true);
    expect(entries.find((entry) => entry.PK === 'C#C1#WORD#boleto')?.SK).toBe(`${String(messages[0]!.createdAt)}#T1`);
  });

  it('writes each word entry once when messages share their time, as one BatchWriteItem refuses two requests of one key', async () => {
    // A burst stamped to the same second: every message uses 'boleto' at the same instant.
    const at = '2030-01-01T00:05:00.000Z';
    const messages = [3, 2, 1].map((n) => ({ ...messageOf(n), body: `boleto parcela${n}`, createdAt: at }));
    ddb.on(QueryCommand).resolves({ Items: messages });

    expect(await refreshWordCopies({ queueId: 'Q1', userId: 'U1' }, ticket)).toBe(3);

    for (const call of ddb.commandCalls(BatchWriteCommand)) {
      const keysOf = (call.args[0].input.RequestItems?.['table-under-test'] ?? []).map((request) => `${String(request.PutRequest?.Item?.PK)} ${String(request.PutRequest?.Item?.SK)}`);
      expect(new Set(keysOf).size).toBe(keysOf.length);
    }
    const boleto = written().filter((item) => item.entity === 'wordEntry' && item.PK === 'C#C1#WORD#boleto');
    expect(boleto).toEqual([expect.objectContaining({ SK: `${at}#T1`, queueId: 'Q2', userId: 'U2' })]);
    // The words each message has alone are all written.
    expect(written().filter((item) => item.entity === 'wordEntry' && String(item.PK).startsWith('C#C1#WORD#parcela'))).toHaveLength(3);
  });

  it('reads and writes nothing when the change leaves the copies true', async () => {
    expect(await refreshWordCopies({ queueId: 'Q2', userId: 'U2' }, ticket)).toBe(0);
    expect(ddb.calls()).toHaveLength(0);
  });

  it('logs a failure instead of failing the change it follows', async () => {
    ddb.on(QueryCommand).rejects(new Error('throttled'));

    await expect(refreshWordCopies({ queueId: 'Q1', userId: 'U1' }, ticket)).resolves.toBe(0);
  });
});
