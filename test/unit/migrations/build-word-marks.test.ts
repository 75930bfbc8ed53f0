/**
 * The one-off backfill of word marks: tickets stored before marks get one per word of their messages,
 * every message read page by page; then the company is marked done, and a later run reads only the mark.
 */
import { BatchWriteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { ulid } from 'ulid';
import { buildWordMarks } from '../../../functions/core/migrations/build-word-marks';
import { messageItem, messageIdOf, type StoredMessage } from '../../../functions/core/repositories/messages';
import { ticketItem } from '../../../functions/core/repositories/tickets';
import { WORD_MARKS_VERSION } from '../../../functions/core/repositories/word-index';
import { storedMessage } from '../../support/stored-message';
import { storedTicket } from '../../support/stored-ticket';

process.env.TABLE_NAME = 'table-under-test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);

const at = (n: number) => new Date(Date.UTC(2030, 0, 1) + n * 60_000).toISOString();

const messageOf = (ticketId: string, n: number, body: string): StoredMessage =>
  storedMessage({ id: messageIdOf(ticketId, ulid(Date.UTC(2030, 0, 1) + n * 60_000)), ticketId, body, createdAt: at(n) });

beforeEach(() => {
  ddb.reset();
  ddb.on(BatchWriteCommand).resolves({});
  ddb.on(PutCommand).resolves({});
});

describe('buildWordMarks', () => {
  it('writes the marks of a ticket stored without them, from every page of its messages, and then marks the company', async () => {
    const ticket = storedTicket({ id: 'T1', status: 'open' });
    // 150 messages: more than one page of them; 'reembolso' only in the oldest, 'pedido' in the newest.
    const messages = Array.from({ length: 150 }, (_, n) => messageOf('T1', n, n === 0 ? 'Reembolso' : n === 149 ? 'Pedido chegou' : 'Obrigado'));
    const stored = messages.map(messageItem).sort((a, b) => (a.SK < b.SK ? 1 : -1));
    ddb.on(GetCommand).resolves({});
    ddb.on(QueryCommand).callsFake((input: QueryCommandInput) => {
      const pk = String(input.ExpressionAttributeValues?.[':pk']);
      if (input.IndexName === 'GSI1') return { Items: pk.endsWith('#TKS#open') ? [ticketItem(ticket)] : [] };
      const start = input.ExclusiveStartKey ? stored.findIndex((item) => item.SK === input.ExclusiveStartKey?.SK) + 1 : 0;
      return { Items: stored.slice(start, start + (input.Limit ?? stored.length)) };
    });

    expect(await buildWordMarks('C1', new Date(at(1000)))).toBe(1);

    const marks = ddb.commandCalls(BatchWriteCommand).flatMap((call) => call.args[0].input.RequestItems!['table-under-test']!.map((request) => request.PutRequest!.Item!));
    expect(marks).toEqual(
      expect.arrayContaining([
        { PK: 'C#C1#TK#T1', SK: 'WORD#reembolso', entity: 'ticketWord', ticketId: 'T1', word: 'reembolso', at: at(0) },
        { PK: 'C#C1#TK#T1', SK: 'WORD#pedido', entity: 'ticketWord', ticketId: 'T1', word: 'pedido', at: at(149) },
        { PK: 'C#C1#TK#T1', SK: 'WORD#obrigado', entity: 'ticketWord', ticketId: 'T1', word: 'obrigado', at: at(148) },
      ]),
    );
    expect(marks).toHaveLength(4);
    expect(ddb.commandCalls(QueryCommand).filter((call) => call.args[0].input.IndexName === undefined)).toHaveLength(2);
    const [markPut] = ddb.commandCalls(PutCommand);
    expect(markPut?.args[0].input.Item).toEqual({ PK: 'C#C1', SK: 'WORDMARKS', entity: 'wordMarksMark', version: WORD_MARKS_VERSION, builtAt: at(1000) });
    // The mark is written after the marks of the tickets.
    const sent = ddb.calls().map((call) => call.args[0]);
    expect(sent.at(-1)).toBeInstanceOf(PutCommand);
    expect(sent.filter((command) => command instanceof PutCommand)).toHaveLength(1);
  });

  it('reads only the mark of a company done before', async () => {
    ddb.on(GetCommand).resolves({ Item: { PK: 'C#C1', SK: 'WORDMARKS', version: WORD_MARKS_VERSION } });

    expect(await buildWordMarks('C1')).toBe(0);
    expect(ddb.calls()).toHaveLength(1);
  });
});
