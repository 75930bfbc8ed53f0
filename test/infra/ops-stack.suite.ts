/**
 * The ops stack as deployed: the alarms of a stage, the SNS topic they act on, the email subscription
 * from `-c alarmEmail=`, and the dashboard. The expected alarms come from the same sources as the
 * resources they watch (the queue definitions, the app stack's functions), so a missing alarm fails here.
 */
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { BUSINESS_METRICS, METRICS_NAMESPACE } from '../../infra/resources/metrics';
import { deadLetterQueueName, QUEUES } from '../../infra/resources/queues';
import { MAIN_TABLE } from '../../infra/resources/table';
import { ALARM_EMAIL, DEV_QUEUES, stage } from './stages';
import type { SynthesizedStage } from './synth';

let dev: SynthesizedStage;
let prod: SynthesizedStage;
let prodWithEmail: SynthesizedStage;

beforeAll(() => {
  dev = stage('dev');
  prod = stage('prod');
  prodWithEmail = stage('prodCustomDomain');
});

interface MetricQuery {
  readonly Id: string;
  readonly Expression?: string;
  readonly MetricStat?: {
    readonly Metric: { readonly Namespace: string; readonly MetricName: string; readonly Dimensions?: { Name: string; Value: unknown }[] };
    readonly Stat: string;
  };
}

interface AlarmProperties {
  readonly AlarmName: string;
  readonly AlarmActions: unknown[];
  readonly OKActions: unknown[];
  readonly Threshold: number;
  readonly ComparisonOperator: string;
  readonly MetricName?: string;
  readonly Namespace?: string;
  readonly Dimensions?: { Name: string; Value: unknown }[];
  readonly Metrics?: MetricQuery[];
}

function alarmsOf(template: Template): AlarmProperties[] {
  return Object.values(template.findResources('AWS::CloudWatch::Alarm')).map((alarm) => alarm.Properties as AlarmProperties);
}

function alarmNamed(template: Template, name: string): AlarmProperties {
  const found = alarmsOf(template).find((alarm) => alarm.AlarmName === name);
  if (!found) throw new Error(`No alarm ${name}`);
  return found;
}

/** The metrics an alarm reads, whether it has one metric or a math expression over several. */
function metricsOf(alarm: AlarmProperties): { namespace: string; name: string; dimensions: Record<string, unknown> }[] {
  const queries = alarm.Metrics ?? [];
  return queries
    .filter((query) => query.MetricStat)
    .map((query) => ({
      namespace: query.MetricStat?.Metric.Namespace ?? '',
      name: query.MetricStat?.Metric.MetricName ?? '',
      dimensions: Object.fromEntries((query.MetricStat?.Metric.Dimensions ?? []).map((d) => [d.Name, d.Value])),
    }));
}

const expressionOf = (alarm: AlarmProperties): string | undefined =>
  alarm.Metrics?.find((query) => query.Expression !== undefined)?.Expression;

function topicId(template: Template): string {
  const ids = Object.keys(template.findResources('AWS::SNS::Topic'));
  expect(ids).toHaveLength(1);
  return ids[0] as string;
}

/** The names of the product's Lambdas in the app stack. */
function functionNames(synthesized: SynthesizedStage, stageName: string): string[] {
  return Object.values(synthesized.app.findResources('AWS::Lambda::Function'))
    .map((fn) => (fn.Properties as { FunctionName?: unknown }).FunctionName)
    .filter((name): name is string => typeof name === 'string' && name.startsWith(`atende-${stageName}-`));
}

describe('the ops stack', () => {
  it('is a stack of its own per stage, well inside the 500 resources, leaving the app stack under its guard', () => {
    // Act
    const opsResources = Object.keys(prod.ops.toJSON().Resources as object).length;

    // Assess
    expect(prod.stacks.ops.stackName).toBe('atende-prod-ops');
    expect(dev.stacks.ops.stackName).toBe('atende-dev-ops');
    expect(opsResources).toBeGreaterThan(50);
    expect(opsResources).toBeLessThan(250);
    expect(Object.keys(dev.app.toJSON().Resources as object).length).toBeLessThan(450);
  });

  it('sends every alarm to the stage topic when it fires and when it clears', () => {
    for (const synthesized of [dev, prod]) {
      // Prepare
      const topic = { Ref: topicId(synthesized.ops) };

      // Act
      const alarms = alarmsOf(synthesized.ops);

      // Assess
      expect(alarms.length).toBeGreaterThan(0);
      for (const alarm of alarms) {
        expect(alarm.AlarmActions).toEqual([topic]);
        expect(alarm.OKActions).toEqual([topic]);
      }
    }
  });

  it('has one alarm per dead-letter queue of the queue definitions, on any message visible there', () => {
    for (const [synthesized, stageName, definitions] of [
      [dev, 'dev', DEV_QUEUES],
      [prod, 'prod', QUEUES],
    ] as const) {
      // Act
      const watched = alarmsOf(synthesized.ops)
        .filter((alarm) => metricsOf(alarm).some((metric) => metric.name === 'ApproximateNumberOfMessagesVisible'))
        .map((alarm) => {
          expect(alarm).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' });
          return metricsOf(alarm)[0]?.dimensions.QueueName;
        });

      // Assess
      expect(watched.sort()).toEqual(definitions.map((definition) => deadLetterQueueName(stageName, definition)).sort());
    }
  });

  it('has an error alarm and a throttle alarm for every function of the stage', () => {
    // Prepare
    const names = functionNames(dev, 'dev');

    // Act
    const byMetric = (metricName: string) =>
      alarmsOf(dev.ops)
        .flatMap((alarm) => metricsOf(alarm))
        .filter((metric) => metric.namespace === 'AWS/Lambda' && metric.name === metricName)
        .map((metric) => metric.dimensions.FunctionName);

    // Assess
    expect(names.length).toBeGreaterThan(30);
    expect(byMetric('Errors').sort()).toEqual([...names].sort());
    expect(byMetric('Throttles').sort()).toEqual([...names].sort());
  });

  it('alarms on the HTTP API 5xx rate and p99 latency, reading the API id from the app stack', () => {
    // Prepare
    const [httpApiId] = Object.keys(prod.app.findResources('AWS::ApiGatewayV2::Api', { Properties: { ProtocolType: 'HTTP' } }));

    // Act
    const rate = alarmNamed(prod.ops, 'atende-prod-http-5xx-rate');
    const latency = alarmNamed(prod.ops, 'atende-prod-http-p99-latency');

    // Assess
    expect(metricsOf(rate).map((metric) => metric.name).sort()).toEqual(['5xx', 'Count']);
    expect(expressionOf(rate)).toMatch(/100 \* errors \/ requests/);
    expect(latency.Metrics?.[0]?.MetricStat).toMatchObject({ Metric: { MetricName: 'Latency' }, Stat: 'p99' });
    for (const metric of [...metricsOf(rate), ...metricsOf(latency)]) {
      expect(metric.namespace).toBe('AWS/ApiGateway');
      expect(JSON.stringify(metric.dimensions.ApiId)).toContain(`PublishOutputRef${httpApiId}`);
      expect(metric.dimensions.ApiId).toMatchObject({ 'Fn::GetStackOutput': expect.objectContaining({ StackName: 'atende-prod-app' }) });
    }
  });

  it('alarms on the WebSocket API failing to run its routes', () => {
    // Act
    const alarm = alarmNamed(prod.ops, 'atende-prod-websocket-errors');

    // Assess
    expect(metricsOf(alarm).map((metric) => metric.name).sort()).toEqual(['ExecutionError', 'IntegrationError']);
  });

  it('alarms when the session host runs fewer tasks than desired, on the service the app stack deploys', () => {
    // Prepare
    const [service] = Object.values(prod.app.findResources('AWS::ECS::Service')) as { Properties: { ServiceName: string } }[];
    const [cluster] = Object.values(prod.app.findResources('AWS::ECS::Cluster')) as { Properties: { ClusterName: string } }[];

    // Act
    const alarm = alarmNamed(prod.ops, 'atende-prod-session-host-tasks');

    // Assess
    expect(expressionOf(alarm)).toBe('desired - running');
    expect(metricsOf(alarm).map((metric) => metric.name).sort()).toEqual(['DesiredTaskCount', 'RunningTaskCount']);
    for (const metric of metricsOf(alarm)) {
      expect(metric).toMatchObject({
        namespace: 'ECS/ContainerInsights',
        dimensions: { ClusterName: cluster?.Properties.ClusterName, ServiceName: service?.Properties.ServiceName },
      });
    }
  });

  it('alarms on sessions disconnected and on schedule lateness from the business metrics of the stage', () => {
    // Act
    const disconnected = expressionOf(alarmNamed(prod.ops, 'atende-prod-sessions-disconnected'));
    const lateness = expressionOf(alarmNamed(prod.ops, 'atende-prod-schedule-lateness'));

    // Assess
    expect(disconnected).toBe(`SELECT SUM(${BUSINESS_METRICS.sessionsDisconnected}) FROM "${METRICS_NAMESPACE}" WHERE stage = 'prod'`);
    expect(lateness).toBe(`SELECT MAX(${BUSINESS_METRICS.scheduleLatenessSeconds}) FROM "${METRICS_NAMESPACE}" WHERE stage = 'prod'`);
  });

  it('alarms on read and write throttles of the table and of each of its indexes', () => {
    // Act
    const alarm = alarmNamed(prod.ops, 'atende-prod-dynamodb-throttles');

    // Assess
    const watched = metricsOf(alarm).map((metric) => `${metric.name} ${JSON.stringify(metric.dimensions.GlobalSecondaryIndexName ?? '-')}`);
    const expected = [undefined, ...MAIN_TABLE.globalIndexes.map((index) => index.name)].flatMap((index) =>
      ['ReadThrottleEvents', 'WriteThrottleEvents'].map((name) => `${name} ${JSON.stringify(index ?? '-')}`),
    );
    expect(watched.sort()).toEqual(expected.sort());
    for (const metric of metricsOf(alarm)) expect(metric.dimensions.TableName).toBe('atende-prod-main');
  });

  it('encrypts the topic with a rotated key CloudWatch may use, refuses plain HTTP and lets only this account alarms publish', () => {
    // Prepare
    const [keyId] = Object.keys(prod.ops.findResources('AWS::KMS::Key'));

    // Act
    const template = prod.ops;

    // Assess
    template.hasResourceProperties('AWS::SNS::Topic', { TopicName: 'atende-prod-alarms', KmsMasterKeyId: { 'Fn::GetAtt': [keyId, 'Arn'] } });
    template.hasResourceProperties('AWS::KMS::Key', {
      EnableKeyRotation: true,
      KeyPolicy: {
        Statement: Match.arrayWith([
          Match.objectLike({ Principal: { Service: 'cloudwatch.amazonaws.com' }, Action: ['kms:Decrypt', 'kms:GenerateDataKey*'] }),
        ]),
      },
    });
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'cloudwatch.amazonaws.com' },
            Action: 'sns:Publish',
            Condition: Match.objectLike({ StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } }),
          }),
        ]),
      },
    });
  });

  it('subscribes the alarmEmail address to the topic when the context gives one, and nobody otherwise', () => {
    // Act
    const withEmail = prodWithEmail.ops.findResources('AWS::SNS::Subscription');
    const without = prod.ops.findResources('AWS::SNS::Subscription');

    // Assess
    expect(Object.values(withEmail).map((subscription) => subscription.Properties)).toEqual([
      { Protocol: 'email', Endpoint: ALARM_EMAIL, TopicArn: { Ref: topicId(prodWithEmail.ops) } },
    ]);
    expect(without).toEqual({});
  });

  it('has one dashboard per stage with the health figures and every business metric of the stage', () => {
    // Act
    const dashboards = Object.values(prod.ops.findResources('AWS::CloudWatch::Dashboard')) as {
      Properties: { DashboardName: string; DashboardBody: unknown };
    }[];
    const body = JSON.stringify(dashboards[0]?.Properties.DashboardBody);

    // Assess
    expect(dashboards.map((dashboard) => dashboard.Properties.DashboardName)).toEqual(['atende-prod']);
    for (const metricName of Object.values(BUSINESS_METRICS)) {
      expect(body).toContain(`(${metricName}) FROM \\\\\\"${METRICS_NAMESPACE}\\\\\\" WHERE stage = 'prod'`);
    }
    for (const figure of ['5xx', 'Latency', 'ConnectCount', 'Errors', 'Throttles', 'ApproximateNumberOfMessagesVisible', 'RunningTaskCount', 'ReadThrottleEvents']) {
      expect(body).toContain(`\\"${figure}\\"`);
    }
  });
});
