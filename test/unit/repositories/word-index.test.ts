/** The word index of message text: which words are kept, how they are written, how a search pages. */
import { BatchGetCommand, BatchWriteCommand, DynamoDBDocumentClient, QueryCommand, type BatchGetCommandInput, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import {
  ALL_WORDS_DEPTH,
  ALL_WORDS_PAGE,
  findTicketsByAllWords,
  findTicketsByWord,
  findWordMarks,
  FIRST_PAGE,
  indexableWords,
  indexMessagesWords,
  indexWords,
  MAX_WORD_LENGTH,
  MAX_WORDS_PER_MESSAGE,
  pairKey,
  wordEntryItems,
  wordIndexItems,
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

  it("writes one entry per word in the word partition, sorted by time then ticket, with the ticket's queue, user and creation, and the ticket's mark of each word", async () => {
    await indexWords(ticket, 'Pedido entregue', '2030-01-02T03:04:05.000Z');

    const copy = { queueId: 'Q1', userId: null, ticketCreatedAt: '2030-01-01T00:00:00.000Z' };
    expect(ddb.commandCalls(BatchWriteCommand)[0]!.args[0].input).toEqual({
      RequestItems: {
        'table-under-test': [
          { PutRequest: { Item: { PK: 'C#C1#WORD#pedido', SK: '2030-01-02T03:04:05.000Z#T1', entity: 'wordEntry', ticketId: 'T1', at: '2030-01-02T03:04:05.000Z', ...copy } } },
          { PutRequest: { Item: { PK: 'C#C1#WORD#entregue', SK: '2030-01-02T03:04:05.000Z#T1', entity: 'wordEntry', ticketId: 'T1', at: '2030-01-02T03:04:05.000Z', ...copy } } },
          { PutRequest: { Item: { PK: 'C#C1#TK#T1', SK: 'WORD#pedido', entity: 'ticketWord', ticketId: 'T1', word: 'pedido', at: '2030-01-02T03:04:05.000Z' } } },
          { PutRequest: { Item: { PK: 'C#C1#TK#T1', SK: 'WORD#entregue', entity: 'ticketWord', ticketId: 'T1', word: 'entregue', at: '2030-01-02T03:04:05.000Z' } } },
        ],
      },
    });
  });

  it('writes nothing for a text without indexable words', async () => {
    await indexWords(ticket, 'ok', new Date());

    expect(ddb.calls()).toHaveLength(0);
  });
});

describe('indexMessagesWords', () => {
  const ticket = { companyId: 'C1', id: 'T1', queueId: 'Q1', userId: null, createdAt: '2030-01-01T00:00:00.000Z' };

  it('writes one mark per word of the ticket in one write, with the newest time it was used, however many messages use it', async () => {
    await indexMessagesWords(ticket, [
      { body: 'Pedido novo', createdAt: '2030-01-02T00:00:00.000Z' },
      { body: 'Pedido atrasado', createdAt: '2030-01-04T00:00:00.000Z' },
      { body: 'O pedido chegou', createdAt: '2030-01-03T00:00:00.000Z' },
    ]);

    const written = ddb.commandCalls(BatchWriteCommand).flatMap((call) => call.args[0].input.RequestItems!['table-under-test']!.map((request) => request.PutRequest!.Item!));
    const marks = written.filter((item) => item.entity === 'ticketWord');
    expect(marks).toEqual([
      { PK: 'C#C1#TK#T1', SK: 'WORD#pedido', entity: 'ticketWord', ticketId: 'T1', word: 'pedido', at: '2030-01-04T00:00:00.000Z' },
      { PK: 'C#C1#TK#T1', SK: 'WORD#novo', entity: 'ticketWord', ticketId: 'T1', word: 'novo', at: '2030-01-02T00:00:00.000Z' },
      { PK: 'C#C1#TK#T1', SK: 'WORD#atrasado', entity: 'ticketWord', ticketId: 'T1', word: 'atrasado', at: '2030-01-04T00:00:00.000Z' },
      { PK: 'C#C1#TK#T1', SK: 'WORD#chegou', entity: 'ticketWord', ticketId: 'T1', word: 'chegou', at: '2030-01-03T00:00:00.000Z' },
    ]);
    expect(written.filter((item) => item.entity === 'wordEntry')).toHaveLength(6);
    expect(new Set(written.map((item) => `${String(item.PK)} ${String(item.SK)}`)).size).toBe(written.length);
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

  it('is what indexWords writes, with the marks of wordIndexItems', async () => {
    const at = '2030-01-02T03:04:05.000Z';

    await indexWords(ticket, 'Reembolso do pedido', at);

    const written = ddb.commandCalls(BatchWriteCommand)[0]!.args[0].input.RequestItems!['table-under-test']!.map((request) => request.PutRequest?.Item);
    expect(written).toEqual(wordIndexItems(ticket, [{ body: 'Reembolso do pedido', createdAt: at }]));
    expect(written.slice(0, 2)).toEqual(wordEntryItems(ticket, 'Reembolso do pedido', at));
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
  /** Entries of a word, newest first, `step` seconds apart: `ticketIds[0]` used it last. */
  const partition = (ticketIds: readonly string[], step = 1) =>
    ticketIds.map((ticketId, index) => ({ SK: `${at(10_000_000 - index * step)}#${ticketId}`, ticketId, queueId: 'Q1', userId: null, ticketCreatedAt: at(0) }));

  /**
   * The words' partitions, paged like DynamoDB (Limit, ExclusiveStartKey, LastEvaluatedKey while more is
   * left), and the marks of every ticket in them (plus `marks`: `<ticketId> <word>`), served by BatchGet.
   */
  function serveWords(words: Record<string, { readonly ids: readonly string[]; readonly step?: number }>, marks: readonly string[] = []): void {
    const partitions = new Map(Object.entries(words).map(([word, { ids, step }]) => [`C#C1#WORD#${word}`, partition(ids, step)]));
    const marked = new Set([...Object.entries(words).flatMap(([word, { ids }]) => ids.map((id) => `C#C1#TK#${id} WORD#${word}`)), ...marks.map((mark) => {
      const [ticketId, word] = mark.split(' ');
      return `C#C1#TK#${ticketId} WORD#${word}`;
    })]);
    ddb.on(QueryCommand).callsFake((input: QueryCommandInput) => {
      const all = partitions.get(String(input.ExpressionAttributeValues?.[':pk'])) ?? [];
      const start = input.ExclusiveStartKey ? all.findIndex((entry) => entry.SK === input.ExclusiveStartKey?.SK) + 1 : 0;
      const page = all.slice(start, start + (input.Limit ?? all.length));
      return { Items: page, ...(start + page.length < all.length ? { LastEvaluatedKey: { PK: 'x', SK: page.at(-1)?.SK } } : {}) };
    });
    ddb.on(BatchGetCommand).callsFake((input: BatchGetCommandInput) => {
      const asked = input.RequestItems?.['table-under-test']?.Keys ?? [];
      return { Responses: { 'table-under-test': asked.filter((key) => marked.has(`${String(key.PK)} ${String(key.SK)}`)) } };
    });
  }
  const queriesOf = (word: string) => ddb.commandCalls(QueryCommand).filter((call) => call.args[0].input.ExpressionAttributeValues?.[':pk'] === `C#C1#WORD#${word}`);
  const marksAsked = () => ddb.commandCalls(BatchGetCommand).flatMap((call) => call.args[0].input.RequestItems?.['table-under-test']?.Keys ?? []);
  const others = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => `${prefix}${index}`);
  const idsOf = (found: { hits: { ticketId: string }[] }) => found.hits.map((hit) => hit.ticketId);

  it(`finds a ticket using both words although its uses of the common word are older than ${ALL_WORDS_DEPTH} entries of it`, async () => {
    serveWords({ reembolso: { ids: ['T1', 'T2'] }, pedido: { ids: [...others('P', ALL_WORDS_DEPTH + 500), 'T1'] } });

    const found = await findTicketsByAllWords('C1', ['reembolso', 'pedido'], 40);

    expect(idsOf(found)).toEqual(['T1']);
    expect(found.complete).toBe(true);
    expect(found.hits[0]).toEqual({ ticketId: 'T1', orderKey: partition(['T1'])[0]!.SK, ticket: { queueId: 'Q1', userId: null, createdAt: at(0) } });
    // One page of each word at once, then the marks of the rare word's tickets: two steps.
    expect(queriesOf('pedido').map((call) => call.args[0].input)).toEqual([expect.objectContaining({ Limit: FIRST_PAGE, ScanIndexForward: false, ProjectionExpression: 'SK, ticketId, queueId, userId, ticketCreatedAt' })]);
    expect(queriesOf('reembolso')).toHaveLength(1);
    expect(ddb.commandCalls(BatchGetCommand)).toHaveLength(1);
    expect(ddb.commandCalls(BatchGetCommand)[0]!.args[0].input.RequestItems?.['table-under-test']).toEqual({
      Keys: [{ PK: 'C#C1#TK#T1', SK: 'WORD#pedido' }, { PK: 'C#C1#TK#T2', SK: 'WORD#pedido' }],
      ProjectionExpression: 'PK, SK',
    });
  });

  it('does not find a ticket that uses only one of the words', async () => {
    serveWords({ reembolso: { ids: ['T1', 'T2', 'T3'] }, pedido: { ids: [...others('P', 1000), 'T3'] } }, ['T1 entrega']);

    expect(idsOf(await findTicketsByAllWords('C1', ['reembolso', 'pedido'], 40))).toEqual(['T3']);
  });

  it("checks no mark of a ticket the other word's page already shows, and rules out without a read a ticket missing from a list read to its end", async () => {
    serveWords({ reembolso: { ids: ['T1', 'T2', 'T3'] }, pedido: { ids: ['T3', 'T1', ...others('P', 1000)] }, entrega: { ids: ['T1', 'T3', 'E1'] } });

    expect(idsOf(await findTicketsByAllWords('C1', ['reembolso', 'pedido', 'entrega'], 40))).toEqual(['T1', 'T3']);
    // The shortest exhausted list drives ('reembolso': 3 tickets, 'entrega' too, but read first); T2 is
    // ruled out by the other exhausted list, T1 and T3 seen in every page.
    expect(marksAsked()).toEqual([]);
  });

  it('drives by the word whose first page reaches furthest back, and reads it on only until the tickets asked for pass', async () => {
    const rare = others('R', 2000);
    // Every tenth ticket of the rarer word uses the common one too, long ago.
    serveWords({ reembolso: { ids: rare, step: 10 }, pedido: { ids: others('P', 6000) } }, rare.filter((_, index) => index % 10 === 0).map((id) => `${id} pedido`));

    const found = await findTicketsByAllWords('C1', ['reembolso', 'pedido'], 40);

    expect(idsOf(found)).toEqual(rare.filter((_, index) => index % 10 === 0).slice(0, 40));
    expect(found.complete).toBe(false);
    expect(queriesOf('pedido')).toHaveLength(1);
    // 20 of the first 200 pass: the 20 missing need about 200 more entries, and half again.
    expect(queriesOf('reembolso').map((call) => call.args[0].input.Limit)).toEqual([FIRST_PAGE, 300]);
  });

  it('checks no mark of a candidate `keep` drops, and counts only those it keeps', async () => {
    const rare = others('R', 100);
    serveWords({ reembolso: { ids: rare }, pedido: { ids: others('P', 1000) } }, rare.map((id) => `${id} pedido`));
    const kept = new Set(rare.filter((_, index) => index % 4 === 0));

    const found = await findTicketsByAllWords('C1', ['reembolso', 'pedido'], 10, (hit) => kept.has(hit.ticketId));

    expect(idsOf(found)).toEqual([...kept].slice(0, 10));
    expect(marksAsked().map((key) => String(key.PK).split('#TK#')[1])).toEqual([...kept]);
  });

  it('reads the driving word on by ALL_WORDS_PAGE entries while none of its tickets passed, and by what the rate of passing says once some did', async () => {
    const rare = others('R', 3000);
    // One ticket in a hundred uses both words, from the 400th on.
    serveWords({ reembolso: { ids: rare, step: 10 }, pedido: { ids: others('P', 9000) } }, rare.filter((_, index) => index >= 400 && index % 100 === 0).map((id) => `${id} pedido`));

    const found = await findTicketsByAllWords('C1', ['reembolso', 'pedido'], 12);

    expect(found.hits).toHaveLength(12);
    // After 200: none passed, 1000 more; after 1200: 8 passed, 4 missing at 8 in 1200 make 600, and half again.
    expect(queriesOf('reembolso').map((call) => call.args[0].input.Limit)).toEqual([FIRST_PAGE, ALL_WORDS_PAGE, 900]);
  });

  it('answers a longer list that starts with the shorter one when more tickets are asked for', async () => {
    const rare = others('R', 2000);
    serveWords({ reembolso: { ids: rare, step: 10 }, pedido: { ids: others('P', 6000) } }, rare.filter((_, index) => index % 7 === 0).map((id) => `${id} pedido`));

    const first = await findTicketsByAllWords('C1', ['reembolso', 'pedido'], 40);
    const more = await findTicketsByAllWords('C1', ['reembolso', 'pedido'], 100);

    expect(more.hits.slice(0, 40)).toEqual(first.hits);
    expect(more.hits).toHaveLength(100);
  });

  it(`finds a ticket only when its newest use of the driving word is among that word's newest ${ALL_WORDS_DEPTH} entries`, async () => {
    const rare = [...others('R', ALL_WORDS_DEPTH - 1), 'T1', 'T2', ...others('S', 100)];
    serveWords({ reembolso: { ids: rare, step: 10 }, pedido: { ids: others('P', 9000) } }, ['T1 pedido', 'T2 pedido']);

    const found = await findTicketsByAllWords('C1', ['reembolso', 'pedido'], 40);

    expect(idsOf(found)).toEqual(['T1']);
    expect(found.complete).toBe(true);
    expect(queriesOf('reembolso').reduce((sum, call) => sum + (call.args[0].input.Limit ?? 0), 0)).toBe(ALL_WORDS_DEPTH);
  });

  it('answers nothing after one Query per word when a word is never used, and reads nothing for a word the index never keeps', async () => {
    serveWords({ entrega: { ids: others('E', 3000) } });

    expect(await findTicketsByAllWords('C1', ['entrega', 'inexistente'], 40)).toEqual({ hits: [], complete: true });
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(2);
    expect(marksAsked()).toEqual([]);
    ddb.resetHistory();
    expect(await findTicketsByAllWords('C1', ['entrega', 'para'], 40)).toEqual({ hits: [], complete: true });
    expect(ddb.calls()).toHaveLength(0);
  });
});

describe('findWordMarks', () => {
  it('asks 100 marks per BatchGetItem, all at once, and answers the pairs that have one', async () => {
    ddb.on(BatchGetCommand).callsFake((input: BatchGetCommandInput) => ({
      Responses: { 'table-under-test': (input.RequestItems?.['table-under-test']?.Keys ?? []).filter((key) => String(key.PK).endsWith('#T7')) },
    }));
    const pairs = Array.from({ length: 250 }, (_, index) => ({ ticketId: `T${index}`, word: 'pedido' }));

    const marked = await findWordMarks('C1', pairs);

    expect([...marked]).toEqual([pairKey('T7', 'pedido')]);
    expect(ddb.commandCalls(BatchGetCommand).map((call) => call.args[0].input.RequestItems?.['table-under-test']?.Keys?.length)).toEqual([100, 100, 50]);
  });
});
