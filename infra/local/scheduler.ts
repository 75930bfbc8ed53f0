/**
 * A local EventBridge Scheduler for the local cloud: speaks the REST-JSON API of the operations the
 * product uses (CreateSchedule, GetSchedule, UpdateSchedule, DeleteSchedule, ListSchedules), so that
 * `@aws-sdk/client-scheduler` talks to it unchanged with `endpoint` set, and delivers one-shot `at()`
 * schedules to their SQS queue target when due.
 *
 * Deliberate limits: only one-shot `at()` expressions (rate() and cron() are refused), only SQS queue
 * targets, only the `default` schedule group; FlexibleTimeWindow, StartDate, EndDate, RetryPolicy and
 * DeadLetterConfig are stored and returned but do not change when a schedule fires.
 *
 * Schedules are kept in `dataFile` when given, so they survive restarts; one that fell due while the
 * scheduler was stopped fires right after it starts again, as EventBridge delivers late within its retry
 * window. When SQS cannot be reached (or the queue does not exist yet) delivery is retried every tick.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import { GetQueueUrlCommand, SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { z } from 'zod';
import { closeServer, listen, urlHost } from './net';
import { LOCAL_ACCOUNT_ID, LOCAL_REGION, localSqsClient } from './sqs';

export interface StartSchedulerOptions {
  readonly port: number;
  readonly host?: string;
  /** JSON file holding the schedules across restarts; without it they live in memory only. */
  readonly dataFile?: string;
  readonly sqsEndpoint: string;
  /** How often due schedules are looked for. */
  readonly tickMs?: number;
  readonly log?: (entry: Record<string, unknown>) => void;
}

export interface LocalScheduler {
  readonly endpoint: string;
  readonly port: number;
  stop(): Promise<void>;
}

const DEFAULT_GROUP = 'default';
const DEFAULT_TICK_MS = 1000;
const MAX_BODY_BYTES = 1024 * 1024;
const NAME = /^[0-9a-zA-Z-_.]{1,64}$/;
const AT_EXPRESSION = /^at\((\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\)$/;
const SQS_QUEUE_ARN = /^arn:aws:sqs:[a-z0-9-]+:\d{12}:([A-Za-z0-9_-]{1,80}(?:\.fifo)?)$/;

const targetSchema = z.looseObject({
  Arn: z.string().min(1),
  RoleArn: z.string().min(1),
  Input: z.string().min(1).max(8192).optional(),
  SqsParameters: z.object({ MessageGroupId: z.string().min(1).max(128).optional() }).optional(),
});

/** The body of CreateSchedule and UpdateSchedule (the name travels in the path). */
const scheduleInputSchema = z.object({
  ScheduleExpression: z.string().min(1).max(256),
  ScheduleExpressionTimezone: z.string().min(1).max(50).optional(),
  Target: targetSchema,
  FlexibleTimeWindow: z.object({
    Mode: z.enum(['OFF', 'FLEXIBLE']),
    MaximumWindowInMinutes: z.number().int().min(1).max(1440).optional(),
  }),
  GroupName: z.string().min(1).max(64).optional(),
  StartDate: z.number().optional(),
  EndDate: z.number().optional(),
  Description: z.string().max(512).optional(),
  State: z.enum(['ENABLED', 'DISABLED']).optional(),
  KmsKeyArn: z.string().optional(),
  ClientToken: z.string().optional(),
  ActionAfterCompletion: z.enum(['NONE', 'DELETE']).optional(),
});

type ScheduleInput = z.infer<typeof scheduleInputSchema>;

interface StoredSchedule {
  readonly name: string;
  readonly groupName: string;
  readonly input: Omit<ScheduleInput, 'ClientToken' | 'GroupName'>;
  /** Milliseconds since the epoch. */
  readonly creationDate: number;
  readonly lastModificationDate: number;
  /** When the at() expression falls due, in milliseconds since the epoch. */
  readonly dueAt: number;
  /** Set once delivered, so that a kept schedule (ActionAfterCompletion NONE) never fires twice. */
  readonly firedAt?: number;
  /** Deduplication id of the delivery to a FIFO queue: a retry after a lost reply is not a second message. */
  readonly deliveryId: string;
}

const storedFileSchema = z.object({
  schedules: z.array(z.custom<StoredSchedule>((value) => typeof value === 'object' && value !== null)),
});

/** An error in the shape the SDK turns into its named exception class. */
class SchedulerError extends Error {
  constructor(
    readonly type: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const validation = (message: string): SchedulerError => new SchedulerError('ValidationException', 400, message);
const notFound = (message: string): SchedulerError => new SchedulerError('ResourceNotFoundException', 404, message);

export async function startScheduler(options: StartSchedulerOptions): Promise<LocalScheduler> {
  const scheduler = new Scheduler(options);
  await scheduler.load();
  return scheduler.start();
}

class Scheduler {
  private readonly schedules = new Map<string, StoredSchedule>();
  private readonly sqs: SQSClient;
  private readonly log: (entry: Record<string, unknown>) => void;
  private readonly server: Server;
  private saving: Promise<void> = Promise.resolve();
  private ticker: NodeJS.Timeout | undefined;
  private currentTick: Promise<void> | undefined;
  private stopping = false;
  private stopped: Promise<void> | undefined;
  /** Schedules whose last delivery failed, so that a long outage logs once per schedule, not per tick. */
  private readonly failing = new Set<string>();

  constructor(private readonly options: StartSchedulerOptions) {
    // No SDK retries: the next tick is the retry.
    this.sqs = localSqsClient(options.sqsEndpoint, 1);
    this.log = options.log ?? ((entry) => console.log(JSON.stringify(entry)));
    this.server = createServer((request, response) => {
      void this.handle(request, response);
    });
  }

  async load(): Promise<void> {
    if (this.options.dataFile === undefined) {
      return;
    }
    let text: string;
    try {
      text = await readFile(this.options.dataFile, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        return;
      }
      throw error;
    }
    // A damaged file stops the start rather than silently dropping every schedule in it.
    const { schedules } = storedFileSchema.parse(JSON.parse(text));
    for (const schedule of schedules) {
      this.schedules.set(key(schedule.groupName, schedule.name), schedule);
    }
  }

  async start(): Promise<LocalScheduler> {
    const host = this.options.host ?? '127.0.0.1';
    let port: number;
    try {
      port = await listen(this.server, this.options.port, host);
    } catch (error) {
      this.sqs.destroy();
      throw error;
    }
    this.ticker = setInterval(() => this.startTick(), this.options.tickMs ?? DEFAULT_TICK_MS);
    // Schedules that fell due while we were stopped go out now, not a tick later.
    this.startTick();
    return {
      endpoint: `http://${urlHost(host)}:${port}`,
      port,
      stop: () => (this.stopped ??= this.shutdown()),
    };
  }

  private async shutdown(): Promise<void> {
    this.stopping = true;
    clearInterval(this.ticker);
    await this.currentTick;
    await this.saving;
    await closeServer(this.server);
    this.sqs.destroy();
  }

  // ---- HTTP API --------------------------------------------------------------------------------------

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    try {
      const url = new URL(request.url ?? '/', 'http://scheduler.local');
      const path = url.pathname.split('/').filter((part) => part !== '').map((part) => decodeURIComponent(part));
      const method = request.method ?? 'GET';
      if (path.length === 1 && path[0] === 'schedules' && method === 'GET') {
        send(response, 200, this.list(url.searchParams));
        return;
      }
      const name = path.length === 2 && path[0] === 'schedules' ? path[1] : undefined;
      if (name !== undefined) {
        // GetSchedule and DeleteSchedule name the group in the query, the others in the body.
        const queryGroup = url.searchParams.get('groupName') ?? DEFAULT_GROUP;
        switch (method) {
          case 'POST':
            send(response, 200, await this.create(name, await readJson(request)));
            return;
          case 'PUT':
            send(response, 200, await this.update(name, await readJson(request)));
            return;
          case 'GET':
            send(response, 200, this.get(name, queryGroup));
            return;
          case 'DELETE':
            send(response, 200, await this.remove(name, queryGroup));
            return;
        }
      }
      const unsupported = `${method} ${url.pathname} is not supported by the local scheduler`;
      throw new SchedulerError('UnknownOperationException', 404, unsupported);
    } catch (error) {
      if (error instanceof SchedulerError) {
        send(response, error.status, { Message: error.message }, error.type);
        return;
      }
      this.log({ level: 'error', message: 'scheduler request failed', error: String(error) });
      send(response, 500, { Message: 'Internal error of the local scheduler' }, 'InternalServerException');
      return;
    }
  }

  private async create(name: string, body: unknown): Promise<{ ScheduleArn: string }> {
    const input = parseScheduleInput(name, body);
    const groupName = input.GroupName ?? DEFAULT_GROUP;
    assertGroupExists(groupName);
    if (this.schedules.has(key(groupName, name))) {
      throw new SchedulerError('ConflictException', 409, `Schedule ${name} already exists.`);
    }
    const now = Date.now();
    await this.put(toStored(name, groupName, input, now, now));
    return { ScheduleArn: scheduleArn(groupName, name) };
  }

  /** Replaces the whole definition, as UpdateSchedule does; a new at() time can fire again. */
  private async update(name: string, body: unknown): Promise<{ ScheduleArn: string }> {
    const input = parseScheduleInput(name, body);
    const groupName = input.GroupName ?? DEFAULT_GROUP;
    const existing = this.existing(groupName, name);
    await this.put(toStored(name, groupName, input, existing.creationDate, Date.now()));
    return { ScheduleArn: scheduleArn(groupName, name) };
  }

  private get(name: string, groupName: string): Record<string, unknown> {
    const schedule = this.existing(groupName, name);
    const { input } = schedule;
    return {
      Arn: scheduleArn(groupName, name),
      GroupName: groupName,
      Name: name,
      ScheduleExpression: input.ScheduleExpression,
      ScheduleExpressionTimezone: input.ScheduleExpressionTimezone,
      StartDate: input.StartDate,
      EndDate: input.EndDate,
      Description: input.Description,
      State: input.State ?? 'ENABLED',
      KmsKeyArn: input.KmsKeyArn,
      Target: input.Target,
      FlexibleTimeWindow: input.FlexibleTimeWindow,
      ActionAfterCompletion: input.ActionAfterCompletion ?? 'NONE',
      CreationDate: schedule.creationDate / 1000,
      LastModificationDate: schedule.lastModificationDate / 1000,
    };
  }

  private async remove(name: string, groupName: string): Promise<Record<string, never>> {
    this.existing(groupName, name);
    this.schedules.delete(key(groupName, name));
    await this.save();
    return {};
  }

  private list(query: URLSearchParams): { Schedules: Record<string, unknown>[]; NextToken?: string } {
    // The SDK sends the group of ListSchedules as `ScheduleGroup`; `groupName` is accepted as well.
    const groupName = query.get('ScheduleGroup') ?? query.get('groupName') ?? DEFAULT_GROUP;
    const namePrefix = query.get('NamePrefix') ?? '';
    const state = query.get('State');
    const maxResults = Number(query.get('MaxResults') ?? '100');
    if (!Number.isInteger(maxResults) || maxResults < 1 || maxResults > 100) {
      throw validation('MaxResults must be an integer from 1 to 100.');
    }
    const after = decodeNextToken(query.get('NextToken'));
    const matching = [...this.schedules.values()]
      .filter((schedule) => schedule.groupName === groupName && schedule.name.startsWith(namePrefix))
      .filter((schedule) => state === null || (schedule.input.State ?? 'ENABLED') === state)
      .filter((schedule) => after === undefined || schedule.name > after)
      .sort((a, b) => (a.name < b.name ? -1 : 1));
    const page = matching.slice(0, maxResults);
    const last = page.at(-1);
    return {
      Schedules: page.map((schedule) => ({
        Arn: scheduleArn(schedule.groupName, schedule.name),
        Name: schedule.name,
        GroupName: schedule.groupName,
        State: schedule.input.State ?? 'ENABLED',
        CreationDate: schedule.creationDate / 1000,
        LastModificationDate: schedule.lastModificationDate / 1000,
        Target: { Arn: schedule.input.Target.Arn },
      })),
      ...(matching.length > page.length && last ? { NextToken: Buffer.from(last.name).toString('base64url') } : {}),
    };
  }

  private existing(groupName: string, name: string): StoredSchedule {
    assertGroupExists(groupName);
    const schedule = this.schedules.get(key(groupName, name));
    if (schedule === undefined) {
      throw notFound(`Schedule ${name} does not exist.`);
    }
    return schedule;
  }

  private async put(schedule: StoredSchedule): Promise<void> {
    this.schedules.set(key(schedule.groupName, schedule.name), schedule);
    this.failing.delete(key(schedule.groupName, schedule.name));
    await this.save();
  }

  // ---- persistence -----------------------------------------------------------------------------------

  /** Writes every schedule to the data file: one write at a time, each atomic (temp file, then rename). */
  private save(): Promise<void> {
    const { dataFile } = this.options;
    if (dataFile === undefined) {
      return Promise.resolve();
    }
    const write = async (): Promise<void> => {
      const text = JSON.stringify({ schedules: [...this.schedules.values()] }, null, 2);
      const temporary = `${dataFile}.${process.pid}.${randomUUID()}.tmp`;
      await mkdir(dirname(dataFile), { recursive: true });
      await writeFile(temporary, text, 'utf8');
      await rename(temporary, dataFile);
    };
    const next = this.saving.then(write);
    // A failed write must not block the ones after it; the caller of this save still sees the failure.
    this.saving = next.catch(() => undefined);
    return next;
  }

  // ---- delivery --------------------------------------------------------------------------------------

  private startTick(): void {
    if (this.currentTick !== undefined || this.stopping) {
      return;
    }
    this.currentTick = this.deliverDueSchedules()
      .catch((error: unknown) => this.log({ level: 'error', message: 'scheduler tick failed', error: String(error) }))
      .finally(() => {
        this.currentTick = undefined;
      });
  }

  private async deliverDueSchedules(): Promise<void> {
    const now = Date.now();
    const due = [...this.schedules.values()].filter(
      (schedule) =>
        (schedule.input.State ?? 'ENABLED') === 'ENABLED' && schedule.firedAt === undefined && schedule.dueAt <= now,
    );
    for (const schedule of due) {
      if (this.stopping) {
        return;
      }
      const scheduleKey = key(schedule.groupName, schedule.name);
      try {
        await this.deliver(schedule);
      } catch (error) {
        if (!this.failing.has(scheduleKey)) {
          this.failing.add(scheduleKey);
          this.log({
            level: 'warn',
            message: 'schedule delivery failed, retrying every tick',
            schedule: scheduleKey,
            error: String(error),
          });
        }
        continue;
      }
      this.failing.delete(scheduleKey);
      const target = schedule.input.Target.Arn;
      this.log({ level: 'info', message: 'schedule delivered', schedule: scheduleKey, target });
      // Updated or deleted while we were sending: the new definition stands as it is.
      if (this.schedules.get(scheduleKey) !== schedule) {
        continue;
      }
      if (schedule.input.ActionAfterCompletion === 'DELETE') {
        this.schedules.delete(scheduleKey);
      } else {
        this.schedules.set(scheduleKey, { ...schedule, firedAt: Date.now() });
      }
      await this.save();
    }
  }

  private async deliver(schedule: StoredSchedule): Promise<void> {
    const { Target } = schedule.input;
    const queueName = sqsQueueName(Target.Arn);
    const { QueueUrl } = await this.sqs.send(new GetQueueUrlCommand({ QueueName: queueName }));
    const fifo = queueName.endsWith('.fifo');
    await this.sqs.send(
      new SendMessageCommand({
        QueueUrl,
        // EventBridge sends a default notification when there is no Input; an empty JSON object stands in.
        MessageBody: Target.Input ?? '{}',
        ...(fifo
          ? { MessageGroupId: Target.SqsParameters?.MessageGroupId, MessageDeduplicationId: schedule.deliveryId }
          : {}),
      }),
    );
  }
}

// ---- helpers -------------------------------------------------------------------------------------------

const key = (groupName: string, name: string): string => `${groupName}/${name}`;

const scheduleArn = (groupName: string, name: string): string =>
  `arn:aws:scheduler:${LOCAL_REGION}:${LOCAL_ACCOUNT_ID}:schedule/${groupName}/${name}`;

function assertGroupExists(groupName: string): void {
  if (groupName !== DEFAULT_GROUP) {
    throw notFound(`Schedule group ${groupName} does not exist (the local scheduler has only '${DEFAULT_GROUP}').`);
  }
}

function sqsQueueName(arn: string): string {
  const match = SQS_QUEUE_ARN.exec(arn);
  if (match?.[1] === undefined) {
    throw validation(`Invalid target ${arn}: the local scheduler supports only SQS queue ARNs.`);
  }
  return match[1];
}

function parseScheduleInput(name: string, body: unknown): ScheduleInput {
  if (!NAME.test(name)) {
    throw validation('Name must be 1 to 64 letters, digits, dashes, underscores or dots.');
  }
  const parsed = scheduleInputSchema.safeParse(body);
  if (!parsed.success) {
    throw validation(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
  }
  const input = parsed.data;
  const queueName = sqsQueueName(input.Target.Arn);
  if (queueName.endsWith('.fifo') && input.Target.SqsParameters?.MessageGroupId === undefined) {
    throw validation('Target.SqsParameters.MessageGroupId is required for a FIFO queue target.');
  }
  dueTime(input.ScheduleExpression, input.ScheduleExpressionTimezone);
  return input;
}

function toStored(
  name: string,
  groupName: string,
  input: ScheduleInput,
  creationDate: number,
  now: number,
): StoredSchedule {
  const { ClientToken: _clientToken, GroupName: _groupName, ...definition } = input;
  return {
    name,
    groupName,
    input: definition,
    creationDate,
    lastModificationDate: now,
    dueAt: dueTime(input.ScheduleExpression, input.ScheduleExpressionTimezone),
    deliveryId: randomUUID(),
  };
}

/** The instant an `at(yyyy-mm-ddThh:mm:ss)` expression names, read in its time zone (UTC by default). */
export function dueTime(expression: string, timeZone = 'UTC'): number {
  if (/^(rate|cron)\(/.test(expression)) {
    throw validation('Only one-shot at() schedule expressions are supported locally; rate() and cron() are not.');
  }
  const match = AT_EXPRESSION.exec(expression);
  if (match === null) {
    throw validation(`Invalid Schedule Expression ${expression}.`);
  }
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number, number, number, number, number, number,
  ];
  const wallClock = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wallClock);
  const realDate = year >= 1970 && check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
  if (!realDate || hour > 23 || minute > 59 || second > 59) {
    throw validation(`Invalid Schedule Expression ${expression}.`);
  }
  let offset: (instant: number) => number;
  try {
    offset = zoneOffset(timeZone);
  } catch {
    throw validation(`Invalid ScheduleExpressionTimezone ${timeZone}.`);
  }
  // The zone's offset depends on the instant itself; a second pass settles it next to DST changes.
  const firstGuess = wallClock - offset(wallClock);
  return wallClock - offset(firstGuess);
}

/** How far a time zone's wall clock is ahead of UTC at a given instant, in milliseconds. */
function zoneOffset(timeZone: string): (instant: number) => number {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return (instant) => {
    const parts = new Map(format.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]));
    const field = (type: Intl.DateTimeFormatPartTypes): number => parts.get(type) ?? 0;
    const date = [field('year'), field('month') - 1, field('day')] as const;
    const wallClock = Date.UTC(...date, field('hour'), field('minute'), field('second'));
    return wallClock - Math.floor(instant / 1000) * 1000;
  };
}

function decodeNextToken(token: string | null): string | undefined {
  if (token === null) {
    return undefined;
  }
  const name = Buffer.from(token, 'base64url').toString('utf8');
  if (!NAME.test(name)) {
    throw validation('Invalid NextToken.');
  }
  return name;
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY_BYTES) {
      throw validation('Request body too large.');
    }
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return text === '' ? {} : JSON.parse(text);
  } catch {
    throw validation('The request body is not valid JSON.');
  }
}

function send(response: ServerResponse, status: number, body: unknown, errorType?: string): void {
  response.writeHead(status, {
    'content-type': 'application/json',
    'x-amzn-requestid': randomUUID(),
    ...(errorType ? { 'x-amzn-errortype': errorType } : {}),
  });
  response.end(JSON.stringify(body));
}
