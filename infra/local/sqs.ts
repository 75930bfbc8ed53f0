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
 *
 * Long polls are answered as SQS answers them (`longPoll` below): local-aws-sqs alone holds a
 * receive with WaitTimeSeconds until it has MaxNumberOfMessages messages or the wait is over.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { GetQueueUrlCommand, SQSClient } from '@aws-sdk/client-sqs';
import { createRequestHandler } from 'local-aws-sqs';
import { deadLetterQueueName, queueName, type QueueDefinition } from '../resources/queues';
import { closeServer, listen, readBody, urlHost } from './net';

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

type InitialQueue = NonNullable<Parameters<typeof createRequestHandler>[0]['queues']>[number];

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

/** How often a waiting long poll looks at its queue besides each send: a delay or a visibility timeout may end. */
const LONG_POLL_RECHECK_MS = 1000;

/**
 * The same request with another body, for local-aws-sqs's handler, which reads only a request's headers
 * and its body's stream: a plain stream carries both (a second IncomingMessage on the client's socket
 * would close that socket when it ends).
 */
function withBody(request: IncomingMessage, body: string): IncomingMessage {
  const copy = Object.assign(Readable.from([Buffer.from(body)]), { headers: request.headers, method: request.method, url: request.url });
  return copy as unknown as IncomingMessage;
}

/** A receive's answer as local-aws-sqs's handler wrote it. */
interface CapturedAnswer {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  readonly body: string;
  /** It holds at least one message (local-aws-sqs answers none with an empty body), or is not JSON. */
  readonly hasMessages: boolean;
}

/**
 * Runs local-aws-sqs's handler on the request into a response of its own: the handler only sets
 * headers and the status, then ends the response once, so those are all a stand-in has to take.
 */
async function capturedAnswer(handler: (request: IncomingMessage, response: ServerResponse) => Promise<void>, request: IncomingMessage): Promise<CapturedAnswer> {
  const headers: Record<string, string> = {};
  let body = '';
  const response = {
    statusCode: 200,
    setHeader(name: string, value: number | string | readonly string[]) {
      headers[name] = String(value);
      return response;
    },
    end(chunk?: string | Buffer) {
      body = chunk === undefined ? '' : chunk.toString();
      return response;
    },
  };
  await handler(request, response as unknown as ServerResponse);
  let hasMessages = false;
  try {
    hasMessages = body !== '' && ((JSON.parse(body) as { Messages?: unknown[] }).Messages?.length ?? 0) > 0;
  } catch {
    // Only the JSON protocol comes here; anything else is passed on at once rather than held.
    hasMessages = true;
  }
  return { statusCode: response.statusCode, headers, body, hasMessages };
}

export async function startSqs({ port, host = '127.0.0.1', stage, queues }: StartSqsOptions): Promise<LocalSqs> {
  const { service, requestHandler } = createRequestHandler({
    port,
    hostname: host,
    region: LOCAL_REGION,
    accountId: LOCAL_ACCOUNT_ID,
    // A reset that deletes and recreates queues must not wait the 60 seconds AWS imposes.
    emulateQueueCreationLifecycle: false,
    queues: queues.flatMap((definition) => initialQueues(stage, definition)),
  });

  // The SDK names the operation in a header of the JSON protocol; a send is known once it is answered.
  const sendListeners = new Set<() => void>();
  const afterSend = () => {
    for (const listener of sendListeners) listener();
  };

  /**
   * SQS answers a long poll (WaitTimeSeconds above 0) as soon as a receive finds messages; local-aws-sqs
   * holds it until it has MaxNumberOfMessages of them or the wait is over, so a session host waiting for
   * its next command (functions/sessions/command-consumer.ts) would wait out the whole wait. Here the
   * receive is tried at once without a wait, and again after every send and each second (a delay or a
   * visibility timeout may end without a send), until it finds messages or the wait is over, or the
   * caller has gone.
   */
  const longPoll = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const text = (await readBody(request)).toString('utf8');
    let body: { WaitTimeSeconds?: unknown } = {};
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      // Not JSON: local-aws-sqs answers it with its own error.
    }
    const waitSeconds = Number(body.WaitTimeSeconds ?? 0);
    // No wait, or one out of range that local-aws-sqs refuses as SQS does: its answer as it is.
    if (!(Number.isInteger(waitSeconds) && waitSeconds > 0 && waitSeconds <= 20)) {
      await requestHandler(withBody(request, text), response);
      return;
    }
    const deadline = Date.now() + waitSeconds * 1000;
    const caller = { gone: false };
    response.once('close', () => (caller.gone = true));
    const withoutWait = JSON.stringify({ ...body, WaitTimeSeconds: 0 });
    for (;;) {
      const answer = await capturedAnswer(requestHandler, withBody(request, withoutWait));
      if (answer.statusCode !== 200 || answer.hasMessages || Date.now() >= deadline) {
        response.writeHead(answer.statusCode, answer.headers);
        response.end(answer.body);
        return;
      }
      await nextSendOr(Math.min(LONG_POLL_RECHECK_MS, deadline - Date.now()), response);
      if (caller.gone) return;
    }
  };

  /** Resolves after the next send, after `ms`, or when the caller goes, whichever comes first. */
  const nextSendOr = (ms: number, response: ServerResponse) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      sendListeners.add(done);
      response.once('close', done);
      function done() {
        clearTimeout(timer);
        sendListeners.delete(done);
        response.off('close', done);
        resolve();
      }
    });

  const server: Server = createServer((request, response) => {
    const target = request.headers['x-amz-target'];
    if (typeof target === 'string' && target.startsWith('AmazonSQS.SendMessage')) response.once('finish', afterSend);
    const handled = target === 'AmazonSQS.ReceiveMessage' ? longPoll(request, response) : requestHandler(request, response);
    handled.catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  const boundPort = await listen(server, port, host);
  // local-aws-sqs writes the port into queue URLs; with port 0 it learns the one bound only now.
  service.PORT = boundPort;
  const endpoint = `http://${urlHost(host)}:${boundPort}`;

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
    port: boundPort,
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
