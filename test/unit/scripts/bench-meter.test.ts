/**
 * The benches' meter. Its middlewares are tested through a real DocumentClient whose HTTP handler is a
 * small stand-in answering DynamoDB's documented JSON: aws-sdk-client-mock replaces `send` itself, so
 * no middleware would run under it.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { AnyHandler } from '../../../infra/local/lambda';
import { createBenchMeter, estimateUnits, itemBytes, readUnitsOf, renderMeter, writeUnitsOf, type MeterSnapshot } from '../../../scripts/bench-meter';

// ---- a DocumentClient whose "server" answers from a table of canned bodies ---------------------------

interface Answer {
  readonly status?: number;
  readonly body: unknown;
  /** Leave out the content-length header, as a server may. */
  readonly noLength?: boolean;
}

function clientAnswering(answers: Readonly<Record<string, Answer>>): { client: DynamoDBDocumentClient; sentBodies: string[] } {
  const sentBodies: string[] = [];
  const requestHandler = {
    handle: async (request: { headers: Record<string, string>; body?: unknown }) => {
      const operation = String(request.headers['x-amz-target']).split('.')[1] ?? '';
      sentBodies.push(typeof request.body === 'string' ? request.body : new TextDecoder().decode(request.body as Uint8Array));
      const answer = answers[operation] ?? { body: {} };
      const text = JSON.stringify(answer.body);
      const headers: Record<string, string> = { 'content-type': 'application/x-amz-json-1.0' };
      if (!answer.noLength) headers['content-length'] = String(Buffer.byteLength(text));
      return Promise.resolve({ response: { statusCode: answer.status ?? 200, headers, body: Buffer.from(text) } });
    },
    updateHttpClientConfig: () => undefined,
    httpHandlerConfigs: () => ({}),
  };
  const low = new DynamoDBClient({
    region: 'us-east-1',
    endpoint: 'http://dynamodb.test',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    maxAttempts: 1,
    requestHandler,
  });
  return { client: DynamoDBDocumentClient.from(low), sentBodies };
}

const TICKET = { PK: { S: 'C#1#T#1' }, SK: { S: 'TICKET' }, status: { S: 'open' } };

// ---- item sizes and units ------------------------------------------------------------------------------

describe("an item's size as DynamoDB bills it", () => {
  test('adds each name to its value: UTF-8 strings, numbers by their significant digits, booleans and null as one byte', () => {
    expect(itemBytes({ PK: 'C#1' })).toBe(2 + 3);
    expect(itemBytes({ nome: 'João' })).toBe(4 + 5);
    expect(itemBytes({ n: 12345 })).toBe(1 + 4);
    expect(itemBytes({ n: 100 })).toBe(1 + 2);
    expect(itemBytes({ ok: true, no: null })).toBe(2 + 1 + 2 + 1);
  });

  test('gives a list or a map 3 bytes plus 1 per element, and leaves undefined attributes out', () => {
    expect(itemBytes({ l: ['ab', 1] })).toBe(1 + 3 + (1 + 2) + (1 + 2));
    expect(itemBytes({ m: { a: 'x' }, gone: undefined })).toBe(1 + 3 + (1 + 1 + 1));
  });
});

describe('request units from what the client saw', () => {
  test('rounds reads up per 4 KB, halved when eventually consistent and doubled in a transaction', () => {
    expect(readUnitsOf(0, 'eventual')).toBe(0.5);
    expect(readUnitsOf(4096, 'strong')).toBe(1);
    expect(readUnitsOf(4097, 'eventual')).toBe(1);
    expect(readUnitsOf(100, 'transactional')).toBe(2);
  });

  test('rounds writes up per 1 KB, doubled in a transaction', () => {
    expect(writeUnitsOf(10, false)).toBe(1);
    expect(writeUnitsOf(1025, false)).toBe(2);
    expect(writeUnitsOf(1025, true)).toBe(4);
  });

  test("bills a put by its item's size and counts a write per KB in each index whose two keys the item carries", () => {
    const item = { PK: 'a', SK: 'b', GSI1PK: 'c', GSI1SK: 'd', GSI2PK: 'only half of GSI2', body: 'x'.repeat(1500) };

    expect(estimateUnits('PutItem', { Item: item }, {})).toEqual({ itemsRead: 0, itemsWritten: 1, readUnits: 0, writeUnits: 2, indexWriteUnits: 2 });
  });

  test('doubles a transaction\'s writes (its condition checks too, which write no item) but not their index writes', () => {
    const input = {
      TransactItems: [
        { Put: { Item: { PK: 'a', SK: 'b', GSI3PK: 'c', GSI3SK: 'd' } } },
        { Update: { Key: { PK: 'a', SK: 'c' }, UpdateExpression: 'SET #s = :s, GSI1SK = :k', ExpressionAttributeNames: { '#s': 'status' } } },
        { Delete: { Key: { PK: 'a', SK: 'd' } } },
        { ConditionCheck: { Key: { PK: 'a', SK: 'e' }, ConditionExpression: 'attribute_exists(PK)' } },
      ],
    };

    expect(estimateUnits('TransactWriteItems', input, {})).toEqual({ itemsRead: 0, itemsWritten: 3, readUnits: 0, writeUnits: 8, indexWriteUnits: 2 });
  });

  test('sees an index key an update names through a placeholder, and no index write in an update of other attributes', () => {
    const moving = { UpdateExpression: 'SET #k = :k ADD #n :one', ExpressionAttributeNames: { '#k': 'GSI2SK', '#n': 'unread' } };
    const plain = { UpdateExpression: 'SET lastMessage = :m REMOVE draft' };

    expect(estimateUnits('UpdateItem', moving, {}).indexWriteUnits).toBe(1);
    expect(estimateUnits('UpdateItem', plain, {})).toEqual({ itemsRead: 0, itemsWritten: 1, readUnits: 0, writeUnits: 1, indexWriteUnits: 0 });
  });

  test('bills a Query by the summed size of the items it returned, and a GetItem that found nothing as one block', () => {
    const items = Array.from({ length: 21 }, (_, index) => ({ PK: 'p', SK: String(index), text: 'x'.repeat(1000) }));

    expect(estimateUnits('Query', {}, { Items: items })).toMatchObject({ itemsRead: 21, readUnits: 3 });
    expect(estimateUnits('Query', { ConsistentRead: true }, { Items: items })).toMatchObject({ readUnits: 6 });
    expect(estimateUnits('GetItem', { Key: { PK: 'p' } }, {})).toMatchObject({ itemsRead: 0, readUnits: 0.5 });
  });

  test('bills each item of a batch read apart, a key not found as one block, and keys left unprocessed not at all', () => {
    const input = { RequestItems: { main: { Keys: [{ PK: 'a' }, { PK: 'b' }, { PK: 'c' }, { PK: 'd' }] } } };
    const output = { Responses: { main: [{ PK: 'a', text: 'x'.repeat(5000) }, { PK: 'b' }] }, UnprocessedKeys: { main: { Keys: [{ PK: 'd' }] } } };

    expect(estimateUnits('BatchGetItem', input, output)).toMatchObject({ itemsRead: 2, readUnits: 1 + 0.5 + 0.5 });
  });

  test('leaves the writes a batch left unprocessed out of what it wrote', () => {
    const put = (id: string) => ({ PutRequest: { Item: { PK: id, SK: 'x', GSI1PK: 'g', GSI1SK: 'h' } } });
    const input = { RequestItems: { main: [put('a'), put('b'), { DeleteRequest: { Key: { PK: 'c', SK: 'x' } } }] } };

    expect(estimateUnits('BatchWriteItem', input, { UnprocessedItems: { main: [put('b')] } })).toEqual({
      itemsRead: 0,
      itemsWritten: 2,
      readUnits: 0,
      writeUnits: 2,
      indexWriteUnits: 1,
    });
  });

  test('bills a transactional read twice per 4 KB', () => {
    const input = { TransactItems: [{ Get: { Key: { PK: 'a' } } }, { Get: { Key: { PK: 'b' } } }] };

    expect(estimateUnits('TransactGetItems', input, { Responses: [{ Item: { PK: 'a' } }, {}] })).toMatchObject({ itemsRead: 1, readUnits: 4 });
  });
});

// ---- the meter on a client -----------------------------------------------------------------------------

describe('the meter on the DynamoDB client', () => {
  test("counts each command's requests, the bytes of their bodies and the items they read, by the invocation that made them", async () => {
    const queryAnswer = { Items: [TICKET, TICKET], Count: 2, ScannedCount: 2 };
    const { client, sentBodies } = clientAnswering({ GetItem: { body: { Item: TICKET } }, Query: { body: queryAnswer } });
    const meter = createBenchMeter();
    meter.watch(client);

    await meter.invocation('http/tickets', async () => {
      await client.send(new GetCommand({ TableName: 'main', Key: { PK: 'C#1#T#1', SK: 'TICKET' } }));
      await client.send(new QueryCommand({ TableName: 'main', KeyConditionExpression: 'PK = :p', ExpressionAttributeValues: { ':p': 'C#1#T#1' } }));
    });
    const query = meter.snapshot().get('http/tickets')?.commands.get('Query');

    expect([...(meter.snapshot().get('http/tickets')?.commands.keys() ?? [])]).toEqual(['GetItem', 'Query']);
    expect(query).toMatchObject({ requests: 1, failed: 0, itemsRead: 2, readUnits: 0.5 });
    expect(query?.requestBytes).toBe(Buffer.byteLength(sentBodies[1] ?? 'missing'));
    expect(query?.responseBytes).toBe(Buffer.byteLength(JSON.stringify(queryAnswer)));
  });

  test('sizes a response by its output as JSON when the server sends no content-length', async () => {
    const { client } = clientAnswering({ GetItem: { body: { Item: { PK: { S: 'a' } } }, noLength: true } });
    const meter = createBenchMeter();
    meter.watch(client);

    await client.send(new GetCommand({ TableName: 'main', Key: { PK: 'a' } }));

    expect(meter.snapshot().get('outside Lambda')?.commands.get('GetItem')?.responseBytes).toBe(Buffer.byteLength(JSON.stringify({ Item: { PK: 'a' } })));
  });

  test('counts a failed conditional write as a failed request, billed, that wrote nothing', async () => {
    const refusal = { __type: 'com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException', message: 'The conditional request failed' };
    const { client } = clientAnswering({ PutItem: { status: 400, body: refusal } });
    const meter = createBenchMeter();
    meter.watch(client);

    await expect(client.send(new PutCommand({ TableName: 'main', Item: { PK: 'a', SK: 'b' }, ConditionExpression: 'attribute_not_exists(PK)' }))).rejects.toThrow('conditional');
    const put = meter.snapshot().get('outside Lambda')?.commands.get('PutItem');

    expect(put).toMatchObject({ requests: 1, failed: 1, itemsWritten: 0, writeUnits: 1, responseBytes: Buffer.byteLength(JSON.stringify(refusal)) });
  });

  test('gives a request outside any invocation to the part the bench names, and forgets everything on reset', async () => {
    const { client } = clientAnswering({ UpdateItem: { body: {} } });
    const part = new AsyncLocalStorage<string>();
    const meter = createBenchMeter({ outsideLambda: () => part.getStore() });
    meter.watch(client);

    await part.run('session host', () => client.send(new UpdateCommand({ TableName: 'main', Key: { PK: 'a', SK: 'b' }, UpdateExpression: 'SET x = :x', ExpressionAttributeValues: { ':x': 1 } })));
    const before = meter.snapshot();
    meter.reset();

    expect(before.get('session host')?.commands.get('UpdateItem')).toMatchObject({ requests: 1, itemsWritten: 1, writeUnits: 1 });
    expect(meter.snapshot().size).toBe(0);
  });
});

describe('the Lambda time of the local cloud', () => {
  test("times every invocation of a module through the bench's own loader, and counts them", async () => {
    let clock = 0;
    const meter = createBenchMeter({ now: () => clock });
    const seen: string[] = [];
    const benchLoader = (module: string): Promise<AnyHandler> =>
      Promise.resolve(async (event: string) => {
        seen.push(`${module} ${event}`);
        clock += 40;
        return Promise.resolve('done');
      });
    const load = meter.timedLoader(benchLoader);

    const handler = await load('workers/wa-events');
    const answers = [await handler('first', {} as never), await handler('second', {} as never)];

    expect(answers).toEqual(['done', 'done']);
    expect(seen).toEqual(['workers/wa-events first', 'workers/wa-events second']);
    expect(meter.snapshot().get('workers/wa-events')).toMatchObject({ invocations: 2, lambdaMs: 80 });
  });

  test('times an invocation that throws, and lets the error through', async () => {
    let clock = 0;
    const meter = createBenchMeter({ now: () => clock });

    await expect(
      meter.invocation('workers/campaign-send', () => {
        clock += 15;
        return Promise.reject(new Error('hop failed'));
      }),
    ).rejects.toThrow('hop failed');

    expect(meter.snapshot().get('workers/campaign-send')).toMatchObject({ invocations: 1, lambdaMs: 15 });
  });
});

describe('the printout per unit of work', () => {
  const snapshot: MeterSnapshot = new Map([
    [
      'workers/wa-events',
      {
        invocations: 5,
        lambdaMs: 300,
        commands: new Map([
          ['Query', { requests: 60, failed: 0, requestBytes: 20480, responseBytes: 40960, itemsRead: 50, itemsWritten: 0, readUnits: 30, writeUnits: 0, indexWriteUnits: 0 }],
          ['TransactWriteItems', { requests: 10, failed: 0, requestBytes: 10240, responseBytes: 100, itemsRead: 0, itemsWritten: 30, readUnits: 0, writeUnits: 60, indexWriteUnits: 20 }],
        ]),
      },
    ],
    ['session host', { invocations: 0, lambdaMs: 0, commands: new Map([['UpdateItem', { requests: 20, failed: 0, requestBytes: 10240, responseBytes: 0, itemsRead: 0, itemsWritten: 20, readUnits: 0, writeUnits: 20, indexWriteUnits: 0 }]]) }],
    ['contacts', { invocations: 0, lambdaMs: 0, commands: new Map([['PutItem', { requests: 10, failed: 0, requestBytes: 1, responseBytes: 1, itemsRead: 0, itemsWritten: 10, readUnits: 0, writeUnits: 10, indexWriteUnits: 0 }]]) }],
  ]);

  test('divides every figure by the units, names the top commands, and totals the sources it keeps', () => {
    const text = renderMeter(snapshot, { unit: 'follow-up message', units: 10, leaveOut: { sources: (source) => source === 'contacts', why: 'the simulated phone network' } });
    const lines = text.split('\n');
    const row = (name: string) => lines.find((line) => line.trimStart().startsWith(name))?.trim().split(/\s{2,}/);

    expect(lines[0]).toBe('Per follow-up message (10 measured), by who did the work:');
    expect(row('workers/wa-events')).toEqual(['workers/wa-events', '0.50', '30.0', '7.00', 'Query 6.0, TransactWriteItems 1.0', '3.00', '4.01', '5.0', '3.0', '3.0', '6.0', '2.0']);
    expect(row('session host')).toEqual(['session host', '0.00', '0.0', '2.00', 'UpdateItem 2.0', '1.00', '0.00', '0.0', '2.0', '0.0', '2.0', '0.0']);
    expect(row('total')).toEqual(['total', '0.50', '30.0', '9.00', 'Query 6.0, UpdateItem 2.0, TransactWriteItems 1.0', '4.00', '4.01', '5.0', '5.0', '3.0', '8.0', '2.0']);
    expect(lines.findIndex((line) => line.includes('workers/wa-events'))).toBeLessThan(lines.findIndex((line) => line.includes('session host')));
    expect(text).toContain('left out: contacts (the simulated phone network)');
    expect(text).toContain('GSI writes are not in WRU');
  });

  test("says under the table what the bench's notes say, and gives a single source no total row", () => {
    const alone = new Map([...snapshot].filter(([source]) => source === 'workers/wa-events'));

    const text = renderMeter(alone, { unit: 'answered message', units: 5, notes: ['workers/wa-events: the customer message and the answer'] });

    expect(text).toContain('\n  workers/wa-events: the customer message and the answer\n');
    expect(text.split('\n').some((line) => line.trimStart().startsWith('total'))).toBe(false);
  });
});
