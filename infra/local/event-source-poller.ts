/**
 * The local stand-in for a Lambda SQS event source mapping: polls one queue of local-aws-sqs and invokes
 * the consumer handler with the SQSEvent Lambda would send, honouring batchSize, maxConcurrency and
 * ReportBatchItemFailures (successful records are deleted, failed ones reappear after their visibility
 * timeout, a thrown error fails the whole batch).
 *
 * What local-aws-sqs does not do and this poller covers:
 * - long polls always wait their full time, so we short-poll: immediately again when messages were
 *   found; when none were, a pause cut short when a message is sent, and no pause at all but the wait
 *   for a send when the queue holds nothing (none delayed, none in flight that could reappear);
 * - FIFO message groups are not locked: it hands out later messages of a group whose earlier message is
 *   still in flight or failed. We keep such messages ourselves (still invisible, receipt handle in hand)
 *   in the order SQS gave them, and hand a group to the handler only when no message of it is in flight
 *   and none that failed is still waiting to reappear. We never release a held message with
 *   ChangeMessageVisibility 0: local-aws-sqs counts that as another receive (towards the DLQ) and the
 *   message would come straight back on the next poll; holding it also avoids a full visibility timeout
 *   of delay for every second message of a busy chat.
 *
 * Redrive to the dead-letter queue is done by local-aws-sqs itself (see sqs.ts), as SQS does on AWS.
 */
import {
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  type Message,
  type MessageAttributeValue,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSEvent, SQSMessageAttributes, SQSRecord, SQSRecordAttributes } from 'aws-lambda';
import type { ConsumerDefinition, QueueDefinition } from '../resources/queues';
import { invoke, type AnyHandler } from './lambda';
import { LOCAL_REGION, localSqsClient, queueArnFromUrl } from './sqs';

export interface EventSourcePollerOptions {
  readonly sqsEndpoint: string;
  readonly queueUrl: string;
  /** Where local-aws-sqs moves messages after maxReceiveCount receives; named in log entries. */
  readonly deadLetterQueueUrl: string;
  readonly queue: QueueDefinition;
  readonly consumer: ConsumerDefinition;
  readonly handler: AnyHandler;
  /** Pause between polls while the queue is empty. */
  readonly pollIntervalMs?: number;
  readonly log?: (entry: Record<string, unknown>) => void;
}

export interface EventSourcePoller {
  /** Polls again now: a message was sent to the queue (LocalSqs.onSend). */
  wake(): void;
  /** Stops polling and resolves once the invocations in flight have finished and been settled. */
  stop(): Promise<void>;
}

/** SQS hands out at most this many messages per ReceiveMessage call. */
const MAX_MESSAGES_PER_RECEIVE = 10;
/**
 * The pause while no message is visible but some are delayed or in flight. A sent message wakes the
 * poller at once (LocalSqs.onSend), so this only bounds how late a message is seen that reappears by
 * itself (a visibility timeout ended, a DelaySeconds passed). A queue that holds nothing is not polled
 * at all until a send: an idle local cloud, its pollers and all, takes 14 ms of CPU a second (47 before).
 */
const DEFAULT_POLL_INTERVAL_MS = 500;
/** Attributes Lambda's records carry only when SQS has them. */
const OPTIONAL_RECORD_ATTRIBUTES = [
  'SequenceNumber',
  'MessageGroupId',
  'MessageDeduplicationId',
  'AWSTraceHeader',
  'DeadLetterQueueSourceArn',
] as const;
/** FIFO messages we keep waiting for their group; past this we stop receiving until some are handled. */
const MAX_HELD_MESSAGES = 1000;

export function startEventSourcePoller(options: EventSourcePollerOptions): EventSourcePoller {
  const poller = new Poller(options);
  poller.start();
  return { wake: () => poller.wake(), stop: () => poller.stop() };
}

/** A FIFO message we received, in the order SQS gave it within its group. */
interface HeldMessage {
  readonly messageId: string;
  /** Our latest copy; `undefined` while SQS has it back (it failed or our hold expired) until it reappears. */
  message: Message | undefined;
  /** Our receipt handle keeps the message invisible until then (measured before the receive: early). */
  heldUntil: number;
  /** SQS makes it visible again by then at the latest (measured after the receive: late). */
  reappearsBy: number;
}

interface Received {
  readonly messages: Message[];
  readonly requestedAt: number;
  readonly receivedAt: number;
}

class Poller {
  private readonly sqs: SQSClient;
  private readonly log: (entry: Record<string, unknown>) => void;
  private readonly pollIntervalMs: number;
  private readonly eventSourceArn: string;
  private readonly functionName: string;
  private readonly visibilityTimeoutMs: number;

  private stopped = false;

  /** Read through a call: stop() changes it while a poll is awaited. */
  private isStopped(): boolean {
    return this.stopped;
  }
  private loop: Promise<void> | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  private wakeRequested = false;
  private wakeIdle: (() => void) | undefined;

  /** FIFO only: received messages per group, oldest first, until deleted. */
  private readonly groups = new Map<string, HeldMessage[]>();
  /** FIFO only: groups with an invocation in flight. */
  private readonly busyGroups = new Set<string>();

  constructor(private readonly options: EventSourcePollerOptions) {
    this.sqs = localSqsClient(options.sqsEndpoint);
    this.log = options.log ?? ((entry) => console.log(JSON.stringify(entry)));
    this.pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
    this.eventSourceArn = queueArnFromUrl(options.queueUrl);
    this.functionName = `local-${options.consumer.module.replace(/[^A-Za-z0-9-]/g, '-')}`;
    this.visibilityTimeoutMs = options.queue.visibilityTimeoutSeconds * 1000;
  }

  start(): void {
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.loop;
    // Settling an invocation may start nothing new once stopped, so this set only shrinks.
    while (this.inFlight.size > 0) {
      await Promise.allSettled([...this.inFlight]);
    }
    this.sqs.destroy();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      this.wakeRequested = false;
      let found = false;
      try {
        found = await this.pollOnce();
      } catch (error) {
        this.report('error', 'polling failed', { error: String(error) });
      }
      if (!found && !this.isStopped()) {
        await this.idle();
      }
    }
  }

  /**
   * Waits the poll interval, or less when a message was sent, an invocation finished or stop() was
   * called meanwhile; without a timer, until one of those, when the queue holds nothing.
   */
  private async idle(): Promise<void> {
    if (this.wakeRequested) {
      return;
    }
    const empty = await this.queueIsEmpty();
    if (this.isWakeRequested()) {
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = empty ? undefined : setTimeout(() => this.wake(), this.pollIntervalMs);
      this.wakeIdle = () => {
        clearTimeout(timer);
        this.wakeIdle = undefined;
        resolve();
      };
    });
  }

  /**
   * Whether the queue holds no message at all: none visible, none delayed, none in flight (ours, held
   * or failed, would reappear by themselves). Then only a send can give it one, and a send wakes us.
   */
  private async queueIsEmpty(): Promise<boolean> {
    if (this.inFlight.size > 0 || this.groups.size > 0) {
      return false;
    }
    try {
      const { Attributes = {} } = await this.sqs.send(
        new GetQueueAttributesCommand({
          QueueUrl: this.options.queueUrl,
          AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible', 'ApproximateNumberOfMessagesDelayed'],
        }),
      );
      const counts = [Attributes.ApproximateNumberOfMessages, Attributes.ApproximateNumberOfMessagesNotVisible, Attributes.ApproximateNumberOfMessagesDelayed];
      return counts.every((count) => count === '0');
    } catch (error) {
      this.report('warn', 'could not read the queue\'s counts; polling on', { error: String(error) });
      return false;
    }
  }

  /** Read through a call: wake() changes it while the queue's counts are awaited. */
  private isWakeRequested(): boolean {
    return this.wakeRequested;
  }

  wake(): void {
    this.wakeRequested = true;
    this.wakeIdle?.();
  }

  /** One round: hand out what can go, receive more if there is room. Resolves whether messages were found. */
  private async pollOnce(): Promise<boolean> {
    const fifo = this.options.queue.fifo;
    if (fifo) {
      this.dispatchHeldMessages();
    }
    if (this.inFlight.size >= this.options.consumer.maxConcurrency) {
      return false;
    }
    if (fifo && this.heldCount() >= MAX_HELD_MESSAGES) {
      return false;
    }
    const received = await this.receive();
    if (received.messages.length === 0 || this.stopped) {
      // Messages received while stopping stay invisible and reappear after their visibility timeout.
      return false;
    }
    if (fifo) {
      for (const message of received.messages) {
        this.hold(message, received);
      }
      this.dispatchHeldMessages();
    } else {
      this.startInvocation(received.messages, (failedIds) => this.settleStandard(received.messages, failedIds));
    }
    return true;
  }

  /** Receives up to batchSize messages, in several calls when batchSize is above SQS's 10. */
  private async receive(): Promise<Received> {
    const messages: Message[] = [];
    const requestedAt = Date.now();
    while (messages.length < this.options.consumer.batchSize) {
      const wanted = Math.min(MAX_MESSAGES_PER_RECEIVE, this.options.consumer.batchSize - messages.length);
      const { Messages = [] } = await this.sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: this.options.queueUrl,
          MaxNumberOfMessages: wanted,
          WaitTimeSeconds: 0,
          // local-aws-sqs reads only the older AttributeNames; AWS reads MessageSystemAttributeNames.
          // eslint-disable-next-line @typescript-eslint/no-deprecated -- see above
          AttributeNames: ['All'],
          MessageSystemAttributeNames: ['All'],
          MessageAttributeNames: ['All'],
        }),
      );
      messages.push(...Messages);
      if (Messages.length < wanted) {
        break;
      }
    }
    return { messages, requestedAt, receivedAt: Date.now() };
  }

  private heldCount(): number {
    let count = 0;
    for (const held of this.groups.values()) {
      count += held.length;
    }
    return count;
  }

  /** Keeps a received FIFO message in its group's line, or refreshes it if it is already there. */
  private hold(message: Message, { requestedAt, receivedAt }: Received): void {
    const messageId = message.MessageId ?? '';
    const groupId = message.Attributes?.MessageGroupId ?? '';
    const line = this.groups.get(groupId) ?? [];
    this.groups.set(groupId, line);
    const heldUntil = requestedAt + this.visibilityTimeoutMs;
    const reappearsBy = receivedAt + this.visibilityTimeoutMs;
    // A message that failed (or whose hold ran out) comes back in its old place, ahead of later ones.
    const known = line.find((held) => held.messageId === messageId);
    if (known) {
      known.message = message;
      known.heldUntil = heldUntil;
      known.reappearsBy = reappearsBy;
      return;
    }
    line.push({ messageId, message, heldUntil, reappearsBy });
  }

  /** Starts one invocation per free group whose oldest messages are in hand, while there is room. */
  private dispatchHeldMessages(): void {
    const now = Date.now();
    for (const [groupId, line] of this.groups) {
      if (this.inFlight.size >= this.options.consumer.maxConcurrency || this.stopped) {
        return;
      }
      if (this.busyGroups.has(groupId)) {
        continue;
      }
      const batch = this.takeBatch(line, now);
      if (line.length === 0) {
        this.groups.delete(groupId);
        continue;
      }
      if (batch.length === 0) {
        continue;
      }
      this.busyGroups.add(groupId);
      const messages = batch.map((held) => held.message).filter((message) => message !== undefined);
      this.startInvocation(messages, (failedIds) => this.settleGroup(groupId, batch, failedIds));
    }
  }

  /** The longest run of in-hand messages at the head of a group's line, up to batchSize. */
  private takeBatch(line: HeldMessage[], now: number): HeldMessage[] {
    // A message that should have reappeared long ago is gone (e.g. retention ended): stop waiting for it.
    const lost = (held: HeldMessage): boolean =>
      held.message === undefined && now > held.reappearsBy + this.visibilityTimeoutMs;
    while (line[0] !== undefined && lost(line[0])) {
      this.report('warn', 'gave up waiting for a FIFO message to reappear', { messageId: line[0].messageId });
      line.shift();
    }
    const batch: HeldMessage[] = [];
    for (const held of line) {
      if (batch.length >= this.options.consumer.batchSize || held.message === undefined) {
        break;
      }
      if (held.heldUntil <= now) {
        // SQS has made it visible again; the group waits until we receive it anew.
        held.message = undefined;
        break;
      }
      batch.push(held);
    }
    return batch;
  }

  private startInvocation(messages: Message[], settle: (failedIds: ReadonlySet<string>) => Promise<void>): void {
    const run = this.invokeHandler(messages)
      .then(settle)
      .catch((error: unknown) => {
        this.report('error', 'settling a batch failed', { error: String(error) });
      })
      .finally(() => {
        this.inFlight.delete(run);
        this.wake();
      });
    this.inFlight.add(run);
  }

  /** Invokes the handler and resolves the message ids Lambda would treat as failed. */
  private async invokeHandler(messages: Message[]): Promise<ReadonlySet<string>> {
    const records = messages.map((message) => this.toRecord(message));
    const event: SQSEvent = { Records: records };
    const allIds = new Set(records.map((record) => record.messageId));
    let result: unknown;
    try {
      result = await invoke(this.options.handler, event, {
        functionName: this.functionName,
        // AWS requires the queue's visibility timeout to be at least the function timeout.
        timeoutSeconds: this.options.queue.visibilityTimeoutSeconds,
      });
    } catch (error) {
      this.report('error', 'handler failed the whole batch', { messageIds: [...allIds], error: String(error) });
      return allIds;
    }
    const failedIds = batchItemFailures(result, allIds);
    if (failedIds.size > 0) {
      this.report('warn', 'handler reported failed records', { messageIds: [...failedIds] });
    }
    return failedIds;
  }

  private async settleStandard(messages: Message[], failedIds: ReadonlySet<string>): Promise<void> {
    const succeeded = messages.filter((message) => !failedIds.has(message.MessageId ?? ''));
    await this.deleteMessages(succeeded);
    for (const message of messages) {
      if (failedIds.has(message.MessageId ?? '')) {
        this.noteRedrive(message);
      }
    }
  }

  /**
   * After a failure the rest of the group's batch counts as failed, as Lambda does, so that no later
   * message of the group is handled before the failed one. Failed messages stay in the group's line
   * until they reappear, which keeps the group closed meanwhile.
   */
  private async settleGroup(groupId: string, batch: HeldMessage[], failedIds: ReadonlySet<string>): Promise<void> {
    const firstFailure = batch.findIndex((held) => failedIds.has(held.messageId));
    const succeeded = firstFailure === -1 ? batch : batch.slice(0, firstFailure);
    // Our copy may have been refreshed by a new receive meanwhile: delete with the latest receipt handle.
    const undeleted = await this.deleteMessages(succeeded.flatMap((held) => (held.message ? [held.message] : [])));
    const done = new Set(succeeded.filter((held) => !undeleted.has(held.messageId)));
    for (const held of batch) {
      if (done.has(held)) {
        continue;
      }
      if (held.message && this.noteRedrive(held.message)) {
        // local-aws-sqs moves it to the DLQ when its visibility timeout ends: it will not come back here.
        done.add(held);
      } else {
        held.message = undefined;
      }
    }
    const remaining = (this.groups.get(groupId) ?? []).filter((held) => !done.has(held));
    if (remaining.length === 0) {
      this.groups.delete(groupId);
    } else {
      this.groups.set(groupId, remaining);
    }
    this.busyGroups.delete(groupId);
  }

  /** Logs when an undeleted message has used its receives; local-aws-sqs then moves it. Resolves whether so. */
  private noteRedrive(message: Message): boolean {
    const receives = Number(message.Attributes?.ApproximateReceiveCount ?? '0');
    if (receives < this.options.queue.maxReceiveCount) {
      return false;
    }
    this.report('error', 'message failed its last receive and goes to the dead-letter queue', {
      deadLetterQueueUrl: this.options.deadLetterQueueUrl,
      messageId: message.MessageId,
      receives,
    });
    return true;
  }

  private report(level: 'warn' | 'error', message: string, details: Record<string, unknown>): void {
    this.log({ level, message, queue: this.eventSourceArn, ...details });
  }

  /**
   * Deletes handled messages and resolves the ids of those that could not be deleted: they reappear and
   * are handled again (at-least-once, as on AWS).
   */
  private async deleteMessages(messages: Message[]): Promise<ReadonlySet<string>> {
    const undeleted = new Set<string>();
    for (let start = 0; start < messages.length; start += MAX_MESSAGES_PER_RECEIVE) {
      const chunk = messages.slice(start, start + MAX_MESSAGES_PER_RECEIVE);
      try {
        const { Failed = [] } = await this.sqs.send(
          new DeleteMessageBatchCommand({
            QueueUrl: this.options.queueUrl,
            Entries: chunk.map((message, index) => ({ Id: String(index), ReceiptHandle: message.ReceiptHandle ?? '' })),
          }),
        );
        for (const failure of Failed) {
          undeleted.add(chunk[Number(failure.Id)]?.MessageId ?? '');
          this.report('warn', 'could not delete a handled message', { failure });
        }
      } catch (error) {
        for (const message of chunk) {
          undeleted.add(message.MessageId ?? '');
        }
        this.report('warn', 'could not delete handled messages', { error: String(error) });
      }
    }
    return undeleted;
  }

  private toRecord(message: Message): SQSRecord {
    const attributes = message.Attributes ?? {};
    const recordAttributes: SQSRecordAttributes = {
      ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? '1',
      SentTimestamp: attributes.SentTimestamp ?? '',
      SenderId: attributes.SenderId ?? '',
      ApproximateFirstReceiveTimestamp: attributes.ApproximateFirstReceiveTimestamp ?? '',
    };
    for (const name of OPTIONAL_RECORD_ATTRIBUTES) {
      const value = attributes[name];
      if (value !== undefined) {
        recordAttributes[name] = value;
      }
    }
    return {
      messageId: message.MessageId ?? '',
      receiptHandle: message.ReceiptHandle ?? '',
      body: message.Body ?? '',
      attributes: recordAttributes,
      messageAttributes: toRecordMessageAttributes(message.MessageAttributes ?? {}),
      md5OfBody: message.MD5OfBody ?? '',
      ...(message.MD5OfMessageAttributes ? { md5OfMessageAttributes: message.MD5OfMessageAttributes } : {}),
      eventSource: 'aws:sqs',
      eventSourceARN: this.eventSourceArn,
      awsRegion: LOCAL_REGION,
    };
  }
}

/** Lambda's message attribute shape: lower-case keys, binary values in base64, list fields always present. */
function toRecordMessageAttributes(attributes: Record<string, MessageAttributeValue>): SQSMessageAttributes {
  const result: SQSMessageAttributes = {};
  for (const [name, value] of Object.entries(attributes)) {
    result[name] = {
      dataType: value.DataType ?? 'String',
      ...(value.StringValue !== undefined ? { stringValue: value.StringValue } : {}),
      ...(value.BinaryValue !== undefined ? { binaryValue: Buffer.from(value.BinaryValue).toString('base64') } : {}),
      stringListValues: value.StringListValues ?? [],
      binaryListValues: (value.BinaryListValues ?? []).map((binary) => Buffer.from(binary).toString('base64')),
    };
  }
  return result;
}

/**
 * The failed message ids of a handler result, by Lambda's ReportBatchItemFailures rules: no response or no
 * failures is complete success; a malformed list or an identifier that is not in the batch fails it all.
 */
export function batchItemFailures(result: unknown, batchIds: ReadonlySet<string>): ReadonlySet<string> {
  if (typeof result !== 'object' || result === null || !('batchItemFailures' in result)) {
    return new Set();
  }
  const failures: unknown = result.batchItemFailures;
  if (failures === null || failures === undefined) {
    return new Set();
  }
  if (!Array.isArray(failures)) {
    return batchIds;
  }
  const failedIds = new Set<string>();
  for (const failure of failures) {
    const hasIdentifier = typeof failure === 'object' && failure !== null && 'itemIdentifier' in failure;
    const id: unknown = hasIdentifier ? (failure as { readonly itemIdentifier: unknown }).itemIdentifier : undefined;
    if (typeof id !== 'string' || !batchIds.has(id)) {
      return batchIds;
    }
    failedIds.add(id);
  }
  return failedIds;
}
