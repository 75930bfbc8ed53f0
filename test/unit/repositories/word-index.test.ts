/** The word index of message text: which words are kept, how they are written, how a search pages. */
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import {
  ALL_WORDS_DEPTH,
  ALL_WORDS_PAGE,
  findTicketsByAllWords,
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

describe('findTicketsByAllWords', () => {
  const at = (n: number) => new Date(Date.UTC(2030, 0, 1) + n * 1000).toISOString();
  /** Entries of a word, newest first: `ticketIds[0]` used it last. */
  const partition = (ticketIds: readonly string[]) =>
    ticketIds.map((ticketId, index) => ({ SK: `${at(1_000_000 - index)}#${ticketId}`, ticketId, queueId: 'Q1', userId: null, ticketCreatedAt: at(0) }));

  /** The words' partitions, paged like DynamoDB (Limit, ExclusiveStartKey, LastEvaluatedKey while more is left). */
  function serveWords(words: Record<string, readonly string[]>): void {
    const partitions = new Map(Object.entries(words).map(([word, ticketIds]) => [`C#C1#WORD#${word}`, partition(ticketIds)]));
    ddb.on(QueryCommand).callsFake((input: QueryCommandInput) => {
      const all = partitions.get(String(input.ExpressionAttributeValues?.[':pk'])) ?? [];
      const start = input.ExclusiveStartKey ? all.findIndex((entry) => entry.SK === input.ExclusiveStartKey?.SK) + 1 : 0;
      const page = all.slice(start, start + (input.Limit ?? all.length));
      return { Items: page, ...(start + page.length < all.length ? { LastEvaluatedKey: { PK: 'x', SK: page.at(-1)?.SK } } : {}) };
    });
  }
  const queriesOf = (word: string) => ddb.commandCalls(QueryCommand).filter((call) => call.args[0].input.ExpressionAttributeValues?.[':pk'] === `C#C1#WORD#${word}`);
  const others = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => `${prefix}${index}`);

  it('finds the older tickets that use both words when each word has 150 newer tickets of its own', async () => {
    serveWords({ entrega: [...others('E', 150), 'T2', 'T1'], atrasada: [...others('A', 150), 'T2', 'T3', 'T1'] });

    const hits = await findTicketsByAllWords('C1', ['entrega', 'atrasada'], 100);

    expect(hits.map((hit) => hit.ticketId)).toEqual(['T2', 'T1']);
    expect(hits[0]).toEqual({ ticketId: 'T2', orderKey: partition([...others('E', 150), 'T2'])[150]!.SK, ticket: { queueId: 'Q1', userId: null, createdAt: at(0) } });
    for (const word of ['entrega', 'atrasada']) {
      expect(queriesOf(word)).toHaveLength(1);
      expect(queriesOf(word)[0]!.args[0].input).toMatchObject({ Limit: ALL_WORDS_PAGE, ScanIndexForward: false, ProjectionExpression: 'SK, ticketId, queueId, userId, ticketCreatedAt' });
    }
  });

  it('stops reading a common word as soon as every ticket of an exhausted rarer word is decided', async () => {
    serveWords({ reembolso: ['T1', 'T2', 'T3'], pedido: [...others('P', 500), 'T1', 'T3', ...others('Q', 600), 'T2', ...others('R', 3000)] });

    const hits = await findTicketsByAllWords('C1', ['reembolso', 'pedido'], 100);

    expect(hits.map((hit) => hit.ticketId)).toEqual(['T1', 'T2', 'T3']);
    expect(queriesOf('reembolso')).toHaveLength(1);
    // T2 is undecided after the first page (it may use 'pedido' further down) and found on the second; the
    // 3000 older entries are never read.
    expect(queriesOf('pedido')).toHaveLength(2);
    // The second page needs only the order and the ticket: the exhausted word's entries carry the copy.
    expect(queriesOf('pedido')[1]!.args[0].input.ProjectionExpression).toBe('SK, ticketId');
    expect(hits[1]).toEqual({ ticketId: 'T2', orderKey: partition(['T1', 'T2'])[1]!.SK, ticket: { queueId: 'Q1', userId: null, createdAt: at(0) } });
  });

  it('reads on for a ticket of the exhausted word still undecided, and stops as soon as it is decided', async () => {
    serveWords({ reembolso: ['T1', 'T2'], pedido: [...others('P', 1500), 'T1', ...others('Q', 5000)] });

    const hits = await findTicketsByAllWords('C1', ['reembolso', 'pedido'], 100);

    // T2 never shows in 'pedido': it is read down to ALL_WORDS_DEPTH entries, no further.
    expect(hits.map((hit) => hit.ticketId)).toEqual(['T1']);
    expect(queriesOf('pedido')).toHaveLength(ALL_WORDS_DEPTH / ALL_WORDS_PAGE);
    expect(queriesOf('pedido').reduce((sum, call) => sum + (call.args[0].input.Limit ?? 0), 0)).toBe(ALL_WORDS_DEPTH);
  });

  it(`finds a ticket only when each word's newest use of it is among that word's newest ${ALL_WORDS_DEPTH} entries`, async () => {
    serveWords({ entrega: [...others('E', ALL_WORDS_DEPTH - 1), 'T1', 'T2'], atrasada: ['T2', 'T1', ...others('A', 9000)] });

    const hits = await findTicketsByAllWords('C1', ['entrega', 'atrasada'], 100);

    expect(hits.map((hit) => hit.ticketId)).toEqual(['T1']);
    expect(queriesOf('entrega')).toHaveLength(ALL_WORDS_DEPTH / ALL_WORDS_PAGE);
    expect(queriesOf('atrasada')).toHaveLength(ALL_WORDS_DEPTH / ALL_WORDS_PAGE);
  });

  it('stops once the limit of tickets using every word is found', async () => {
    const shared = others('S', 3000);
    serveWords({ entrega: shared, atrasada: shared });

    const hits = await findTicketsByAllWords('C1', ['entrega', 'atrasada'], 100);

    expect(hits.map((hit) => hit.ticketId)).toEqual(shared.slice(0, 100));
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(2);
  });

  it('answers nothing after one Query per word when a word is never used, and reads nothing for a word the index never keeps', async () => {
    serveWords({ entrega: others('E', 3000) });

    expect(await findTicketsByAllWords('C1', ['entrega', 'inexistente'], 100)).toEqual([]);
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(2);
    ddb.resetHistory();
    expect(await findTicketsByAllWords('C1', ['entrega', 'para'], 100)).toEqual([]);
    expect(ddb.calls()).toHaveLength(0);
  });
});
