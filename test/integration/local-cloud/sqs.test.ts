/**
 * The local SQS and the event-source poller that stands in for Lambda's SQS event source mapping: real
 * SQSEvent records, partial batch failures, redrive to the DLQ, FIFO group ordering and concurrency.
 */
import { createHash } from 'node:crypto';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { startEventSourcePoller, type EventSourcePoller } from '../../../infra/local/event-source-poller';
import type { AnyHandler } from '../../../infra/local/lambda';
import { localSqsClient, startSqs, type LocalSqs } from '../../../infra/local/sqs';
import type { QueueDefinition } from '../../../infra/resources/queues';

const STAGE = 'test';

const jobs: QueueDefinition = {
  id: 'jobs',
  fifo: false,
  visibilityTimeoutSeconds: 1,
  maxReceiveCount: 3,
  consumer: { module: 'workers/test-jobs', batchSize: 10, maxConcurrency: 2 },
};

const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup();
  }
});

interface Harness {
  readonly sqs: LocalSqs;
  readonly client: SQSClient;
  readonly logs: Record<string, unknown>[];
  poll(queue: QueueDefinition, handler: AnyHandler, pollIntervalMs?: number): EventSourcePoller;
  send(queue: QueueDefinition, body: string, groupId?: string): Promise<void>;
  messagesIn(queueUrl: string): Promise<number>;
}

async function startHarness(queues: QueueDefinition[]): Promise<Harness> {
  const sqs = await startSqs({ port: 0, stage: STAGE, queues });
  cleanups.push(() => sqs.stop());
  const client = localSqsClient(sqs.endpoint);
  cleanups.push(async () => client.destroy());
  const logs: Record<string, unknown>[] = [];
  return {
    sqs,
    client,
    logs,
    poll(queue, handler, pollIntervalMs = 20) {
      const poller = startEventSourcePoller({
        sqsEndpoint: sqs.endpoint,
        queueUrl: url(sqs.queueUrls, queue.id),
        deadLetterQueueUrl: url(sqs.deadLetterQueueUrls, queue.id),
        queue,
        consumer: queue.consumer ?? fail('test queue without consumer'),
        handler,
        pollIntervalMs,
        log: (entry) => logs.push(entry),
      });
      cleanups.push(() => poller.stop());
      return poller;
    },
    async send(queue, body, groupId) {
      await client.send(
        new SendMessageCommand({
          QueueUrl: url(sqs.queueUrls, queue.id),
          MessageBody: body,
          ...(groupId === undefined ? {} : { MessageGroupId: groupId }),
        }),
      );
    },
    async messagesIn(queueUrl) {
      const { Attributes } = await client.send(
        new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['ApproximateNumberOfMessages'] }),
      );
      // local-aws-sqs counts in-flight messages here as well: this is everything still in the queue.
      return Number(Attributes?.ApproximateNumberOfMessages);
    },
  };
}

function url(urls: Record<string, string>, id: string): string {
  return urls[id] ?? fail(`no URL for queue ${id}`);
}

function fail(message: string): never {
  throw new Error(message);
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) {
      throw new Error(`Timed out waiting for ${what}`);
    }
    await sleep(20);
  }
}

/** Resolves whether `promise` settled within `ms`, leaving no timer behind. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The kinds of resources a leaked server, client or timer keeps alive (jest adds file reads and immediates). */
const HANDLE_TYPES = ['TCPServerWrap', 'TCPSocketWrap', 'Timeout'];

function countHandles(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const type of process.getActiveResourcesInfo()) {
    counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  return counts;
}

/** A proxy in front of the local SQS that counts the requests through it, by the SDK's operation name. */
async function countingProxy(target: string): Promise<{ endpoint: string; operations: string[] }> {
  const operations: string[] = [];
  const server = createServer((incoming, outgoing) => {
    operations.push(String(incoming.headers['x-amz-target'] ?? '').replace('AmazonSQS.', ''));
    const forwarded = request(`${target}${incoming.url ?? '/'}`, { method: incoming.method, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return { endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, operations };
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('local SQS event-source poller', () => {
  test('hands a message sent to an idle queue at once, woken by the send rather than its pause', async () => {
    // Prepare: a pause far longer than the test may wait, the poller idle in it.
    const harness = await startHarness([jobs]);
    const bodies: string[] = [];
    const poller = harness.poll(jobs, async (event: SQSEvent) => {
      bodies.push(...event.Records.map((record) => record.body));
    }, 600_000);
    const unsubscribe = harness.sqs.onSend(() => poller.wake());
    cleanups.push(async () => unsubscribe());
    await sleep(200);

    // Act
    await harness.send(jobs, '{"job":"woken"}');

    // Assess
    await waitFor('the record', () => bodies.length === 1, 10_000);
    expect(bodies).toEqual(['{"job":"woken"}']);
  });

  test('asks nothing of a queue that holds no message until one is sent to it', async () => {
    // Prepare: the poller reaches the local SQS through a proxy that counts its requests.
    const harness = await startHarness([jobs]);
    const proxy = await countingProxy(harness.sqs.endpoint);
    const bodies: string[] = [];
    const poller = startEventSourcePoller({
      sqsEndpoint: proxy.endpoint,
      queueUrl: url(harness.sqs.queueUrls, jobs.id),
      deadLetterQueueUrl: url(harness.sqs.deadLetterQueueUrls, jobs.id),
      queue: jobs,
      consumer: jobs.consumer ?? fail('test queue without consumer'),
      handler: async (event: SQSEvent) => {
        bodies.push(...event.Records.map((record) => record.body));
      },
      pollIntervalMs: 20,
      log: (entry) => harness.logs.push(entry),
    });
    cleanups.push(() => poller.stop());
    const unsubscribe = harness.sqs.onSend(() => poller.wake());
    cleanups.push(async () => unsubscribe());
    await waitFor('the first look at the queue', () => proxy.operations.includes('GetQueueAttributes'));
    const afterFirstLook = proxy.operations.length;

    // Act: half a second idle (25 pauses of the poll interval), then a send.
    await sleep(500);
    const whileIdle = proxy.operations.slice(afterFirstLook);
    await harness.send(jobs, 'after-the-silence');

    // Assess
    expect(proxy.operations.slice(0, afterFirstLook)).toEqual(['ReceiveMessage', 'GetQueueAttributes']);
    expect(whileIdle).toEqual([]);
    await waitFor('the record', () => bodies.length === 1);
    expect(bodies).toEqual(['after-the-silence']);
  });

  test('hands a delayed message once its delay has passed, with nothing else sent to wake the poller', async () => {
    // Prepare
    const harness = await startHarness([jobs]);
    const handedAt: number[] = [];
    const poller = harness.poll(jobs, async (event: SQSEvent) => {
      handedAt.push(...event.Records.map(() => Date.now()));
    });
    const unsubscribe = harness.sqs.onSend(() => poller.wake());
    cleanups.push(async () => unsubscribe());
    await sleep(100);

    // Act
    const sentAt = Date.now();
    await harness.client.send(new SendMessageCommand({ QueueUrl: url(harness.sqs.queueUrls, jobs.id), MessageBody: 'later', DelaySeconds: 1 }));

    // Assess
    await waitFor('the delayed record', () => handedAt.length === 1, 10_000);
    expect(handedAt[0]! - sentAt).toBeGreaterThanOrEqual(1000);
  });

  test('hands a consumer real SQSEvent records and deletes the messages it handled', async () => {
    // Prepare
    const harness = await startHarness([jobs]);
    const records: SQSRecord[] = [];
    await harness.client.send(
      new SendMessageCommand({
        QueueUrl: url(harness.sqs.queueUrls, 'jobs'),
        MessageBody: '{"job":1}',
        MessageAttributes: { kind: { DataType: 'String', StringValue: 'greeting' } },
      }),
    );
    await harness.send(jobs, '{"job":2}');

    // Act
    const poller = harness.poll(jobs, async (event: SQSEvent) => {
      records.push(...event.Records);
    });
    await waitFor('two records', () => records.length === 2);
    await poller.stop();

    // Assess
    const first = records.find((record) => record.body === '{"job":1}');
    expect(first).toEqual({
      messageId: expect.any(String),
      receiptHandle: expect.any(String),
      body: '{"job":1}',
      attributes: {
        ApproximateReceiveCount: '1',
        SentTimestamp: expect.stringMatching(/^\d+$/),
        SenderId: expect.any(String),
        ApproximateFirstReceiveTimestamp: expect.stringMatching(/^\d+$/),
      },
      messageAttributes: {
        kind: { dataType: 'String', stringValue: 'greeting', stringListValues: [], binaryListValues: [] },
      },
      md5OfBody: createHash('md5').update('{"job":1}').digest('hex'),
      md5OfMessageAttributes: expect.any(String),
      eventSource: 'aws:sqs',
      eventSourceARN: harness.sqs.queueArn('jobs'),
      awsRegion: 'us-east-1',
    });
    expect(harness.sqs.queueArn('jobs')).toBe('arn:aws:sqs:us-east-1:123456789012:atende-test-jobs');
    expect(await harness.messagesIn(url(harness.sqs.queueUrls, 'jobs'))).toBe(0);
  });

  test('retries only the records a consumer reports as failed', async () => {
    // Prepare
    const harness = await startHarness([jobs]);
    for (const body of ['good-1', 'bad', 'good-2']) {
      await harness.send(jobs, body);
    }
    const seen: { body: string; receiveCount: string }[] = [];

    // Act
    harness.poll(jobs, async (event: SQSEvent): Promise<SQSBatchResponse> => {
      const failures = [];
      for (const record of event.Records) {
        seen.push({ body: record.body, receiveCount: record.attributes.ApproximateReceiveCount });
        if (record.body === 'bad' && record.attributes.ApproximateReceiveCount === '1') {
          failures.push({ itemIdentifier: record.messageId });
        }
      }
      return { batchItemFailures: failures };
    });
    await waitFor('the failed record to come back', () => seen.filter((entry) => entry.body === 'bad').length === 2);
    await waitFor('an empty queue', async () => (await harness.messagesIn(url(harness.sqs.queueUrls, 'jobs'))) === 0);

    // Assess
    expect(seen.filter((entry) => entry.body === 'good-1')).toHaveLength(1);
    expect(seen.filter((entry) => entry.body === 'good-2')).toHaveLength(1);
    expect(seen.filter((entry) => entry.body === 'bad').map((entry) => entry.receiveCount)).toEqual(['1', '2']);
  });

  test('moves a message that fails three times in its consumer to the dead-letter queue', async () => {
    // Prepare
    const harness = await startHarness([jobs]);
    await harness.send(jobs, 'poison');
    let attempts = 0;
    const deadLetters: string[] = [];

    // Act
    harness.poll(jobs, async () => {
      attempts += 1;
      throw new Error('cannot handle this');
    });
    await waitFor('the message in the dead-letter queue', async () => {
      const { Messages = [] } = await harness.client.send(
        new ReceiveMessageCommand({ QueueUrl: url(harness.sqs.deadLetterQueueUrls, 'jobs'), WaitTimeSeconds: 0 }),
      );
      deadLetters.push(...Messages.map((message) => message.Body ?? ''));
      return deadLetters.length > 0;
    });

    // Assess
    expect(deadLetters).toEqual(['poison']);
    expect(attempts).toBe(3);
    expect(await harness.messagesIn(url(harness.sqs.queueUrls, 'jobs'))).toBe(0);
  });

  test('never runs more invocations at once than maxConcurrency', async () => {
    // Prepare
    const narrow: QueueDefinition = { ...jobs, consumer: { module: 'workers/test-jobs', batchSize: 1, maxConcurrency: 2 } };
    const harness = await startHarness([narrow]);
    for (let index = 0; index < 8; index += 1) {
      await harness.send(narrow, `job-${index}`);
    }
    let running = 0;
    let mostAtOnce = 0;
    let handled = 0;

    // Act
    harness.poll(narrow, async (event: SQSEvent) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await sleep(30);
      running -= 1;
      handled += event.Records.length;
    });
    await waitFor('all jobs', () => handled === 8);

    // Assess
    expect(mostAtOnce).toBe(2);
  });

  test('fills a batch larger than ten records with several receives', async () => {
    // Prepare
    const bulk: QueueDefinition = { ...jobs, id: 'bulk', consumer: { module: 'workers/test-bulk', batchSize: 15, maxConcurrency: 2 } };
    const harness = await startHarness([bulk]);
    for (let index = 0; index < 15; index += 1) {
      await harness.send(bulk, `item-${index}`);
    }
    const batchSizes: number[] = [];

    // Act
    harness.poll(bulk, async (event: SQSEvent) => {
      batchSizes.push(event.Records.length);
    });
    await waitFor('all items', () => batchSizes.reduce((sum, size) => sum + size, 0) === 15);

    // Assess
    expect(batchSizes).toEqual([15]);
  });

  test('keeps each FIFO group in order and one at a time while different groups run in parallel', async () => {
    // Prepare
    const chats: QueueDefinition = {
      id: 'chats',
      fifo: true,
      contentBasedDeduplication: true,
      visibilityTimeoutSeconds: 5,
      maxReceiveCount: 3,
      consumer: { module: 'workers/test-chats', batchSize: 2, maxConcurrency: 3 },
    };
    const harness = await startHarness([chats]);
    const groups = ['A', 'B', 'C'];
    for (let index = 1; index <= 4; index += 1) {
      for (const group of groups) {
        await harness.send(chats, `${group}${index}`, group);
      }
    }
    const active = new Set<string>();
    let overlapped = false;
    const started = new Set<string>();
    const allGroupsStarted = deferred();
    let groupsRanTogether = false;
    const handled: string[] = [];

    // Act
    harness.poll(chats, async (event: SQSEvent) => {
      for (const record of event.Records) {
        const group = record.attributes.MessageGroupId ?? '';
        if (active.has(group)) {
          overlapped = true;
        }
        active.add(group);
        if (!started.has(group)) {
          // Each group's first message waits until every group is in a handler at the same time.
          started.add(group);
          if (started.size === groups.length) {
            allGroupsStarted.resolve();
          }
          groupsRanTogether = (await settlesWithin(allGroupsStarted.promise, 3000)) || groupsRanTogether;
        }
        await sleep(10);
        handled.push(record.body);
        active.delete(group);
      }
    });
    await waitFor('every message', () => handled.length === 12);

    // Assess
    expect(overlapped).toBe(false);
    expect(groupsRanTogether).toBe(true);
    for (const group of groups) {
      expect(handled.filter((body) => body.startsWith(group))).toEqual([1, 2, 3, 4].map((index) => `${group}${index}`));
    }
  });

  test('treats the rest of a FIFO group batch as failed and holds the group until the failed message succeeds', async () => {
    // Prepare
    const orders: QueueDefinition = {
      id: 'orders',
      fifo: true,
      contentBasedDeduplication: true,
      visibilityTimeoutSeconds: 1,
      maxReceiveCount: 3,
      consumer: { module: 'workers/test-orders', batchSize: 3, maxConcurrency: 2 },
    };
    const harness = await startHarness([orders]);
    for (const body of ['A1', 'A2', 'A3']) {
      await harness.send(orders, body, 'A');
    }
    await harness.send(orders, 'B1', 'B');
    const handled: string[] = [];
    let failedOnce = false;

    // Act
    harness.poll(orders, async (event: SQSEvent): Promise<SQSBatchResponse> => {
      const failures = [];
      for (const record of event.Records) {
        handled.push(record.body);
        if (record.body === 'A1' && !failedOnce) {
          failedOnce = true;
          // A later message of the group arrives while the group waits for A1 to come back.
          await harness.send(orders, 'A4', 'A');
          // Only A1 is reported: Lambda must still treat A2 and A3 of this batch as failed.
          failures.push({ itemIdentifier: record.messageId });
        }
      }
      return { batchItemFailures: failures };
    });
    await waitFor('A4 handled', () => handled.includes('A4'));
    await waitFor('an empty queue', async () => (await harness.messagesIn(url(harness.sqs.queueUrls, 'orders'))) === 0);

    // Assess
    expect(handled.filter((body) => body.startsWith('A'))).toEqual(['A1', 'A2', 'A3', 'A1', 'A2', 'A3', 'A4']);
    expect(handled.filter((body) => body.startsWith('B'))).toEqual(['B1']);
  });

  test('stop waits for the invocation in flight and leaves no handles behind', async () => {
    // Prepare
    const baseline = countHandles();
    const sqs = await startSqs({ port: 0, stage: STAGE, queues: [jobs] });
    const client = localSqsClient(sqs.endpoint);
    await client.send(new SendMessageCommand({ QueueUrl: url(sqs.queueUrls, 'jobs'), MessageBody: 'slow' }));
    const entered = deferred();
    const release = deferred();
    let finished = false;
    const poller = startEventSourcePoller({
      sqsEndpoint: sqs.endpoint,
      queueUrl: url(sqs.queueUrls, 'jobs'),
      deadLetterQueueUrl: url(sqs.deadLetterQueueUrls, 'jobs'),
      queue: jobs,
      consumer: jobs.consumer ?? fail('no consumer'),
      handler: async () => {
        entered.resolve();
        await release.promise;
        finished = true;
      },
      pollIntervalMs: 20,
      log: () => undefined,
    });
    await entered.promise;

    // Act
    const stopping = poller.stop();
    const stoppedWhileRunning = await settlesWithin(stopping, 200);
    release.resolve();
    await stopping;
    const { Attributes } = await client.send(
      new GetQueueAttributesCommand({ QueueUrl: url(sqs.queueUrls, 'jobs'), AttributeNames: ['ApproximateNumberOfMessages'] }),
    );
    client.destroy();
    await sqs.stop();

    // Assess
    expect(stoppedWhileRunning).toBe(false);
    expect(finished).toBe(true);
    expect(Attributes?.ApproximateNumberOfMessages).toBe('0');
    await waitFor('no more sockets, servers or timers than before the test', () => {
      const now = countHandles();
      return HANDLE_TYPES.every((type) => (now.get(type) ?? 0) <= (baseline.get(type) ?? 0));
    }, 5000);
  });
});

describe('local SQS long polls', () => {
  it('answers a long poll as soon as a message is sent, with that message, long before its wait is over', async () => {
    const harness = await startHarness([jobs]);
    const receiving = harness.client.send(
      new ReceiveMessageCommand({ QueueUrl: url(harness.sqs.queueUrls, 'jobs'), WaitTimeSeconds: 20, MaxNumberOfMessages: 10 }),
    );
    // Still waiting while the queue is empty...
    expect(await settlesWithin(receiving, 300)).toBe(false);

    await harness.send(jobs, 'the next command');

    // ...and answered by the send, with one message though ten were asked for (local-aws-sqs alone waits
    // for ten, or the twenty seconds).
    expect(await settlesWithin(receiving, 5_000)).toBe(true);
    expect((await receiving).Messages?.map((message) => message.Body)).toEqual(['the next command']);
  });

  it('answers a long poll on an empty queue with no message once its wait is over', async () => {
    const harness = await startHarness([jobs]);
    const startedAt = Date.now();
    const { Messages } = await harness.client.send(new ReceiveMessageCommand({ QueueUrl: url(harness.sqs.queueUrls, 'jobs'), WaitTimeSeconds: 1 }));
    expect(Messages).toBeUndefined();
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(900);
  });

  it('answers a long poll with a message whose visibility timeout ended, with nothing sent meanwhile', async () => {
    const harness = await startHarness([jobs]);
    const queueUrl = url(harness.sqs.queueUrls, 'jobs');
    await harness.send(jobs, 'taken and not deleted');
    const first = await harness.client.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, WaitTimeSeconds: 0 }));
    expect(first.Messages).toHaveLength(1);

    // In flight for the queue's visibility timeout (1 s), then visible again: the waiting poll gets it.
    const again = await harness.client.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, WaitTimeSeconds: 10 }));
    expect(again.Messages?.map((message) => message.Body)).toEqual(['taken and not deleted']);
  });
});
