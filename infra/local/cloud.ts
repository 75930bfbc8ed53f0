/**
 * The local cloud: every AWS stand-in started in this process, wired together from the same resource
 * definitions the CDK app deploys, with the backend's environment pointing at them. `npm start` runs it
 * with data under `.data/`; the integration tests run it on random ports with throwaway data.
 *
 * One local cloud per process: backend code reads its endpoints from `process.env` and caches its SDK
 * clients, exactly as a Lambda container does.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RuntimeConfig } from '../../shared/runtime-config';
import { MEDIA_BUCKET, mediaBucketName } from '../resources/buckets';
import { logger } from '../../functions/core/logger';
import { ENV } from '../resources/environment';
import { HTTP_ROUTES, type HttpModule } from '../resources/http-routes';
import { RECURRING_SCHEDULES } from '../resources/recurring-schedules';
import { QUEUES, queueName, queueUrlEnv, SCHEDULE_DUE_QUEUE_ID, type QueueDefinition } from '../resources/queues';
import { tableName } from '../resources/table';
import { WS_AUTHORIZER, WS_ROUTES, WS_STAGE } from '../resources/ws-routes';
import { createLocalAccessTokenVerifier, startCognito } from './cognito';
import { startDynamo } from './dynamodb';
import { startDynamoThread, type ThreadedDynamo } from './dynamodb-thread';
import { startEventSourcePoller } from './event-source-poller';
import { startGraphSimulator } from './graph-simulator';
import { startHttpGateway } from './http-gateway';
import { loadOncePerModule, type AnyHandler } from './lambda';
import { startS3 } from './s3';
import { startRecurringSchedules } from './recurring-schedules';
import { startScheduler } from './scheduler';
import { LOCAL_ACCOUNT_ID, LOCAL_REGION, startSqs } from './sqs';
import { startWsGateway } from './ws-gateway';

export interface LocalPorts {
  readonly web: number;
  readonly http: number;
  readonly ws: number;
  readonly dynamodb: number;
  readonly s3: number;
  readonly sqs: number;
  readonly cognito: number;
  readonly scheduler: number;
  /** The Graph API simulator (Meta's Cloud API, graph-simulator.ts); absent: a free port. */
  readonly graph?: number;
}

export interface LocalCloudOptions {
  /** Where data persists; without it everything is throwaway (DynamoDB in memory, temp dirs). */
  readonly dataDir?: string;
  /** 0 picks a free port. */
  readonly ports: LocalPorts;
  readonly stage?: string;
  /** Serve the web app with Vite (not needed by API tests). */
  readonly web?: boolean;
  /** Queue definitions; tests may pass their own consumers. */
  readonly queues?: readonly QueueDefinition[];
  /**
   * How the cloud finds a handler module under functions/; tests may substitute their own. The cloud
   * calls it once per module (see loadOncePerModule).
   */
  readonly loadHandler?: (module: string) => Promise<AnyHandler>;
  readonly logLevel?: string;
  /** The TTL sweeper's period; 0 disables it. */
  readonly ttlSweepIntervalMs?: number;
  /** Run the local DynamoDB on a thread of its own (benchmarks; see dynamodb-thread.ts). */
  readonly dynamoThread?: boolean;
}

export interface LocalCloud {
  readonly config: RuntimeConfig;
  readonly urls: Readonly<Record<'web' | 'api' | 'ws' | 'dynamodb' | 's3' | 'sqs' | 'cognito' | 'scheduler' | 'graph', string>>;
  readonly tableName: string;
  readonly mediaBucket: string;
  readonly queueUrls: Readonly<Record<string, string>>;
  readonly deadLetterQueueUrls: Readonly<Record<string, string>>;
  /** Runs the TTL sweep now (tests). */
  sweepExpired(): Promise<number>;
  /** The local DynamoDB's own thread, when started with `dynamoThread`. */
  readonly dynamoThread: ThreadedDynamo | undefined;
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';

type CloudLevel = 'debug' | 'info' | 'warn' | 'error';
const CLOUD_LEVELS: readonly string[] = ['debug', 'info', 'warn', 'error'] satisfies CloudLevel[];

/**
 * The stand-ins' log lines (requests, polls, schedules) go through the backend's logger, so they have
 * the backend's JSON shape and level (LOG_LEVEL, which the cloud sets to its `logLevel`), marked
 * `source: 'local-cloud'`. An entry's `message` (or `msg`, or `type`) is the line's message.
 */
function cloudLog(entry: Record<string, unknown>): void {
  const { level, message, msg, ...fields } = entry;
  const at: CloudLevel = typeof level === 'string' && CLOUD_LEVELS.includes(level) ? (level as CloudLevel) : 'info';
  const text = [message, msg, fields.type].find((value): value is string => typeof value === 'string') ?? 'local cloud';
  logger[at](text, { source: 'local-cloud', ...fields });
}

/** Handler modules are loaded on first use, like a cold start; `.ts` resolves under tsx and jest alike. */
export const loadFunctionHandler = async (module: string): Promise<AnyHandler> => {
  const loaded = (await import(`../../functions/${module}.ts`)) as { handler?: AnyHandler };
  if (typeof loaded.handler !== 'function') throw new Error(`functions/${module} exports no handler`);
  return loaded.handler;
};

export async function startLocalCloud(options: LocalCloudOptions): Promise<LocalCloud> {
  const stage = options.stage ?? 'local';
  const queues = options.queues ?? QUEUES;
  const loadHandler = loadOncePerModule(options.loadHandler ?? loadFunctionHandler);
  const persistent = options.dataDir !== undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'atende-cloud-')));
  await mkdir(dataDir, { recursive: true });
  const logLevel = options.logLevel ?? process.env[ENV.logLevel] ?? 'info';
  // Before anything logs: the stand-ins and the handlers log through the backend's logger at this level.
  process.env[ENV.logLevel] = logLevel;
  const log = cloudLog;
  const stoppers: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stoppers.reverse()) await stop().catch(() => undefined);
    if (!persistent) await rm(dataDir, { recursive: true, force: true });
  };

  try {
    const table = tableName(stage);
    const dynamoOptions = {
      port: options.ports.dynamodb,
      host: HOST,
      dataDir: persistent ? join(dataDir, 'dynamodb') : undefined,
      tableName: table,
      ttlSweepIntervalMs: options.ttlSweepIntervalMs,
    };
    const dynamoThread = options.dynamoThread ? await startDynamoThread(dynamoOptions) : undefined;
    const dynamo = dynamoThread ?? (await startDynamo(dynamoOptions));
    stoppers.push(() => dynamo.stop());

    const webOrigins = [`http://localhost:${options.ports.web}`, `http://127.0.0.1:${options.ports.web}`];
    const bucket = mediaBucketName(stage, LOCAL_ACCOUNT_ID);
    const s3 = await startS3({
      port: options.ports.s3,
      host: HOST,
      dataDir: join(dataDir, 's3'),
      buckets: [{ name: bucket, cors: MEDIA_BUCKET.cors }],
      allowedOrigins: webOrigins,
    });
    stoppers.push(() => s3.stop());

    const sqs = await startSqs({ port: options.ports.sqs, host: HOST, stage, queues });
    stoppers.push(() => sqs.stop());

    const cognito = await startCognito({
      port: options.ports.cognito,
      host: HOST,
      dataDir: join(dataDir, 'cognito'),
      poolName: `atende-${stage}`,
      clientName: 'web',
    });
    stoppers.push(() => cognito.stop());

    const scheduler = await startScheduler({
      port: options.ports.scheduler,
      host: HOST,
      dataFile: persistent ? join(dataDir, 'scheduler.json') : undefined,
      sqsEndpoint: sqs.endpoint,
      log,
    });
    stoppers.push(() => scheduler.stop());

    // Meta's Cloud API for `cloud` connections, so they run without a Meta account (README).
    const graph = await startGraphSimulator({
      port: options.ports.graph ?? 0,
      host: HOST,
      dataDir: persistent ? join(dataDir, 'graph-simulator') : undefined,
      log,
    });
    stoppers.push(() => graph.stop());

    // Endpoints first: handlers read them on their first call, which can come as soon as a gateway listens.
    Object.assign(process.env, {
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_ENDPOINT_URL_S3: s3.endpoint,
      AWS_ENDPOINT_URL_SQS: sqs.endpoint,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito.endpoint,
      AWS_ENDPOINT_URL_SCHEDULER: scheduler.endpoint,
      [ENV.stage]: stage,
      [ENV.tableName]: table,
      [ENV.mediaBucket]: bucket,
      [ENV.userPoolId]: cognito.userPoolId,
      [ENV.userPoolClientId]: cognito.clientId,
      [ENV.schedulerRoleArn]: `arn:aws:iam::${LOCAL_ACCOUNT_ID}:role/atende-${stage}-scheduler`,
      [ENV.scheduleDueQueueArn]: `arn:aws:sqs:${LOCAL_REGION}:${LOCAL_ACCOUNT_ID}:${queueName(stage, { id: SCHEDULE_DUE_QUEUE_ID, fifo: false })}`,
      [ENV.simulatorEnabled]: 'true',
      [ENV.logLevel]: logLevel,
      // No X-Ray daemon here: the backend's Tracer stays off (it is on only under Lambda; core/tracer.ts).
      POWERTOOLS_TRACE_ENABLED: 'false',
      // The session host long-polls its command queues as on AWS: the local SQS answers a long poll as
      // soon as a command is sent (local/sqs.ts).
      [ENV.sessionCommandWaitSeconds]: '20',
      // Locally a failed integration webhook is retried after 1, 2 and 4 seconds, not minutes.
      [ENV.integrationRetryBaseSeconds]: '1',
      // The stand-ins of the integrations' services listen on 127.0.0.1 (tests, benchmarks).
      [ENV.integrationPrivateHostsAllowed]: 'true',
      [ENV.whatsappCloudApiUrl]: graph.apiUrl,
      ...Object.fromEntries(queues.map((queue) => [queueUrlEnv(queue.id), sqs.queueUrls[queue.id]])),
    });

    const ws = await startWsGateway({
      port: options.ports.ws,
      host: HOST,
      routes: WS_ROUTES,
      authorizerModule: WS_AUTHORIZER.module,
      loadHandler,
      log,
    });
    stoppers.push(() => ws.stop());
    process.env[ENV.wsManagementEndpoint] = ws.managementEndpoint;

    const verifier = createLocalAccessTokenVerifier(cognito);
    const http = await startHttpGateway({
      port: options.ports.http,
      host: HOST,
      routes: HTTP_ROUTES,
      loadHandler: (module: HttpModule) => loadHandler(`http/${module}`),
      allowOrigins: webOrigins,
      verifyAccessToken: (token) => verifier.verify(token),
      log,
    });
    stoppers.push(() => http.stop());
    // The address outside services are given (a Cloud API connection's webhook URL): the gateway's own.
    process.env[ENV.publicApiUrl] = `http://localhost:${http.port}`;

    for (const queue of queues) {
      if (!queue.consumer) continue;
      const consumer = queue.consumer;
      const handler = await loadHandler(consumer.module);
      const poller = startEventSourcePoller({
        sqsEndpoint: sqs.endpoint,
        queueUrl: sqs.queueUrls[queue.id] ?? '',
        deadLetterQueueUrl: sqs.deadLetterQueueUrls[queue.id] ?? '',
        queue,
        consumer,
        handler,
        log,
      });
      const unsubscribe = sqs.onSend(() => poller.wake());
      stoppers.push(async () => {
        unsubscribe();
        await poller.stop();
      });
    }

    // Once the consumers run: the first messages are handled as soon as they are sent.
    const recurring = startRecurringSchedules({ sqsEndpoint: sqs.endpoint, queueUrl: sqs.queueUrls[SCHEDULE_DUE_QUEUE_ID] ?? '', schedules: RECURRING_SCHEDULES, log });
    stoppers.push(() => {
      recurring.stop();
      return Promise.resolve();
    });

    const apiUrl = `http://localhost:${http.port}`;
    const cognitoEndpoint = cognito.endpoint.replace(HOST, 'localhost');
    const config: RuntimeConfig = {
      apiUrl,
      wsUrl: `${ws.endpoint.replace(HOST, 'localhost')}/${WS_STAGE}`,
      region: LOCAL_REGION,
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.clientId,
      cognitoEndpoint,
      // As SIMULATOR_ENABLED above: the local cloud always offers the simulator.
      simulatorEnabled: true,
    };

    let webUrl = '';
    if (options.web) {
      // Loaded only when asked for: API tests never pay for Vite.
      const { startWeb } = await import('./web');
      const web = await startWeb({ port: options.ports.web, host: 'localhost', config });
      stoppers.push(() => web.stop());
      webUrl = web.url;
    }

    return {
      config,
      urls: {
        web: webUrl,
        api: apiUrl,
        ws: config.wsUrl,
        dynamodb: dynamo.endpoint,
        s3: s3.endpoint,
        sqs: sqs.endpoint,
        cognito: cognitoEndpoint,
        scheduler: scheduler.endpoint,
        graph: graph.apiUrl,
      },
      tableName: table,
      mediaBucket: bucket,
      queueUrls: sqs.queueUrls,
      deadLetterQueueUrls: sqs.deadLetterQueueUrls,
      sweepExpired: () => dynamo.sweepExpired(),
      dynamoThread,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
