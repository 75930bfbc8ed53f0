/**
 * The local EventBridge Scheduler, driven through the unchanged `@aws-sdk/client-scheduler`: one-shot
 * at() schedules delivered to local SQS, the CRUD operations and their errors, persistence across restarts.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  GetScheduleCommand,
  ListSchedulesCommand,
  ResourceNotFoundException,
  SchedulerClient,
  UpdateScheduleCommand,
  ValidationException,
  type CreateScheduleCommandInput,
} from '@aws-sdk/client-scheduler';
import { CreateQueueCommand, DeleteMessageCommand, ReceiveMessageCommand, type Message, type SQSClient } from '@aws-sdk/client-sqs';
import { dueTime, startScheduler, type LocalScheduler } from '../../../infra/local/scheduler';
import { localQueueArn, localSqsClient, startSqs, type LocalSqs } from '../../../infra/local/sqs';
import type { QueueDefinition } from '../../../infra/resources/queues';

const STAGE = 'test';
const due: QueueDefinition = { id: 'due', fifo: false, visibilityTimeoutSeconds: 30, maxReceiveCount: 3 };
const dueFifo: QueueDefinition = { id: 'due-ordered', fifo: true, contentBasedDeduplication: false, visibilityTimeoutSeconds: 30, maxReceiveCount: 3 };
const ROLE_ARN = 'arn:aws:iam::123456789012:role/scheduler';

const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup();
  }
});

interface Harness {
  readonly sqs: LocalSqs;
  readonly sqsClient: SQSClient;
  readonly dataFile: string;
  readonly logs: Record<string, unknown>[];
  /** Starts a scheduler on the harness's data file and returns a client for it. */
  startScheduler(): Promise<{ scheduler: LocalScheduler; client: SchedulerClient }>;
}

async function startHarness(): Promise<Harness> {
  const sqs = await startSqs({ port: 0, stage: STAGE, queues: [due, dueFifo] });
  cleanups.push(() => sqs.stop());
  const sqsClient = localSqsClient(sqs.endpoint);
  cleanups.push(async () => sqsClient.destroy());
  const directory = await mkdtemp(join(tmpdir(), 'local-scheduler-'));
  cleanups.push(() => rm(directory, { recursive: true, force: true }));
  const dataFile = join(directory, 'data', 'schedules.json');
  const logs: Record<string, unknown>[] = [];
  return {
    sqs,
    sqsClient,
    dataFile,
    logs,
    async startScheduler() {
      const scheduler = await startScheduler({ port: 0, dataFile, sqsEndpoint: sqs.endpoint, tickMs: 50, log: (entry) => logs.push(entry) });
      const client = new SchedulerClient({
        endpoint: scheduler.endpoint,
        region: 'us-east-1',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      });
      cleanups.push(async () => {
        client.destroy();
        await scheduler.stop();
      });
      return { scheduler, client };
    },
  };
}

function url(urls: Record<string, string>, id: string): string {
  const found = urls[id];
  if (found === undefined) {
    throw new Error(`no URL for queue ${id}`);
  }
  return found;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(what: string, attempt: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await attempt();
    if (result !== undefined) {
      return result;
    }
    if (Date.now() > deadline) {
      throw new Error(`Timed out waiting for ${what}`);
    }
    await sleep(25);
  }
}

/** An at() expression for a whole second at least `secondsAhead` seconds from now (UTC), and its instant. */
function atFromNow(secondsAhead: number): { expression: string; at: number } {
  const at = Math.ceil((Date.now() + secondsAhead * 1000) / 1000) * 1000;
  return { expression: `at(${new Date(at).toISOString().slice(0, 19)})`, at };
}

async function receiveAll(client: SQSClient, queueUrl: string): Promise<Message[]> {
  const { Messages = [] } = await client.send(
    new ReceiveMessageCommand({
      QueueUrl: queueUrl,
      MaxNumberOfMessages: 10,
      WaitTimeSeconds: 0,
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- local-aws-sqs reads only the older AttributeNames; AWS reads MessageSystemAttributeNames
      AttributeNames: ['All'],
      MessageSystemAttributeNames: ['All'],
    }),
  );
  for (const message of Messages) {
    await client.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.ReceiptHandle }));
  }
  return Messages;
}

async function nextMessage(client: SQSClient, queueUrl: string): Promise<Message> {
  return waitFor('a message in the queue', async () => (await receiveAll(client, queueUrl))[0]);
}

function scheduleInput(name: string, expression: string, targetArn: string, input: string): CreateScheduleCommandInput {
  return {
    Name: name,
    ScheduleExpression: expression,
    FlexibleTimeWindow: { Mode: 'OFF' },
    Target: { Arn: targetArn, RoleArn: ROLE_ARN, Input: input },
  };
}

async function errorOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('local EventBridge Scheduler', () => {
  test('delivers the Input of a schedule to its queue when its at() time comes, once', async () => {
    // Prepare
    const harness = await startHarness();
    const { client } = await harness.startScheduler();
    const queueUrl = url(harness.sqs.queueUrls, 'due');
    const { expression, at } = atFromNow(2);

    // Act
    await client.send(new CreateScheduleCommand(scheduleInput('remind-1', expression, harness.sqs.queueArn('due'), '{"scheduleId":"s1"}')));
    const early = await receiveAll(harness.sqsClient, queueUrl);
    const message = await nextMessage(harness.sqsClient, queueUrl);
    const receivedAt = Date.now();
    await sleep(300);
    const again = await receiveAll(harness.sqsClient, queueUrl);

    // Assess
    expect(early).toEqual([]);
    expect(message.Body).toBe('{"scheduleId":"s1"}');
    expect(receivedAt).toBeGreaterThanOrEqual(at);
    expect(again).toEqual([]);
    const kept = await client.send(new GetScheduleCommand({ Name: 'remind-1' }));
    expect(kept.ActionAfterCompletion).toBe('NONE');
  });

  test('gets, updates, lists and deletes schedules', async () => {
    // Prepare
    const harness = await startHarness();
    const { client } = await harness.startScheduler();
    const arn = harness.sqs.queueArn('due');
    await client.send(new CreateScheduleCommand({ ...scheduleInput('b-later', 'at(2099-01-01T10:00:00)', arn, '{"n":2}'), ActionAfterCompletion: 'DELETE' }));
    await client.send(new CreateScheduleCommand(scheduleInput('a-later', 'at(2099-01-01T09:00:00)', arn, '{"n":1}')));
    await client.send(new CreateScheduleCommand(scheduleInput('other', 'at(2099-01-01T09:00:00)', arn, '{"n":3}')));

    // Act
    const fetched = await client.send(new GetScheduleCommand({ Name: 'b-later' }));
    const updated = await client.send(
      new UpdateScheduleCommand({ ...scheduleInput('a-later', 'at(2099-02-01T09:00:00)', arn, '{"n":11}'), ScheduleExpressionTimezone: 'America/Sao_Paulo' }),
    );
    const afterUpdate = await client.send(new GetScheduleCommand({ Name: 'a-later' }));
    const listed = await client.send(new ListSchedulesCommand({ NamePrefix: 'a-', GroupName: 'default' }));
    const pages = [await client.send(new ListSchedulesCommand({ MaxResults: 2 }))];
    pages.push(await client.send(new ListSchedulesCommand({ MaxResults: 2, NextToken: pages[0]?.NextToken })));
    await client.send(new DeleteScheduleCommand({ Name: 'b-later' }));
    const afterDelete = await client.send(new ListSchedulesCommand({}));

    // Assess
    expect(fetched).toMatchObject({
      Arn: 'arn:aws:scheduler:us-east-1:123456789012:schedule/default/b-later',
      Name: 'b-later',
      GroupName: 'default',
      ScheduleExpression: 'at(2099-01-01T10:00:00)',
      State: 'ENABLED',
      ActionAfterCompletion: 'DELETE',
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: { Arn: arn, RoleArn: ROLE_ARN, Input: '{"n":2}' },
    });
    expect(fetched.CreationDate).toBeInstanceOf(Date);
    expect(updated.ScheduleArn).toBe('arn:aws:scheduler:us-east-1:123456789012:schedule/default/a-later');
    expect(afterUpdate).toMatchObject({
      ScheduleExpression: 'at(2099-02-01T09:00:00)',
      ScheduleExpressionTimezone: 'America/Sao_Paulo',
      Target: { Input: '{"n":11}' },
    });
    expect(listed.Schedules?.map((schedule) => schedule.Name)).toEqual(['a-later']);
    expect(listed.Schedules?.[0]).toMatchObject({ GroupName: 'default', State: 'ENABLED', Target: { Arn: arn } });
    expect(pages.map((page) => page.Schedules?.map((schedule) => schedule.Name))).toEqual([['a-later', 'b-later'], ['other']]);
    expect(pages[1]?.NextToken).toBeUndefined();
    expect(afterDelete.Schedules?.map((schedule) => schedule.Name)).toEqual(['a-later', 'other']);
  });

  test('refuses a duplicate name with ConflictException and a missing schedule with ResourceNotFoundException', async () => {
    // Prepare
    const harness = await startHarness();
    const { client } = await harness.startScheduler();
    const input = scheduleInput('once', 'at(2099-01-01T09:00:00)', harness.sqs.queueArn('due'), '{}');
    await client.send(new CreateScheduleCommand(input));

    // Act
    const duplicate = await errorOf(client.send(new CreateScheduleCommand(input)));
    const missingGet = await errorOf(client.send(new GetScheduleCommand({ Name: 'nope' })));
    const missingDelete = await errorOf(client.send(new DeleteScheduleCommand({ Name: 'nope' })));
    const missingUpdate = await errorOf(client.send(new UpdateScheduleCommand({ ...input, Name: 'nope' })));
    const missingGroup = await errorOf(client.send(new GetScheduleCommand({ Name: 'once', GroupName: 'elsewhere' })));

    // Assess
    expect(duplicate).toBeInstanceOf(ConflictException);
    expect((duplicate as Error).message).toBe('Schedule once already exists.');
    expect(missingGet).toBeInstanceOf(ResourceNotFoundException);
    expect((missingGet as Error).message).toBe('Schedule nope does not exist.');
    expect(missingDelete).toBeInstanceOf(ResourceNotFoundException);
    expect(missingUpdate).toBeInstanceOf(ResourceNotFoundException);
    expect(missingGroup).toBeInstanceOf(ResourceNotFoundException);
  });

  test('refuses rate() and cron() expressions, bad dates and non-SQS targets with a ValidationException', async () => {
    // Prepare
    const harness = await startHarness();
    const { client } = await harness.startScheduler();
    const arn = harness.sqs.queueArn('due');

    // Act
    const rate = await errorOf(client.send(new CreateScheduleCommand(scheduleInput('r', 'rate(5 minutes)', arn, '{}'))));
    const cron = await errorOf(client.send(new CreateScheduleCommand(scheduleInput('c', 'cron(0 9 * * ? *)', arn, '{}'))));
    const badDate = await errorOf(client.send(new CreateScheduleCommand(scheduleInput('d', 'at(2099-02-30T09:00:00)', arn, '{}'))));
    const badZone = await errorOf(
      client.send(new CreateScheduleCommand({ ...scheduleInput('z', 'at(2099-01-01T09:00:00)', arn, '{}'), ScheduleExpressionTimezone: 'Mars/Olympus' })),
    );
    const lambdaTarget = await errorOf(
      client.send(new CreateScheduleCommand(scheduleInput('l', 'at(2099-01-01T09:00:00)', 'arn:aws:lambda:us-east-1:123456789012:function:f', '{}'))),
    );
    const fifoWithoutGroup = await errorOf(
      client.send(new CreateScheduleCommand(scheduleInput('f', 'at(2099-01-01T09:00:00)', harness.sqs.queueArn('due-ordered'), '{}'))),
    );
    const listed = await client.send(new ListSchedulesCommand({}));

    // Assess
    for (const error of [rate, cron, badDate, badZone, lambdaTarget, fifoWithoutGroup]) {
      expect(error).toBeInstanceOf(ValidationException);
    }
    expect((rate as Error).message).toBe('Only one-shot at() schedule expressions are supported locally; rate() and cron() are not.');
    expect(listed.Schedules).toEqual([]);
  });

  test('fires a schedule that fell due while the scheduler was stopped right after it starts again', async () => {
    // Prepare
    const harness = await startHarness();
    const queueUrl = url(harness.sqs.queueUrls, 'due');
    const first = await harness.startScheduler();
    const { expression, at } = atFromNow(2);
    await first.client.send(new CreateScheduleCommand(scheduleInput('while-down', expression, harness.sqs.queueArn('due'), '{"late":true}')));
    await first.scheduler.stop();
    await sleep(Math.max(0, at - Date.now()) + 300);
    const whileStopped = await receiveAll(harness.sqsClient, queueUrl);

    // Act
    await harness.startScheduler();
    const message = await nextMessage(harness.sqsClient, queueUrl);

    // Assess
    expect(whileStopped).toEqual([]);
    expect(message.Body).toBe('{"late":true}');
    const stored = JSON.parse(await readFile(harness.dataFile, 'utf8')) as { schedules: { name: string }[] };
    expect(stored.schedules.map((schedule) => schedule.name)).toEqual(['while-down']);
  });

  test('removes a schedule with ActionAfterCompletion DELETE once it has fired', async () => {
    // Prepare
    const harness = await startHarness();
    const { client } = await harness.startScheduler();
    const { expression } = atFromNow(0);

    // Act
    await client.send(
      new CreateScheduleCommand({ ...scheduleInput('one-shot', expression, harness.sqs.queueArn('due'), '{"x":1}'), ActionAfterCompletion: 'DELETE' }),
    );
    const message = await nextMessage(harness.sqsClient, url(harness.sqs.queueUrls, 'due'));
    const gone = await waitFor('the schedule to be deleted', async () => {
      const error = await client.send(new GetScheduleCommand({ Name: 'one-shot' })).then(() => undefined, (failure: unknown) => failure);
      return error;
    });

    // Assess
    expect(message.Body).toBe('{"x":1}');
    expect(gone).toBeInstanceOf(ResourceNotFoundException);
  });

  test('sends to a FIFO queue with the message group of the target', async () => {
    // Prepare
    const harness = await startHarness();
    const { client } = await harness.startScheduler();
    const { expression } = atFromNow(0);

    // Act
    await client.send(
      new CreateScheduleCommand({
        ...scheduleInput('ordered', expression, harness.sqs.queueArn('due-ordered'), '{"o":1}'),
        Target: { Arn: harness.sqs.queueArn('due-ordered'), RoleArn: ROLE_ARN, Input: '{"o":1}', SqsParameters: { MessageGroupId: 'company-7' } },
      }),
    );
    const message = await nextMessage(harness.sqsClient, url(harness.sqs.queueUrls, 'due-ordered'));

    // Assess
    expect(message.Body).toBe('{"o":1}');
    expect(message.Attributes?.MessageGroupId).toBe('company-7');
  });

  test('keeps retrying a due schedule while its queue cannot be reached and delivers once it can', async () => {
    // Prepare
    const harness = await startHarness();
    const { client } = await harness.startScheduler();
    const lateQueue = 'atende-test-created-later';
    await client.send(new CreateScheduleCommand(scheduleInput('patient', atFromNow(0).expression, localQueueArn(lateQueue), '{"p":1}')));
    await waitFor('a failed delivery', async () => harness.logs.find((entry) => entry.schedule === 'default/patient' && entry.level === 'warn'));

    // Act
    const { QueueUrl } = await harness.sqsClient.send(new CreateQueueCommand({ QueueName: lateQueue }));
    const message = await nextMessage(harness.sqsClient, QueueUrl ?? '');

    // Assess
    expect(message.Body).toBe('{"p":1}');
  });

  test('reads at() times in the schedule time zone, UTC by default', () => {
    expect(dueTime('at(2025-01-15T09:00:00)')).toBe(Date.UTC(2025, 0, 15, 9, 0, 0));
    expect(dueTime('at(2025-01-15T09:00:00)', 'America/Sao_Paulo')).toBe(Date.UTC(2025, 0, 15, 12, 0, 0));
    expect(dueTime('at(2025-07-01T12:00:00)', 'Europe/Berlin')).toBe(Date.UTC(2025, 6, 1, 10, 0, 0));
    expect(dueTime('at(2025-01-01T12:00:00)', 'Europe/Berlin')).toBe(Date.UTC(2025, 0, 1, 11, 0, 0));
  });
});
