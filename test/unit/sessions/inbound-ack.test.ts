/**
 * An inbound event is confirmed to its source only once it is on the wa-events queue (docs/architecture.md
 * §1.4): the session host (running-session.ts) tells the provider when SendMessage to wa-events resolved,
 * and the simulator provider deletes the waiting event from the simulated network only then; while the
 * queue refuses it, the event stays and is delivered again. DynamoDB and SQS are mocked.
 */
import { jest } from '@jest/globals';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { ENV } from '../../../infra/resources/environment';
import { queueUrlEnv } from '../../../infra/resources/queues';
import type { SessionCommand } from '../../../functions/core/sessions/commands';
import type { InboundEvent, SessionListener, WhatsAppProvider } from '../../../functions/sessions/providers/provider';
import { createSimulatorProvider } from '../../../functions/sessions/providers/simulator/provider';
import { ShardSessions } from '../../../functions/sessions/shard-sessions';

process.env[ENV.tableName] = 'table-under-test';
process.env[ENV.simulatorEnabled] = 'true';
process.env[queueUrlEnv('wa-events')] = 'https://sqs.test/wa-events.fifo';

const ddb = mockClient(DynamoDBDocumentClient);
const sqs = mockClient(SQSClient);

const NETWORK = 'C#C1#SIM#W1';
const WAITING_SK = 'IN#01JZ0000000000000000000001';
const waitingMessage = {
  PK: NETWORK,
  SK: WAITING_SK,
  entity: 'simulatorInbound',
  event: { kind: 'message', from: '5511988887777', name: 'Maria', whatsappMessageId: 'WAMSG1', mediaType: 'chat', body: 'Olá' },
};

const startSession: SessionCommand = { type: 'startSession', commandId: 'start:W1', companyId: 'C1', whatsappId: 'W1', issuedAt: '2030-01-02T03:04:05.000Z', provider: 'simulator' };

/** What happened, in order, across both clients: queue sends and deletions at the simulated network. */
let happened: string[];
/** The simulated network holds the message until it is deleted. */
let held: boolean;
let sessions: ShardSessions | undefined;

function shardWith(provider: WhatsAppProvider): ShardSessions {
  sessions = new ShardSessions({ shard: 0, fencingToken: 1, providers: { [provider.name]: provider }, report: () => Promise.resolve() });
  return sessions;
}

async function until(what: string, condition: () => boolean, advance: (ms: number) => Promise<void>): Promise<void> {
  for (let step = 0; step < 2000; step += 1) {
    if (condition()) return;
    await advance(10);
  }
  throw new Error(`timed out waiting for ${what}`);
}
const realTime = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const fakeTime = (ms: number) => jest.advanceTimersByTimeAsync(ms).then(() => undefined);

beforeEach(() => {
  happened = [];
  held = true;
  ddb.reset();
  sqs.reset();
  ddb.on(GetCommand).resolves({ Item: { PK: NETWORK, SK: 'PHONE', number: '5511900000001' } });
  ddb.on(PutCommand).resolves({});
  ddb.on(QueryCommand).callsFake(() => ({ Items: held ? [waitingMessage] : [] }));
  ddb.on(DeleteCommand).callsFake((input: { Key?: Record<string, unknown> }) => {
    happened.push(`delete ${String(input.Key?.SK)}`);
    held = false;
    return {};
  });
});

afterEach(async () => {
  await sessions?.close();
  sessions = undefined;
  jest.useRealTimers();
});

describe('a simulated inbound message', () => {
  test('is deleted from the simulated network only after its SendMessage to wa-events resolved', async () => {
    sqs.on(SendMessageCommand).callsFake(async () => {
      await realTime(30);
      happened.push('queued');
      return { MessageId: 'm-1' };
    });

    await shardWith(createSimulatorProvider({ pollMs: 5 })).handle(startSession);
    await until('the confirmation', () => happened.includes(`delete ${WAITING_SK}`), realTime);

    expect(happened).toEqual(['queued', `delete ${WAITING_SK}`]);
    const sent = JSON.parse(sqs.commandCalls(SendMessageCommand)[0]!.args[0].input.MessageBody ?? '{}') as Record<string, unknown>;
    expect(sent).toMatchObject({ type: 'message', companyId: 'C1', whatsappId: 'W1', whatsappMessageId: 'WAMSG1', body: 'Olá' });
  });

  test('stays at the simulated network while SendMessage fails, and is delivered again and deleted once it goes through', async () => {
    jest.useFakeTimers();
    sqs.on(SendMessageCommand).rejects(new Error('wa-events unreachable'));

    await shardWith(createSimulatorProvider({ pollMs: 5 })).handle(startSession);
    // Every attempt of the first delivery refused (the host retries five times, backing off).
    await until('five refused sends', () => sqs.commandCalls(SendMessageCommand).length >= 5, fakeTime);
    await fakeTime(20_000);

    expect(happened).toEqual([]);

    sqs.on(SendMessageCommand).callsFake(() => {
      happened.push('queued');
      return { MessageId: 'm-2' };
    });
    await until('the confirmation', () => happened.includes(`delete ${WAITING_SK}`), fakeTime);

    expect(happened).toEqual(['queued', `delete ${WAITING_SK}`]);
  });
});

describe('the session host', () => {
  /** A provider that hands over what the test asks, as Baileys does, and reports what the host answered. */
  function handingOver(events: readonly InboundEvent[]): { provider: WhatsAppProvider; answers: Promise<boolean[]> } {
    let answered: (answers: boolean[]) => void = () => undefined;
    const answers = new Promise<boolean[]>((resolve) => (answered = resolve));
    const provider: WhatsAppProvider = {
      name: 'beta',
      clearPairing: () => Promise.resolve(),
      open(_context, listener: SessionListener) {
        listener.onOpen({ number: '5511900000001' });
        void Promise.all(events.map((event) => listener.onEvent(event))).then(answered);
        return Promise.resolve({
          sendMessage: () => Promise.reject(new Error('not used')),
          deleteMessage: () => Promise.resolve(),
          markRead: () => Promise.resolve(),
          checkNumber: () => Promise.resolve({ exists: false }),
          profilePictureUrl: () => Promise.resolve(null),
          logout: () => Promise.resolve(),
          close: () => Promise.resolve(),
        });
      },
    };
    return { provider, answers };
  }

  const message = (timestamp: number): InboundEvent => ({
    kind: 'message',
    whatsappMessageId: '3EB0C767D26A1D8F4A2B',
    chat: { id: '5511988887777', isGroup: false },
    pushName: 'Maria',
    fromMe: false,
    timestamp,
    mediaType: 'chat',
    body: 'Olá',
  });

  test('answers false for an event it could not put on wa-events, so the provider does not confirm it', async () => {
    jest.useFakeTimers();
    sqs.on(SendMessageCommand).rejects(new Error('wa-events unreachable'));
    const { provider, answers } = handingOver([message(1_700_000_000_000)]);

    await shardWith(provider).handle({ ...startSession, provider: 'beta' });
    let answered: boolean[] | undefined;
    void answers.then((value) => (answered = value));
    await until('the answer', () => answered !== undefined, fakeTime);

    expect(answered).toEqual([false]);
    expect(sqs.commandCalls(SendMessageCommand)).toHaveLength(5);
  });

  test('puts a message the network delivers again after a reconnect on wa-events with the deduplication id of its first delivery', async () => {
    sqs.on(SendMessageCommand).resolves({ MessageId: 'm-1' });
    // Live, then again as one of the offline messages of a reconnect: the same WhatsApp id and time.
    const { provider, answers } = handingOver([message(1_700_000_000_000), message(1_700_000_000_000)]);

    await shardWith(provider).handle({ ...startSession, provider: 'beta' });

    expect(await answers).toEqual([true, true]);
    const [first, again] = sqs.commandCalls(SendMessageCommand).map((call) => call.args[0].input);
    expect(again!.MessageDeduplicationId).toBe(first!.MessageDeduplicationId);
    expect(again!.MessageGroupId).toBe(first!.MessageGroupId);
  });
});
