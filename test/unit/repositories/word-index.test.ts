/** The word index of message text: which words are kept, how they are written, how a search pages. */
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import {
  findTicketsByWord,
  indexableWords,
  indexWords,
  MAX_WORD_LENGTH,
  MAX_WORDS_PER_MESSAGE,
  wordEntryItems,
} from '../../../functions/core/repositories/word-index';
import { errorCodeOf } from '../../support/errors';

process.env.TABLE_NAME = 'table-under-test';

const ddb = mockClient(DynamoDBDocumentClient);

beforeEach(() => {
  ddb.reset();
  ddb.on(BatchWriteCommand).resolves({});
});

describe('indexableWords', () => {
  it('folds accents and case, so João and JOAO are one word', () => {
    expect(indexableWords('Olá João, AÇÃO e joao')).toEqual(['ola', 'joao', 'acao']);
  });

  it('drops words shorter than 3 characters and stop words', () => {
    expect(indexableWords('eu vi que o pedido não chegou para você and the box')).toEqual(['pedido', 'chegou', 'box']);
  });

  it('splits on punctuation and keeps digits', () => {
    expect(indexableWords('pedido#12345: entrega-rápida (urgente!)')).toEqual(['pedido', '12345', 'entrega', 'rapida', 'urgente']);
  });

  it(`keeps at most ${MAX_WORDS_PER_MESSAGE} words, the first ones, each once`, () => {
    const text = Array.from({ length: 30 }, (_, index) => `palavra${index} palavra${index}`).join(' ');

    const words = indexableWords(text);

    expect(words).toHaveLength(MAX_WORDS_PER_MESSAGE);
    expect(words[0]).toBe('palavra0');
    expect(words.at(-1)).toBe(`palavra${MAX_WORDS_PER_MESSAGE - 1}`);
  });

  it(`cuts very long words to ${MAX_WORD_LENGTH} characters`, () => {
    expect(indexableWords('x'.repeat(500))).toEqual(['x'.repeat(MAX_WORD_LENGTH)]);
  });

  it('answers nothing for text without indexable words', () => {
    expect(indexableWords('ok, e aí? 👍')).toEqual([]);
    expect(indexableWords('')).toEqual([]);
  });
});

describe('indexWords', () => {
  const ticket = { companyId: 'C1', id: 'T1', queueId: 'Q1', userId: null, createdAt: '2030-01-01T00:00:00.000Z' };

  it("writes one entry per word in the word partition, sorted by time then ticket, with the ticket's queue, user and creation", async () => {
    await indexWords(ticket, 'Pedido entregue', '2030-01-02T03:04:05.000Z');

    const copy = { queueId: 'Q1', userId: null, ticketCreatedAt: '2030-01-01T00:00:00.000Z' };
    expect(ddb.commandCalls(BatchWriteCommand)[0]!.args[0].input).toEqual({
      RequestItems: {
        'table-under-test': [
          { PutRequest: { Item: { PK: 'C#C1#WORD#pedido', SK: '2030-01-02T03:04:05.000Z#T1', entity: 'wordEntry', ticketId: 'T1', at: '2030-01-02T03:04:05.000Z', ...copy } } },
          { PutRequest: { Item: { PK: 'C#C1#WORD#entregue', SK: '2030-01-02T03:04:05.000Z#T1', entity: 'wordEntry', ticketId: 'T1', at: '2030-01-02T03:04:05.000Z', ...copy } } },
        ],
      },
    });
  });

  it('writes nothing for a text without indexable words', async () => {
    await indexWords(ticket, 'ok', new Date());

    expect(ddb.calls()).toHaveLength(0);
  });
});

describe('wordEntryItems', () => {
  const ticket = { companyId: 'C1', id: 'T1', queueId: 'Q2', userId: 'U1', createdAt: '2030-01-01T00:00:00.000Z' };

  it("builds one entry per indexed word with the ticket's copy, without calling DynamoDB", () => {
    const items = wordEntryItems(ticket, 'Reembolso do pedido', new Date('2030-01-02T03:04:05.000Z'));

    expect(items).toEqual([
      expect.objectContaining({ PK: 'C#C1#WORD#reembolso', SK: '2030-01-02T03:04:05.000Z#T1', queueId: 'Q2', userId: 'U1', ticketCreatedAt: '2030-01-01T00:00:00.000Z' }),
      expect.objectContaining({ PK: 'C#C1#WORD#pedido', SK: '2030-01-02T03:04:05.000Z#T1', queueId: 'Q2', userId: 'U1', ticketCreatedAt: '2030-01-01T00:00:00.000Z' }),
    ]);
    expect(ddb.calls()).toHaveLength(0);
  });

  it('is what indexWords writes', async () => {
    const at = '2030-01-02T03:04:05.000Z';

    await indexWords(ticket, 'Reembolso do pedido', at);

    const written = ddb.commandCalls(BatchWriteCommand)[0]!.args[0].input.RequestItems!['table-under-test']!.map((request) => request.PutRequest?.Item);
    expect(written).toEqual(wordEntryItems(ticket, 'Reembolso do pedido', at));
  });

  it('answers nothing for a text without indexable words', () => {
    expect(wordEntryItems(ticket, 'ok', '2030-01-02T03:04:05.000Z')).toEqual([]);
  });
});

describe('findTicketsByWord', () => {
  const entry = (at: string, ticketId: string, copy: Record<string, unknown> = {}) => ({ SK: `${at}#${ticketId}`, ticketId, ...copy });

  it("reads the word partition newest first and answers each ticket once, with its newest entry's copy of the ticket", async () => {
    ddb.on(QueryCommand).resolves({
      Items: [
        entry('2030-01-03T00:00:00.000Z', 'T2', { queueId: 'Q2', userId: 'U1', ticketCreatedAt: '2030-01-01T00:00:00.000Z' }),
        entry('2030-01-02T00:00:00.000Z', 'T1'),
        entry('2030-01-01T00:00:00.000Z', 'T2', { queueId: null, userId: null, ticketCreatedAt: '2030-01-01T00:00:00.000Z' }),
      ],
    });

    const page = await findTicketsByWord('C1', 'Pédido', 10);

    expect(page).toEqual({
      hits: [
        { ticketId: 'T2', orderKey: '2030-01-03T00:00:00.000Z#T2', ticket: { queueId: 'Q2', userId: 'U1', createdAt: '2030-01-01T00:00:00.000Z' } },
        // An entry written before the copy was kept: no copy, the search must read the ticket to judge it.
        { ticketId: 'T1', orderKey: '2030-01-02T00:00:00.000Z#T1' },
      ],
      cursor: null,
    });
    expect(ddb.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({
      TableName: 'table-under-test',
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': 'C#C1#WORD#pedido', ':sk': '' },
      ScanIndexForward: false,
    });
  });

  it('stops at the limit and continues from its cursor', async () => {
    ddb.on(QueryCommand).resolvesOnce({
      Items: [entry('2030-01-03T00:00:00.000Z', 'T3'), entry('2030-01-02T00:00:00.000Z', 'T2'), entry('2030-01-01T00:00:00.000Z', 'T1')],
    });

    const first = await findTicketsByWord('C1', 'pedido', 2);
    ddb.on(QueryCommand).resolves({ Items: [entry('2030-01-01T00:00:00.000Z', 'T1')] });
    const second = await findTicketsByWord('C1', 'pedido', 2, first.cursor ?? undefined);

    expect(first.hits.map((hit) => hit.ticketId)).toEqual(['T3', 'T2']);
    expect(first.cursor).toEqual(expect.any(String));
    expect(ddb.commandCalls(QueryCommand)[1]!.args[0].input.ExclusiveStartKey).toEqual({
      PK: 'C#C1#WORD#pedido',
      SK: '2030-01-02T00:00:00.000Z#T2',
    });
    expect(second).toEqual({ hits: [{ ticketId: 'T1', orderKey: '2030-01-01T00:00:00.000Z#T1' }], cursor: null });
  });

  it('reads nothing for a word the index never keeps', async () => {
    expect(await findTicketsByWord('C1', 'de', 10)).toEqual({ hits: [], cursor: null });
    expect(await findTicketsByWord('C1', 'para', 10)).toEqual({ hits: [], cursor: null });
    expect(ddb.calls()).toHaveLength(0);
  });

  it('refuses a cursor it did not make', async () => {
    expect(await errorCodeOf(findTicketsByWord('C1', 'pedido', 5, Buffer.from('C#C2#TK#x').toString('base64url')))).toBe('ERR_VALIDATION');
    expect(ddb.calls()).toHaveLength(0);
  });
});
