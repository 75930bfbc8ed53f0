/**
 * Every SQS queue of the product, declared once, each with its dead-letter queue. The CDK app creates
 * them and wires the Lambda event sources; the local cloud creates the same queues on local-aws-sqs and
 * runs the same consumer handlers through its event-source poller.
 */
export interface ConsumerDefinition {
  /** Module under functions/ exporting `handler` (an SQSHandler returning partial batch failures). */
  readonly module: string;
  readonly batchSize: number;
  /** Lambda event source `maxConcurrency` (2 to 1000 on AWS). */
  readonly maxConcurrency: number;
}

export interface QueueDefinition {
  readonly id: string;
  readonly fifo: boolean;
  /** Deduplicate FIFO messages by body hash when the sender gives no deduplication id. */
  readonly contentBasedDeduplication?: boolean;
  readonly visibilityTimeoutSeconds: number;
  /** Receives before a message is moved to the DLQ. */
  readonly maxReceiveCount: number;
  /** The Lambda consumer; queues without one are read by the session host (Fargate). */
  readonly consumer?: ConsumerDefinition;
}

/** Number of session-host shards: one command queue (FIFO, grouped by connection) per shard. */
export const SESSION_SHARDS = 4;

export const sessionCommandQueueId = (shard: number): string => `wa-commands-${shard}`;

/** The queue one-shot EventBridge schedules deliver to (ticket timers, scheduled messages). */
export const SCHEDULE_DUE_QUEUE_ID = 'schedule-due';

/** Campaign send hops, one chain per connection (functions/core/campaigns/send-hop.ts). */
export const CAMPAIGN_SENDS_QUEUE_ID = 'campaign-sends';

/** Renames of what ticket rows show (contacts, queues, connections, users), for the tickets' copies. */
export const TICKET_ROWS_QUEUE_ID = 'ticket-rows';

/** Customer messages for the n8n and webhook integrations, one delivery each (core/integrations/webhook-delivery.ts). */
export const WEBHOOKS_QUEUE_ID = 'webhooks';

/** Commands of Cloud API connections, which no session host runs (core/whatsapp-cloud/run-cloud-command.ts). */
export const CLOUD_COMMANDS_QUEUE_ID = 'cloud-commands';

export const QUEUES: readonly QueueDefinition[] = [
  // WhatsApp events from the session host, grouped per chat, deduplicated by WhatsApp message id.
  {
    id: 'wa-events',
    fifo: true,
    visibilityTimeoutSeconds: 60,
    maxReceiveCount: 5,
    consumer: { module: 'workers/wa-events', batchSize: 10, maxConcurrency: 20 },
  },
  // Commands to the session host: send, delete, mark read, logout ... grouped per connection.
  ...Array.from({ length: SESSION_SHARDS }, (_, shard) => ({
    id: sessionCommandQueueId(shard),
    fifo: true,
    visibilityTimeoutSeconds: 60,
    maxReceiveCount: 3,
  })),
  // Campaign sends: one self-re-enqueued cursor per connection, paced with DelaySeconds
  // (functions/core/campaigns/send-hop.ts), and the clean-up of deleted campaigns' recipients.
  {
    id: CAMPAIGN_SENDS_QUEUE_ID,
    fifo: false,
    visibilityTimeoutSeconds: 120,
    maxReceiveCount: 5,
    consumer: { module: 'workers/campaign-send', batchSize: 5, maxConcurrency: 10 },
  },
  // Due schedules, put here by one-shot EventBridge Scheduler entries.
  {
    id: SCHEDULE_DUE_QUEUE_ID,
    fifo: false,
    visibilityTimeoutSeconds: 120,
    maxReceiveCount: 3,
    consumer: { module: 'workers/schedule-due', batchSize: 10, maxConcurrency: 5 },
  },
  // Ticket row copies to bring up to date after a rename (functions/core/conversations/ticket-rows.ts):
  // each message walks a bounded number of tickets, idempotently, and enqueues the rest of its walk.
  {
    id: TICKET_ROWS_QUEUE_ID,
    fifo: false,
    visibilityTimeoutSeconds: 300,
    maxReceiveCount: 5,
    consumer: { module: 'workers/ticket-rows', batchSize: 5, maxConcurrency: 5 },
  },
  // Customer messages POSTed to the n8n and webhook integrations (core/integrations/webhook-delivery.ts).
  // Each try is a message of its own: a failed one queues the next, delayed by a growing pause, and the
  // last failed one is left to SQS, which parks it in the dead-letter queue after this one receive.
  {
    id: WEBHOOKS_QUEUE_ID,
    fifo: false,
    visibilityTimeoutSeconds: 60,
    maxReceiveCount: 1,
    consumer: { module: 'workers/integration-webhooks', batchSize: 5, maxConcurrency: 10 },
  },
  // Commands of Cloud API connections (issue 32), grouped per connection like a shard's, carried out by a
  // Lambda through Meta's Graph API. A throttled or passing failure is returned with a growing visibility
  // delay (the group waits behind it, so the order holds) and given up after CLOUD_COMMAND_TRIES as a
  // `failed` event; the receives beyond those leave room for errors of our own before the DLQ takes it.
  {
    id: CLOUD_COMMANDS_QUEUE_ID,
    fifo: true,
    visibilityTimeoutSeconds: 180,
    maxReceiveCount: 8,
    consumer: { module: 'workers/cloud-commands', batchSize: 10, maxConcurrency: 10 },
  },
];

/** The physical queue name on AWS and locally; FIFO names must end in `.fifo`. */
export const queueName = (stage: string, queue: Pick<QueueDefinition, 'id' | 'fifo'>): string =>
  `atende-${stage}-${queue.id}${queue.fifo ? '.fifo' : ''}`;

export const deadLetterQueueName = (stage: string, queue: Pick<QueueDefinition, 'id' | 'fifo'>): string =>
  `atende-${stage}-${queue.id}-dlq${queue.fifo ? '.fifo' : ''}`;

/** The environment variable through which code finds a queue's URL, e.g. QUEUE_URL_WA_EVENTS. */
export const queueUrlEnv = (queueId: string): string =>
  `QUEUE_URL_${queueId.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
