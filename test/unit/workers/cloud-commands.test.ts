/**
 * The consumer of the cloud-commands FIFO queue (workers/cloud-commands.ts with
 * core/whatsapp-cloud/run-cloud-command.ts): a send goes to Meta once and answers the `sent` event; Meta's
 * throttling hands the command and the rest of its connection's records back, delayed, while other
 * connections go on; the last try and a final refusal answer `failed`; a redelivery never sends twice.
 * DynamoDB and SQS are aws-sdk-client-mock'ed; Meta is the harness's fake Graph API.
 */
import { ChangeMessageVisibilityBatchCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSRecord } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import type { SessionCommand } from '../../../functions/core/sessions/commands';
import { CLOUD_COMMAND_TRIES, handler, retryPauseSeconds } from '../../../functions/workers/cloud-commands';
import { ENV } from '../../../infra/resources/environment';
import { lambdaContext } from '../../../infra/local/lambda';
import { CLOUD_COMMANDS_QUEUE_ID, queueUrlEnv } from '../../../infra/resources/queues';
import { startFakeGraph, type FakeGraph, type GraphPhoneNumber } from '../../support/fake-graph';

process.env.TABLE_NAME = 'table-under-test';
process.env.AWS_REGION = 'us-east-1';
process.env.AWS_ACCESS_KEY_ID = 'AKIDTEST';
process.env.AWS_SECRET_ACCESS_KEY = 'secret-under-test';
process.env[queueUrlEnv(CLOUD_COMMANDS_QUEUE_ID)] = 'https://sqs.test/cloud-commands.fifo';
process.env[queueUrlEnv('wa-events')] = 'https://sqs.test/wa-events.fifo';
process.env[ENV.integrationRetryBaseSeconds] = '3';

const ddb = mockClient(DynamoDBDocumentClient);
const sqs = mockClient(SQSClient);

let graph: FakeGraph;
let number: GraphPhoneNumber;

beforeAll(async () => {
  graph = await startFakeGraph();
  process.env[ENV.whatsappCloudApiUrl] = graph.baseUrl;
  number = graph.addPhoneNumber();
});

afterAll(async () => {
  await graph.stop();
});

const connectionItem = (id: string) => ({
  id,
  companyId: 'C1',
  provider: 'cloud',
  status: 'CONNECTED',
  cloudPhoneNumberId: number.phoneNumberId,
  cloudBusinessAccountId: number.businessAccountId,
  cloudAccessToken: graph.accessToken,
});

/** The claims of the sends, as the table would keep them. */
let claims: Map<string, Record<string, unknown>>;

beforeEach(() => {
  ddb.reset();
  sqs.reset();
  graph.sent.length = 0;
  claims = new Map();
  ddb.on(GetCommand).callsFake((input: { Key: { PK: string; SK: string } }) => {
    if (input.Key.SK.startsWith('WAPP#')) return { Item: connectionItem(input.Key.SK.slice('WAPP#'.length)) };
    return { Item: claims.get(input.Key.PK) };
  });
  ddb.on(PutCommand).callsFake((input: { Item: Record<string, unknown> & { PK: string } }) => {
    if (claims.has(input.Item.PK)) throw new ConditionalCheckFailedException({ message: 'exists', $metadata: {} });
    claims.set(input.Item.PK, input.Item);
    return {};
  });
  ddb.on(UpdateCommand).callsFake((input: { Key: { PK: string }; ExpressionAttributeValues: Record<string, unknown> }) => {
    claims.set(input.Key.PK, { ...claims.get(input.Key.PK), state: input.ExpressionAttributeValues[':state'], whatsappMessageId: input.ExpressionAttributeValues[':id'] });
    return {};
  });
  ddb.on(DeleteCommand).callsFake((input: { Key: { PK: string } }) => {
    claims.delete(input.Key.PK);
    return {};
  });
  sqs.on(SendMessageCommand).resolves({ MessageId: 'e-1' });
  sqs.on(ChangeMessageVisibilityBatchCommand).resolves({ Successful: [], Failed: [] });
});

const send = (whatsappId: string, text: string, extra: Partial<Extract<SessionCommand, { type: 'sendMessage' }>> = {}): SessionCommand => ({
  type: 'sendMessage',
  commandId: `send:T1.${text}`,
  companyId: 'C1',
  whatsappId,
  issuedAt: '2026-12-03T12:00:00.000Z',
  ticketId: 'T1',
  messageId: `T1.${text}`,
  chat: { contactId: 'K1', number: '5511999990000', isGroup: false },
  body: text,
  media: null,
  quoted: null,
  ...extra,
});

const record = (command: unknown, receives = 1, id = `m-${Math.random()}`): SQSRecord =>
  ({
    messageId: id,
    receiptHandle: `rh-${id}`,
    body: JSON.stringify(command),
    attributes: { ApproximateReceiveCount: String(receives), MessageGroupId: (command as { whatsappId?: string }).whatsappId ?? 'x' },
  }) as unknown as SQSRecord;

const run = (...records: SQSRecord[]) => handler({ Records: records }, lambdaContext({ functionName: 'cloud-commands' }));

/** The WhatsApp events published, in order. */
const events = () => sqs.commandCalls(SendMessageCommand).map((call) => JSON.parse(call.args[0].input.MessageBody ?? '{}') as Record<string, unknown>);

describe('the cloud commands worker', () => {
  it("sends through Meta once and answers the `sent` event with Meta's id", async () => {
    const answer = await run(record(send('W1', 'ola')));

    expect(answer).toEqual({ batchItemFailures: [] });
    expect(graph.sent).toHaveLength(1);
    expect(events()).toEqual([
      { type: 'sent', companyId: 'C1', whatsappId: 'W1', chat: { id: '5511999990000', isGroup: false }, messageId: 'T1.ola', ticketId: 'T1', whatsappMessageId: graph.sent[0]?.id },
    ]);
    expect(claims.get('C#C1#CLOUDSEND#send:T1.ola')).toMatchObject({ state: 'sent', whatsappMessageId: graph.sent[0]?.id });
  });

  it("hands a throttled command and the rest of its connection's records back, delayed, while another connection goes on", async () => {
    graph.failNext('throttled', 'messages');
    const first = record(send('W1', 'primeira'), 1, 'a');
    const second = record(send('W1', 'segunda'), 1, 'b');
    const other = record(send('W2', 'outra'), 1, 'c');

    const answer = await run(first, second, other);

    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: 'a' }, { itemIdentifier: 'b' }] });
    expect(sqs.commandCalls(ChangeMessageVisibilityBatchCommand).map((call) => call.args[0].input)).toEqual([
      {
        QueueUrl: 'https://sqs.test/cloud-commands.fifo',
        Entries: [
          { Id: '0', ReceiptHandle: 'rh-a', VisibilityTimeout: 3 },
          { Id: '1', ReceiptHandle: 'rh-b', VisibilityTimeout: 3 },
        ],
      },
    ]);
    expect(graph.sent.map((sent) => sent.json.text.body)).toEqual(['outra']);
    // The claim was let go: the next try sends it.
    expect(claims.has('C#C1#CLOUDSEND#send:T1.primeira')).toBe(false);
    expect(await run(record(send('W1', 'primeira'), 2, 'a'))).toEqual({ batchItemFailures: [] });
    expect(graph.sent.map((sent) => sent.json.text.body)).toEqual(['outra', 'primeira']);
  });

  it('waits longer before each try, within the queue visibility timeout', () => {
    expect([1, 2, 3, 4].map(retryPauseSeconds)).toEqual([3, 6, 12, 24]);
    expect(retryPauseSeconds(20)).toBe(180);
  });

  it("gives a throttled send up on its last try, answering `failed` with Meta's code and reason", async () => {
    graph.failNext('throttled', 'messages');

    const answer = await run(record(send('W1', 'ultima'), CLOUD_COMMAND_TRIES));

    expect(answer).toEqual({ batchItemFailures: [] });
    expect(events()).toEqual([expect.objectContaining({ type: 'failed', messageId: 'T1.ultima', code: 130429, reason: 'Rate limit hit' })]);
  });

  it("answers `failed` for Meta's final refusal, and a redelivery neither sends nor answers again", async () => {
    graph.failNext('undeliverable', 'messages');

    await run(record(send('W1', 'recusada')));
    await run(record(send('W1', 'recusada'), 2));

    expect(events()).toEqual([
      { type: 'failed', companyId: 'C1', whatsappId: 'W1', chat: { id: '5511999990000', isGroup: false }, messageId: 'T1.recusada', code: 131026, reason: 'Message undeliverable' },
    ]);
    expect(graph.sent).toHaveLength(0);
  });

  it("answers a redelivered sent command with the recorded id, and one whose run died mid-send as interrupted, without calling Meta", async () => {
    claims.set('C#C1#CLOUDSEND#send:T1.enviada', { state: 'sent', claimedAt: '2026-12-03T12:00:00.000Z', whatsappMessageId: 'wamid.ANTES' });
    claims.set('C#C1#CLOUDSEND#send:T1.morta', { state: 'sending', claimedAt: '2026-12-03T12:00:00.000Z' });
    const callsBefore = graph.calls.length;

    await run(record(send('W1', 'enviada'), 2), record(send('W1', 'morta'), 2));

    expect(graph.calls.length).toBe(callsBefore);
    expect(events()).toEqual([
      expect.objectContaining({ type: 'sent', messageId: 'T1.enviada', whatsappMessageId: 'wamid.ANTES' }),
      expect.objectContaining({ type: 'failed', messageId: 'T1.morta', code: null, reason: 'The send was interrupted; it may not have reached WhatsApp' }),
    ]);
  });

  it('answers number checks as existing, sends one read receipt for the newest message, and drops an invalid record', async () => {
    const answer = await run(
      record({ type: 'refreshContact', commandId: 'check-1', companyId: 'C1', whatsappId: 'W1', issuedAt: '2026-12-03T12:00:00.000Z', chat: { contactId: 'K1', number: '5511999990000', isGroup: false } }),
      record({
        type: 'markRead',
        commandId: 'read:1',
        companyId: 'C1',
        whatsappId: 'W1',
        issuedAt: '2026-12-03T12:00:00.000Z',
        ticketId: 'T1',
        chat: { contactId: 'K1', number: '5511999990000', isGroup: false },
        messages: [
          { messageId: 'T1.01A', whatsappMessageId: 'wamid.A' },
          { messageId: 'T1.01B', whatsappMessageId: 'wamid.B' },
        ],
      }),
      record({ type: 'sendMessage', whatsappId: 'W1' }),
    );

    expect(answer).toEqual({ batchItemFailures: [] });
    expect(events()).toEqual([expect.objectContaining({ type: 'contact', contactId: 'K1', refreshId: 'check-1', exists: true, profilePicUrl: null })]);
    const receipts = graph.calls.filter((call) => call.json?.status === 'read');
    expect(receipts.map((call) => call.json)).toEqual([{ messaging_product: 'whatsapp', status: 'read', message_id: 'wamid.B' }]);
  });

  it('puts the access token in no event', async () => {
    graph.failNext('undeliverable', 'messages');
    await run(record(send('W1', 'um')), record(send('W1', 'dois')));

    expect(JSON.stringify(sqs.calls().map((call) => call.args[0].input))).not.toContain(graph.accessToken);
  });
});
