/**
 * Local SQS for the local cloud: runs `local-aws-sqs` in-process (it speaks the SDK's JSON protocol) and
 * creates every queue of the given definitions with its dead-letter queue, exactly as the CDK app does:
 * same names, FIFO and content-based deduplication, visibility timeout and a redrive policy.
 *
 * local-aws-sqs keeps messages in memory only: stopping or restarting it loses every queued message.
 * Anything that must survive a restart (e.g. due schedules) has to live elsewhere until it is sent.
 *
 * local-aws-sqs enforces the redrive policy itself: when the visibility timeout of a message ends and its
 * ApproximateReceiveCount has reached maxReceiveCount, it moves the message to the dead-letter queue. The
 * event-source poller therefore never moves messages on its own.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { GetQueueUrlCommand, SQSClient } from '@aws-sdk/client-sqs';
import { createSqsServer } from 'local-aws-sqs';
import { deadLetterQueueName, queueName, type QueueDefinition } from '../resources/queues';
import { closeServer, urlHost } from './net';

/** Region and account local-aws-sqs writes into queue URLs and ARNs. */
export const LOCAL_REGION = 'us-east-1';
export const LOCAL_ACCOUNT_ID = '123456789012';

export interface StartSqsOptions {
  readonly port: number;
  readonly host?: string;
  readonly stage: string;
  readonly queues: readonly QueueDefinition[];
}

export interface LocalSqs {
  readonly endpoint: string;
  readonly port: number;
  /** Queue URL by queue id (`wa-events`, ...). */
  readonly queueUrls: Record<string, string>;
  /** Dead-letter queue URL by the id of the queue it belongs to. */
  readonly deadLetterQueueUrls: Record<string, string>;
  queueArn(queueId: string): string;
  /**
   * Calls the listener after every message sent to any queue (SendMessage, SendMessageBatch), whoever
   * sent it: the event-source pollers poll again at once instead of waiting out their pause. Answers
   * the unsubscribe.
   */
  onSend(listener: () => void): () => void;
  stop(): Promise<void>;
}

export const localQueueArn = (name: string): string => `arn:aws:sqs:${LOCAL_REGION}:${LOCAL_ACCOUNT_ID}:${name}`;

/** An SQS client for a local endpoint; local-aws-sqs does not check signatures, any credentials do. */
export function localSqsClient(endpoint: string, maxAttempts?: number): SQSClient {
  return new SQSClient({
    endpoint,
    region: LOCAL_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    ...(maxAttempts === undefined ? {} : { maxAttempts }),
  });
}

type InitialQueue = NonNullable<Parameters<typeof createSqsServer>[0]['queues']>[number];

function initialQueues(stage: string, definition: QueueDefinition): InitialQueue[] {
  const deadLetterName = deadLetterQueueName(stage, definition);
  const fifo = definition.fifo ? { FifoQueue: true } : {};
  const deduplication =
    definition.fifo && definition.contentBasedDeduplication !== undefined
      ? { ContentBasedDeduplication: definition.contentBasedDeduplication }
      : {};
  // The dead-letter queue comes first: local-aws-sqs refuses a redrive policy to a queue that does not exist.
  return [
    { QueueName: deadLetterName, Attributes: { ...fifo } },
    {
      QueueName: queueName(stage, definition),
      Attributes: {
        ...fifo,
        ...deduplication,
        VisibilityTimeout: definition.visibilityTimeoutSeconds,
        RedrivePolicy: JSON.stringify({
          deadLetterTargetArn: localQueueArn(deadLetterName),
          maxReceiveCount: definition.maxReceiveCount,
        }),
      },
    },
  ];
}

export async function startSqs({ port, host = '127.0.0.1', stage, queues }: StartSqsOptions): Promise<LocalSqs> {
  const server: Server = await createSqsServer({
    port,
    hostname: host,
    region: LOCAL_REGION,
    accountId: LOCAL_ACCOUNT_ID,
    // A reset that deletes and recreates queues must not wait the 60 seconds AWS imposes.
    emulateQueueCreationLifecycle: false,
    queues: queues.flatMap((definition) => initialQueues(stage, definition)),
  });
  const address = server.address();
  if (address === null || typeof address === 'string') {
    throw new Error('local-aws-sqs is not listening on a TCP port');
  }
  const endpoint = `http://${urlHost(host)}:${address.port}`;

  // The SDK names the operation in a header of the JSON protocol; a send is known once it is answered.
  const sendListeners = new Set<() => void>();
  server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    const target = request.headers['x-amz-target'];
    if (typeof target === 'string' && target.startsWith('AmazonSQS.SendMessage')) {
      response.once('finish', () => {
        for (const listener of sendListeners) listener();
      });
    }
  });

  const queueUrls: Record<string, string> = {};
  const deadLetterQueueUrls: Record<string, string> = {};
  const client = localSqsClient(endpoint);
  try {
    // Asking the server (rather than formatting URLs ourselves) also proves every queue was created.
    for (const definition of queues) {
      queueUrls[definition.id] = await queueUrlOf(client, queueName(stage, definition));
      deadLetterQueueUrls[definition.id] = await queueUrlOf(client, deadLetterQueueName(stage, definition));
    }
  } catch (error) {
    await closeServer(server);
    throw error;
  } finally {
    client.destroy();
  }

  let stopping: Promise<void> | undefined;
  return {
    endpoint,
    port: address.port,
    queueUrls,
    deadLetterQueueUrls,
    queueArn(queueId: string): string {
      const definition = queues.find((queue) => queue.id === queueId);
      if (definition === undefined) {
        throw new Error(`Unknown queue id "${queueId}"`);
      }
      return localQueueArn(queueName(stage, definition));
    },
    onSend(listener) {
      sendListeners.add(listener);
      return () => sendListeners.delete(listener);
    },
    stop: () => (stopping ??= closeServer(server)),
  };
}

async function queueUrlOf(client: SQSClient, name: string): Promise<string> {
  const { QueueUrl } = await client.send(new GetQueueUrlCommand({ QueueName: name }));
  if (QueueUrl === undefined) {
    throw new Error(`local-aws-sqs returned no URL for queue ${name}`);
  }
  return QueueUrl;
}

/** The ARN of a local queue from its URL (`http://host:port/<account>/<name>`). */
export function queueArnFromUrl(queueUrl: string): string {
  const [account, name] = new URL(queueUrl).pathname.split('/').filter((part) => part !== '').slice(-2);
  if (account === undefined || name === undefined) {
    throw new Error(`Not a queue URL: ${queueUrl}`);
  }
  return `arn:aws:sqs:${LOCAL_REGION}:${account}:${name}`;
}
