/**
 * Reads one shard's command queue (a FIFO queue grouped by connection) while this host holds the shard,
 * and hands each command to the shard's sessions. Commands of one connection are carried out in order;
 * different connections in parallel. A command that fails is left on the queue (it comes back after the
 * visibility timeout, and after maxReceiveCount receives goes to the dead-letter queue), and the rest
 * of its group in the same batch is left with it so the order holds. A message that is not a valid
 * command is logged and deleted: retrying it cannot help.
 */
import { DeleteMessageCommand, ReceiveMessageCommand, type Message } from '@aws-sdk/client-sqs';
import { sessionCommandQueueId } from '../../infra/resources/queues';
import { sqs } from '../core/aws/clients';
import { config } from '../core/config';
import { logger } from '../core/logger';
import { SessionCommand } from '../core/sessions/commands';
import type { ShardSessions } from './shard-sessions';

export interface CommandConsumerOptions {
  /** Long-poll wait (0 to 20 s). */
  readonly waitSeconds: number;
  /** Pause after an empty receive when not long polling, and after a failed receive. */
  readonly idleMs?: number;
}

export class ShardCommandConsumer {
  private running = true;

  /** Read through a call: stop() changes it while a receive is awaited. */
  private isRunning(): boolean {
    return this.running;
  }
  private readonly done: Promise<void>;
  private readonly abort = new AbortController();

  constructor(
    private readonly sessions: ShardSessions,
    private readonly options: CommandConsumerOptions,
  ) {
    this.done = this.loop();
  }

  /** Stops reading; answers once the batch in hand is finished. */
  async stop(): Promise<void> {
    this.running = false;
    this.abort.abort();
    await this.done;
  }

  private async loop(): Promise<void> {
    let queueUrl: string;
    try {
      queueUrl = config.queueUrl(sessionCommandQueueId(this.sessions.shard));
    } catch (error) {
      // A host without its queues cannot take commands; it still holds the shard's sessions.
      logger.error('session commands cannot be read', { shard: this.sessions.shard, error });
      return;
    }
    const idleMs = this.options.idleMs ?? 200;
    while (this.running) {
      let messages: Message[] = [];
      try {
        const answer = await sqs().send(
          new ReceiveMessageCommand({
            QueueUrl: queueUrl,
            MaxNumberOfMessages: 10,
            WaitTimeSeconds: this.options.waitSeconds,
            MessageSystemAttributeNames: ['MessageGroupId'],
          }),
          { abortSignal: this.abort.signal },
        );
        messages = answer.Messages ?? [];
      } catch (error) {
        // stop() aborts the poll: a failure after it is the stop itself.
        if (!this.isRunning()) return;
        logger.warn('session commands not received', { shard: this.sessions.shard, error });
        await pause(idleMs * 5);
        continue;
      }
      if (messages.length === 0) {
        if (this.options.waitSeconds === 0) await pause(idleMs);
        continue;
      }
      await this.process(queueUrl, messages);
    }
  }

  private async process(queueUrl: string, messages: readonly Message[]): Promise<void> {
    const groups = new Map<string, Message[]>();
    for (const message of messages) {
      const group = message.Attributes?.MessageGroupId ?? message.MessageId ?? '';
      groups.set(group, [...(groups.get(group) ?? []), message]);
    }
    await Promise.all(
      [...groups.values()].map(async (group) => {
        for (const message of group) {
          const handled = await this.handleOne(message);
          if (!handled) return;
          await sqs()
            .send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.ReceiptHandle }))
            .catch((error: unknown) => logger.warn('session command not deleted; it may be carried out again', { error }));
        }
      }),
    );
  }

  /** True when the message is done with (carried out, or invalid); false to leave it for a retry. */
  private async handleOne(message: Message): Promise<boolean> {
    let parsed: ReturnType<typeof SessionCommand.safeParse>;
    try {
      parsed = SessionCommand.safeParse(JSON.parse(message.Body ?? ''));
    } catch (error) {
      logger.error('session command dropped: not JSON', { messageId: message.MessageId, error });
      return true;
    }
    if (!parsed.success) {
      logger.error('session command dropped: invalid', { messageId: message.MessageId, issues: parsed.error.issues });
      return true;
    }
    try {
      await this.sessions.handle(parsed.data);
      return true;
    } catch (error) {
      logger.warn('session command failed; it will be retried', { type: parsed.data.type, whatsappId: parsed.data.whatsappId, error });
      return false;
    }
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
