/**
 * `atende-<stage>-ops`: what the operator watches the stage with. An SNS topic (encrypted with a key of
 * its own, since CloudWatch cannot publish to a topic under the AWS managed SNS key), an email
 * subscription when `-c alarmEmail=<address>` is given, the alarms that act on it, and one dashboard.
 *
 * A stack of its own because the app stack is near CloudFormation's 500 resources (README, Deploying a
 * stage). It reads the app stack's public properties: functions, queues, the session host and the
 * table are named by fixed names per stage, so only the two API ids cross the stacks (as outputs of the
 * app stack read with Fn::GetStackOutput, cdk.json's weak references).
 *
 * The business metrics (infra/resources/metrics.ts) are read with CloudWatch Metrics Insights queries
 * filtered on the `stage` dimension: a query sums a metric over whichever other dimensions the backend
 * adds (Powertools adds `service`), so neither side has to know which function emits what.
 */
import { ArnFormat, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { BUSINESS_METRICS, METRICS_NAMESPACE } from '../resources/metrics';
import { deadLetterQueueName, type QueueDefinition } from '../resources/queues';
import { servingTableName, type StageConfig } from '../resources/stage';
import { MAIN_TABLE } from '../resources/table';
import type { AppStack } from './app-stack';
import { sessionClusterName, sessionServiceName } from './constructs/session-host';

/** The dimension through which the backend's metrics name their stage (Powertools default dimension). */
export const STAGE_DIMENSION = 'stage';

// Thresholds. Each is a number a person would act on, not the first sign of noise.

/**
 * Unhandled Lambda errors (crashes, timeouts, out of memory) per function in five minutes. Handlers map
 * domain errors to responses and consumers report failed records as partial batch failures, so Errors
 * counts only what escaped the code; three in five minutes is a broken deploy or dependency, one is a
 * cold start that lost a race and is retried.
 */
export const LAMBDA_ERRORS_PER_5_MIN = 3;
/**
 * Throttled invocations per function in five minutes. No function has reserved concurrency and every
 * queue consumer caps itself with maxConcurrency, so any throttle means the account's concurrency is
 * spent: an API caller got a 5xx or a queue's messages waited.
 */
export const LAMBDA_THROTTLES_PER_5_MIN = 1;
/**
 * Percentage of HTTP API answers that are 5xx, over five minutes, when at least HTTP_MIN_REQUESTS came.
 * The handlers answer domain errors with 4xx; 5xx is a failure of ours or of AWS. Five per cent for ten
 * minutes is a real outage of a module, not one tenant's bad request.
 */
export const HTTP_5XX_PERCENT = 5;
/** Fewer requests than this in five minutes make no rate (two failures of three requests at night). */
export const HTTP_MIN_REQUESTS = 20;
/**
 * p99 of the HTTP API's latency in milliseconds, for fifteen minutes. The lists answer in a few tens of
 * milliseconds of our code (README, Benchmarks) and a cold start adds about a second; three seconds at
 * p99 means users wait visibly on every page (the web's target for a usable ticket page is 1.5 s).
 */
export const HTTP_P99_LATENCY_MS = 3000;
/**
 * WebSocket integration and execution errors in five minutes. API Gateway has no metric for the 410 Gone
 * our publisher gets when it posts to a connection that left (a 410 is normal: the connection is then
 * deleted, docs/architecture.md §6). What breaks realtime is the API failing to call the $connect,
 * $disconnect and $default Lambdas or those failing: IntegrationError plus ExecutionError. Ten in five
 * minutes is several users unable to connect, not one expired ticket (that is a ClientError).
 */
export const WEBSOCKET_ERRORS_PER_5_MIN = 10;
/**
 * Minutes the session host may run fewer tasks than desired. Replacing a stopped task (pulling the
 * image, starting, taking over the leases) takes two to four minutes; ten minutes short is a task that
 * cannot start, and every WhatsApp session of its shards is offline meanwhile.
 */
export const SESSION_HOST_SHORT_MINUTES = 10;
/**
 * WhatsApp sessions disconnected in fifteen minutes across the stage, in two periods running. A deploy of
 * the host hands every session over once (a burst in one period); phones going offline drop a few. Fifty
 * in each of two quarter hours is sessions that keep dropping: a ban wave, a protocol change, or a host
 * losing its leases.
 */
export const SESSIONS_DISCONNECTED_PER_15_MIN = 50;
/**
 * Latest a scheduled message may go out, in seconds, for two five-minute periods running (the maximum,
 * since Metrics Insights has no percentiles). EventBridge Scheduler delivers a one-shot entry within a
 * minute and the schedule-due worker sends it in seconds; five minutes late means the queue or the
 * session's command queue is backed up.
 */
export const SCHEDULE_LATENESS_SECONDS = 300;
/**
 * DynamoDB read and write throttle events (table and indexes) in five minutes, in two periods running.
 * The table is on demand and the SDK retries a throttled request, so a throttle seldom reaches a user;
 * throttling that lasts ten minutes is a hot partition or the table's on-demand peak being hit.
 */
export const DYNAMODB_THROTTLES_PER_5_MIN = 1;

export interface OpsStackProps extends StackProps {
  readonly stage: StageConfig;
  readonly app: AppStack;
  /** The queue definitions the app stack was made from; one alarm per dead-letter queue. */
  readonly queues: readonly QueueDefinition[];
  /** Where alarm notifications are emailed (`-c alarmEmail=`); none: subscribe to the topic yourself. */
  readonly alarmEmail?: string;
}

const FIVE_MINUTES = Duration.minutes(5);

export class OpsStack extends Stack {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];
  /** The alarms of the stage as a whole (not one per function), shown in the dashboard's status row. */
  private readonly stageAlarms: cloudwatch.Alarm[] = [];
  readonly dashboard: cloudwatch.Dashboard;
  private readonly stageName: string;
  private readonly action: SnsAction;

  constructor(scope: Construct, id: string, { stage, app, queues, alarmEmail, ...props }: OpsStackProps) {
    super(scope, id, props);
    this.addStackDependency(app);
    this.stageName = stage.name;
    const prefix = `atende-${stage.name}`;

    // CloudWatch publishes to an encrypted topic only under a customer managed key whose policy lets it.
    const key = new kms.Key(this, 'AlarmsKey', {
      description: `Encrypts the ${prefix} alarm notifications`,
      enableKeyRotation: true,
      // Kept in production, where old notifications may still need reading; removed with a dev stage.
      removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(7),
    });
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
      }),
    );
    this.topic = new sns.Topic(this, 'Alarms', {
      topicName: `${prefix}-alarms`,
      displayName: `Atende ${stage.name} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    // The topic's own policy (enforceSSL) replaces SNS's default one: let this account's alarms publish.
    this.topic.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': this.account },
          ArnLike: { 'aws:SourceArn': this.formatArn({ service: 'cloudwatch', resource: 'alarm', resourceName: `${prefix}-*`, arnFormat: ArnFormat.COLON_RESOURCE_NAME }) },
        },
      }),
    );
    if (alarmEmail !== undefined) this.topic.addSubscription(new EmailSubscription(alarmEmail));
    this.action = new SnsAction(this.topic);

    // Dead-letter queues: a message there is a failure nobody has looked at yet.
    const dlqDepths = queues.map((definition) => {
      const depth = new cloudwatch.Metric({
        namespace: 'AWS/SQS',
        metricName: 'ApproximateNumberOfMessagesVisible',
        dimensionsMap: { QueueName: deadLetterQueueName(stage.name, definition) },
        statistic: cloudwatch.Stats.MAXIMUM,
        period: FIVE_MINUTES,
        label: definition.id,
      });
      this.alarm(`dlq-${definition.id}`, depth, {
        threshold: 0,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        description: `Messages wait in the dead-letter queue of ${definition.id}: read them, fix the cause, redrive them.`,
      });
      return depth;
    });

    // Lambda: one alarm per function and kind, so the notification names the function. The ops stack has
    // room for them (about two per function); a metric math alarm takes at most 10 metrics, fewer than
    // the stage's functions, and would only say that some function failed.
    const functionErrors: cloudwatch.IMetric[] = [];
    const functionThrottles: cloudwatch.IMetric[] = [];
    for (const { functionName } of app.backend.functions) {
      const short = functionName.slice(prefix.length + 1);
      const lambdaMetric = (metricName: string) =>
        new cloudwatch.Metric({
          namespace: 'AWS/Lambda',
          metricName,
          dimensionsMap: { FunctionName: functionName },
          statistic: cloudwatch.Stats.SUM,
          period: FIVE_MINUTES,
          label: short,
        });
      const errors = lambdaMetric('Errors');
      const throttles = lambdaMetric('Throttles');
      functionErrors.push(errors);
      functionThrottles.push(throttles);
      this.alarm(`lambda-errors-${short}`, errors, {
        threshold: LAMBDA_ERRORS_PER_5_MIN,
        description: `${functionName} failed unhandled (crash, timeout or out of memory): see its logs and traces.`,
        perFunction: true,
      });
      this.alarm(`lambda-throttles-${short}`, throttles, {
        threshold: LAMBDA_THROTTLES_PER_5_MIN,
        description: `${functionName} was throttled: the account's Lambda concurrency is spent.`,
        perFunction: true,
      });
    }

    // HTTP API.
    const httpApiId = app.http.api.apiId;
    const httpMetric = (metricName: string, statistic: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap: { ApiId: httpApiId },
        statistic,
        period: FIVE_MINUTES,
      });
    const requests = httpMetric('Count', cloudwatch.Stats.SUM).with({ label: 'requests' });
    const serverErrors = httpMetric('5xx', cloudwatch.Stats.SUM).with({ label: '5xx' });
    const clientErrors = httpMetric('4xx', cloudwatch.Stats.SUM).with({ label: '4xx' });
    const serverErrorRate = new cloudwatch.MathExpression({
      expression: `IF(requests >= ${HTTP_MIN_REQUESTS}, 100 * errors / requests, 0)`,
      usingMetrics: { requests, errors: serverErrors },
      period: FIVE_MINUTES,
      label: '5xx %',
    });
    this.alarm('http-5xx-rate', serverErrorRate, {
      threshold: HTTP_5XX_PERCENT,
      evaluationPeriods: 2,
      description: `More than ${HTTP_5XX_PERCENT}% of the HTTP API's answers are 5xx: see the modules' errors and logs.`,
    });
    const latencyP99 = httpMetric('Latency', cloudwatch.Stats.p(99)).with({ label: 'p99' });
    const latencyP50 = httpMetric('Latency', cloudwatch.Stats.p(50)).with({ label: 'p50' });
    this.alarm('http-p99-latency', latencyP99, {
      threshold: HTTP_P99_LATENCY_MS,
      evaluationPeriods: 3,
      description: `The HTTP API's p99 latency is above ${HTTP_P99_LATENCY_MS} ms: see the traces of the slow module.`,
    });

    // WebSocket API (see WEBSOCKET_ERRORS_PER_5_MIN for why not a 410 rate).
    const wsApiId = app.realtime.api.apiId;
    const wsMetric = (metricName: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap: { ApiId: wsApiId },
        statistic: cloudwatch.Stats.SUM,
        period: FIVE_MINUTES,
        label: metricName,
      });
    const wsErrors = new cloudwatch.MathExpression({
      expression: 'integration + execution',
      usingMetrics: { integration: wsMetric('IntegrationError'), execution: wsMetric('ExecutionError') },
      period: FIVE_MINUTES,
      label: 'integration and execution errors',
    });
    this.alarm('websocket-errors', wsErrors, {
      threshold: WEBSOCKET_ERRORS_PER_5_MIN,
      description: 'The WebSocket API fails to run its routes: realtime updates are not reaching users.',
    });

    // Session host (Container Insights, enabled on the cluster).
    const hostMetric = (metricName: string, statistic: string) =>
      new cloudwatch.Metric({
        namespace: 'ECS/ContainerInsights',
        metricName,
        dimensionsMap: { ClusterName: sessionClusterName(stage), ServiceName: sessionServiceName(stage) },
        statistic,
        period: Duration.minutes(1),
        label: metricName,
      });
    const runningTasks = hostMetric('RunningTaskCount', cloudwatch.Stats.MINIMUM);
    const desiredTasks = hostMetric('DesiredTaskCount', cloudwatch.Stats.MAXIMUM);
    const missingTasks = new cloudwatch.MathExpression({
      expression: 'desired - running',
      usingMetrics: { desired: desiredTasks, running: runningTasks },
      period: Duration.minutes(1),
      label: 'tasks short of desired',
    });
    this.alarm('session-host-tasks', missingTasks, {
      threshold: 1,
      evaluationPeriods: SESSION_HOST_SHORT_MINUTES,
      // Container Insights reports a service every minute; silence means the service or its tasks are gone.
      treatMissingData: cloudwatch.TreatMissingData.BREACHING,
      description: `The session host (${sessionServiceName(stage)}) runs fewer tasks than desired: WhatsApp sessions of its shards are offline.`,
    });

    // Business metrics of the backend.
    const sessionsDisconnected = this.businessMetric(BUSINESS_METRICS.sessionsDisconnected, 'SUM', Duration.minutes(15));
    this.alarm('sessions-disconnected', sessionsDisconnected, {
      threshold: SESSIONS_DISCONNECTED_PER_15_MIN,
      evaluationPeriods: 2,
      description: 'WhatsApp sessions keep disconnecting: see the session host logs (bans, protocol changes, lost leases).',
    });
    const scheduleLateness = this.businessMetric(BUSINESS_METRICS.scheduleLatenessSeconds, 'MAX', FIVE_MINUTES);
    this.alarm('schedule-lateness', scheduleLateness, {
      threshold: SCHEDULE_LATENESS_SECONDS,
      evaluationPeriods: 2,
      description: `Scheduled messages go out more than ${SCHEDULE_LATENESS_SECONDS} s late: see the schedule-due queue and the session command queues.`,
    });

    // DynamoDB: read and write throttle events of the table and of each index, in one expression.
    const tableName = servingTableName(stage);
    const throttleMetrics: Record<string, cloudwatch.IMetric> = {};
    for (const [i, index] of [undefined, ...MAIN_TABLE.globalIndexes.map((found) => found.name)].entries()) {
      for (const kind of ['Read', 'Write'] as const) {
        throttleMetrics[`${kind.toLowerCase()}${i}`] = new cloudwatch.Metric({
          namespace: 'AWS/DynamoDB',
          metricName: `${kind}ThrottleEvents`,
          dimensionsMap: { TableName: tableName, ...(index !== undefined && { GlobalSecondaryIndexName: index }) },
          statistic: cloudwatch.Stats.SUM,
          period: FIVE_MINUTES,
        });
      }
    }
    const tableThrottles = new cloudwatch.MathExpression({
      expression: Object.keys(throttleMetrics).join(' + '),
      usingMetrics: throttleMetrics,
      period: FIVE_MINUTES,
      label: 'throttle events',
    });
    this.alarm('dynamodb-throttles', tableThrottles, {
      threshold: DYNAMODB_THROTTLES_PER_5_MIN,
      evaluationPeriods: 2,
      description: `${tableName} throttles reads or writes: see which partition is hot (CloudWatch Contributor Insights) or the on-demand peak.`,
    });

    const tableMetric = (metricName: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap: { TableName: tableName },
        statistic: cloudwatch.Stats.SUM,
        period: FIVE_MINUTES,
        label: metricName,
      });

    // The dashboard: health first, then the business.
    const graph = (title: string, left: cloudwatch.IMetric[], width = 8, right: cloudwatch.IMetric[] = []) =>
      new cloudwatch.GraphWidget({ title, left, right, width, height: 6 });
    const business = (title: string, metricName: string, statistic: 'SUM' | 'MAX' = 'SUM') =>
      // One Metrics Insights query per widget: CloudWatch runs one such query per graph.
      graph(title, [this.businessMetric(metricName, statistic, FIVE_MINUTES)], 6);
    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: prefix,
      defaultInterval: Duration.hours(6),
      widgets: [
        [
          // A status widget shows at most 100 alarms; the per-function ones are in the Lambda graphs below.
          new cloudwatch.AlarmStatusWidget({ title: 'Alarms of the stage', alarms: this.stageAlarms, width: 24, height: 4 }),
        ],
        [
          graph('HTTP API requests and errors', [requests], 8, [serverErrors, clientErrors]),
          graph('HTTP API latency (ms)', [latencyP50, latencyP99]),
          graph('WebSocket API', [wsMetric('ConnectCount'), wsMetric('MessageCount')], 8, [wsErrors]),
        ],
        [
          graph('Lambda errors by function', functionErrors, 12),
          graph('Lambda throttles by function', functionThrottles, 12),
        ],
        [
          graph('Dead-letter queues (messages)', dlqDepths),
          graph('Session host tasks', [runningTasks, desiredTasks]),
          graph('DynamoDB capacity and throttles', [tableMetric('ConsumedReadCapacityUnits'), tableMetric('ConsumedWriteCapacityUnits')], 8, [tableThrottles]),
        ],
        [
          business('Inbound messages', BUSINESS_METRICS.inboundMessages),
          business('Outbound messages', BUSINESS_METRICS.outboundMessages),
          business('Send failures', BUSINESS_METRICS.sendFailures),
          business('Schedule lateness, max (s)', BUSINESS_METRICS.scheduleLatenessSeconds, 'MAX'),
        ],
        [
          business('Sessions connected', BUSINESS_METRICS.sessionsConnected),
          business('Sessions disconnected', BUSINESS_METRICS.sessionsDisconnected),
          business('Session reconnects', BUSINESS_METRICS.sessionReconnects),
          business('Campaign messages sent', BUSINESS_METRICS.campaignMessagesSent),
        ],
        [
          business('Campaign messages skipped', BUSINESS_METRICS.campaignMessagesSkipped),
          business('AI calls', BUSINESS_METRICS.aiCalls),
          business('AI tokens', BUSINESS_METRICS.aiTokens),
          business('Webhook retries', BUSINESS_METRICS.webhookRetries),
        ],
        [
          business('Webhook dead letters', BUSINESS_METRICS.webhookDeadLetters),
          business('Payment notifications applied', BUSINESS_METRICS.paymentNotificationsApplied),
          business('Payment notifications ignored', BUSINESS_METRICS.paymentNotificationsIgnored),
        ],
      ],
    });
  }

  /** A business metric of this stage, summed (or maxed) over the other dimensions the backend adds. */
  private businessMetric(metricName: string, aggregate: 'SUM' | 'MAX', period: Duration): cloudwatch.MathExpression {
    return new cloudwatch.MathExpression({
      expression: `SELECT ${aggregate}(${metricName}) FROM "${METRICS_NAMESPACE}" WHERE ${STAGE_DIMENSION} = '${this.stageName}'`,
      usingMetrics: {},
      period,
      label: metricName,
    });
  }

  /** An alarm named `atende-<stage>-<id>` that notifies the topic when it fires and when it clears. */
  private alarm(
    id: string,
    metric: cloudwatch.IMetric,
    options: {
      readonly threshold: number;
      readonly description: string;
      readonly evaluationPeriods?: number;
      readonly comparisonOperator?: cloudwatch.ComparisonOperator;
      readonly treatMissingData?: cloudwatch.TreatMissingData;
      /** One of many alike (per function), left out of the dashboard's status row. @default false */
      readonly perFunction?: boolean;
    },
  ): cloudwatch.Alarm {
    const alarm = new cloudwatch.Alarm(this, `Alarm-${id}`, {
      alarmName: `atende-${this.stageName}-${id}`,
      alarmDescription: options.description,
      metric,
      threshold: options.threshold,
      evaluationPeriods: options.evaluationPeriods ?? 1,
      comparisonOperator: options.comparisonOperator ?? cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: options.treatMissingData ?? cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(this.action);
    alarm.addOkAction(this.action);
    this.alarms.push(alarm);
    if (options.perFunction !== true) this.stageAlarms.push(alarm);
    return alarm;
  }
}
