/** The session-host command contract: the shard of a connection, and what lands on which queue. */
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { CLOUD_COMMANDS_QUEUE_ID, queueUrlEnv, SESSION_SHARDS, sessionCommandQueueId } from '../../../infra/resources/queues';
import { enqueueSessionCommand, SessionCommand, shardOf } from '../../../functions/core/sessions/commands';

const sqs = mockClient(SQSClient);

for (let shard = 0; shard < SESSION_SHARDS; shard += 1) {
  process.env[queueUrlEnv(sessionCommandQueueId(shard))] = `https://sqs.test/queue-${shard}.fifo`;
}
process.env[queueUrlEnv(CLOUD_COMMANDS_QUEUE_ID)] = 'https://sqs.test/cloud-commands.fifo';

beforeEach(() => {
  sqs.reset();
  sqs.on(SendMessageCommand).resolves({ MessageId: 'm-1' });
});

const sendCommand = (whatsappId: string): SessionCommand => ({
  type: 'sendMessage',
  commandId: 'send:T1.01J0000000000000000000000A',
  companyId: 'C1',
  whatsappId,
  issuedAt: '2030-01-02T03:04:05.000Z',
  ticketId: 'T1',
  messageId: 'T1.01J0000000000000000000000A',
  chat: { contactId: 'K1', number: '5511999990000', isGroup: false },
  body: 'Olá',
  media: null,
  quoted: null,
});

describe('shardOf', () => {
  it('answers the same shard for the same connection, always within the shards', () => {
    const ids = Array.from({ length: 200 }, (_, index) => `01J${String(index).padStart(23, '0')}`);

    for (const id of ids) {
      expect(shardOf(id)).toBe(shardOf(id));
      expect(shardOf(id)).toBeGreaterThanOrEqual(0);
      expect(shardOf(id)).toBeLessThan(SESSION_SHARDS);
    }
    // Spread over every shard, so one shard does not carry every connection.
    expect(new Set(ids.map(shardOf)).size).toBe(SESSION_SHARDS);
  });

  it('is pinned (FNV-1a modulo the shard count): the backend and the hosts of every release agree', () => {
    expect(SESSION_SHARDS).toBe(4);
    expect(['a', 'whatsapp-1', '01HZY3M0000000000000000000', 'W-42'].map(shardOf)).toEqual([0, 1, 1, 3]);
  });
});

describe('enqueueSessionCommand', () => {
  it("puts the command on its connection's shard queue, grouped by connection, deduplicated by command id", async () => {
    const command = sendCommand('W-42');

    await enqueueSessionCommand(command, 'beta');

    expect(sqs.commandCalls(SendMessageCommand)[0]!.args[0].input).toEqual({
      QueueUrl: `https://sqs.test/queue-${shardOf('W-42')}.fifo`,
      MessageBody: JSON.stringify(command),
      MessageGroupId: 'W-42',
      MessageDeduplicationId: 'send:T1.01J0000000000000000000000A',
    });
  });

  it("puts a cloud connection's command on the cloud-commands queue, grouped and deduplicated the same way", async () => {
    const command = sendCommand('W-42');

    await enqueueSessionCommand(command, 'cloud');
    const chat = { contactId: 'K1', number: '5511999990000', isGroup: false };
    await enqueueSessionCommand({ type: 'refreshContact', commandId: 'check-1', companyId: 'C1', whatsappId: 'W-42', issuedAt: command.issuedAt, chat }, 'cloud');

    expect(sqs.commandCalls(SendMessageCommand).map((call) => call.args[0].input)).toEqual([
      { QueueUrl: 'https://sqs.test/cloud-commands.fifo', MessageBody: JSON.stringify(command), MessageGroupId: 'W-42', MessageDeduplicationId: command.commandId },
      expect.objectContaining({ QueueUrl: 'https://sqs.test/cloud-commands.fifo', MessageGroupId: 'W-42', MessageDeduplicationId: 'check-1' }),
    ]);
  });

  it('refuses a session control for a cloud connection, which has no session host', async () => {
    const control = { type: 'startSession', commandId: 'start-1', companyId: 'C1', whatsappId: 'W-42', issuedAt: '2030-01-02T03:04:05.000Z', provider: 'cloud' } as const;

    await expect(enqueueSessionCommand(control, 'cloud')).rejects.toThrow(/not a command of a cloud connection/);
    expect(sqs.calls()).toHaveLength(0);
  });

  it('refuses a malformed command and sends nothing', async () => {
    const broken = { ...sendCommand('W-1'), commandId: 'has spaces' };

    await expect(enqueueSessionCommand(broken, 'beta')).rejects.toThrow();
    expect(sqs.calls()).toHaveLength(0);
  });

  it('validates the three kinds the host understands', () => {
    const chat = { contactId: 'K1', number: '5511', isGroup: false };
    const common = { commandId: 'x:1', companyId: 'C1', whatsappId: 'W1', issuedAt: '2030-01-02T03:04:05.000Z', ticketId: 'T1' };

    expect(SessionCommand.safeParse({ type: 'deleteMessage', ...common, messageId: 'T1.X', whatsappMessageId: null, chat }).success).toBe(true);
    expect(SessionCommand.safeParse({ type: 'markRead', ...common, chat, messages: [{ messageId: 'T1.X', whatsappMessageId: 'ABC' }] }).success).toBe(true);
    expect(SessionCommand.safeParse({ type: 'markRead', ...common, chat, messages: [] }).success).toBe(false);
    expect(SessionCommand.safeParse({ type: 'logout', ...common }).success).toBe(false);
  });
});
