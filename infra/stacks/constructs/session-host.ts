/**
 * The session host: the long-lived process that holds the WhatsApp sockets (functions/sessions), run as
 * an ECS Fargate service on arm64. It reads the per-shard command queues, sends inbound events to
 * wa-events, and uses the same environment and data grants as the Lambdas.
 *
 * Network, by stage: development stages put the tasks in public subnets with a public IP and no NAT
 * gateway (no inbound rule exists, so the address only serves outbound calls), which costs nothing
 * while idle. Production puts them in private subnets behind one NAT gateway per AZ, so tasks are not
 * addressable from the internet and an AZ outage takes away only that AZ's egress. Gateway endpoints
 * (free) keep DynamoDB and S3 traffic off the NAT gateways.
 */
import { Duration, IgnoreMode, RemovalPolicy } from 'aws-cdk-lib';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import { Platform } from 'aws-cdk-lib/aws-ecr-assets';
import * as ecs from 'aws-cdk-lib/aws-ecs';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { logRetention } from '../log-retention';
import { ENV } from '../../resources/environment';
import { METRICS_NAMESPACE } from '../../resources/metrics';
import { SESSION_SHARDS, sessionCommandQueueId } from '../../resources/queues';
import type { StageConfig } from '../../resources/stage';
import { acknowledgeRule, acknowledgeWildcardResource } from '../nag';
import { REPO_ROOT } from '../repo-root';
import type { Backend } from './backend';
import type { Queues } from './queues';

export interface SessionHostProps {
  readonly stage: StageConfig;
  readonly backend: Backend;
  readonly queues: Queues;
  /** Where the VPC flow logs go. */
  readonly accessLogs: s3.IBucket;
}

/** The host's Powertools service name: its module under functions/, as each Lambda's is its own. */
export const SESSION_HOST_SERVICE = 'sessions/main';

/** The cluster's and the service's names, fixed per stage so the ops stack names them without a reference. */
export const sessionClusterName = (stage: Pick<StageConfig, 'name'>): string => `atende-${stage.name}-sessions`;
export const sessionServiceName = (stage: Pick<StageConfig, 'name'>): string => `atende-${stage.name}-session-host`;

/** The queue the host sends inbound WhatsApp events to. */
const EVENTS_QUEUE_ID = 'wa-events';

export class SessionHost extends Construct {
  readonly vpc: ec2.Vpc;
  readonly cluster: ecs.Cluster;
  readonly service: ecs.FargateService;

  constructor(scope: Construct, id: string, { stage, backend, queues, accessLogs }: SessionHostProps) {
    super(scope, id);
    const privateTasks = stage.isProduction;

    this.vpc = new ec2.Vpc(this, 'Vpc', {
      maxAzs: 2,
      natGateways: privateTasks ? 2 : 0,
      subnetConfiguration: [
        { name: 'public', subnetType: ec2.SubnetType.PUBLIC, cidrMask: 24 },
        ...(privateTasks ? [{ name: 'tasks', subnetType: ec2.SubnetType.PRIVATE_WITH_EGRESS, cidrMask: 22 }] : []),
      ],
      gatewayEndpoints: {
        dynamodb: { service: ec2.GatewayVpcEndpointAwsService.DYNAMODB },
        s3: { service: ec2.GatewayVpcEndpointAwsService.S3 },
      },
      flowLogs: {
        all: { destination: ec2.FlowLogDestination.toS3(accessLogs, 'vpc-flow-logs/') },
      },
    });

    this.cluster = new ecs.Cluster(this, 'Cluster', {
      vpc: this.vpc,
      clusterName: sessionClusterName(stage),
      containerInsightsV2: ecs.ContainerInsights.ENABLED,
    });

    const taskDefinition = new ecs.FargateTaskDefinition(this, 'Task', {
      cpu: stage.sessionHost.cpu,
      memoryLimitMiB: stage.sessionHost.memoryMiB,
      runtimePlatform: {
        cpuArchitecture: ecs.CpuArchitecture.ARM64,
        operatingSystemFamily: ecs.OperatingSystemFamily.LINUX,
      },
    });
    taskDefinition.addContainer('host', {
      // Built from the repository root so the image can bundle functions/, shared/ and infra/resources;
      // .dockerignore keeps node_modules, build output and local data out of the context.
      image: ecs.ContainerImage.fromAsset(REPO_ROOT, {
        file: 'functions/sessions/Dockerfile',
        platform: Platform.LINUX_ARM64,
        ignoreMode: IgnoreMode.DOCKER,
      }),
      // The functions' environment with the logger and metrics settings; no X-Ray daemon runs beside the
      // host, so it does not trace.
      environment: {
        ...backend.environment,
        [ENV.sessionCommandWaitSeconds]: '20',
        [ENV.powertoolsServiceName]: SESSION_HOST_SERVICE,
        [ENV.powertoolsMetricsDisabled]: 'false',
      },
      logging: ecs.LogDrivers.awsLogs({
        streamPrefix: 'session-host',
        logGroup: new logs.LogGroup(this, 'Logs', {
          retention: logRetention(stage),
          removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
        }),
      }),
      // SIGTERM gives the host this long to release its leases and close the sockets.
      stopTimeout: Duration.seconds(30),
    });

    backend.grant(taskDefinition.taskRole, taskDefinition, ['data', 'media', 'realtime']);
    for (let shard = 0; shard < SESSION_SHARDS; shard++) {
      queues.byId(sessionCommandQueueId(shard)).grantConsumeMessages(taskDefinition.taskRole);
    }
    queues.byId(EVENTS_QUEUE_ID).grantSendMessages(taskDefinition.taskRole);
    // Its business metrics go out with PutMetricData (Fargate's log driver does not read EMF lines), into
    // the product's namespace only; the action has no resource to name.
    taskDefinition.taskRole.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['cloudwatch:PutMetricData'],
        resources: ['*'],
        conditions: { StringEquals: { 'cloudwatch:namespace': METRICS_NAMESPACE } },
      }),
    );
    acknowledgeWildcardResource(taskDefinition.taskRole, '*', 'cloudwatch:PutMetricData takes no resource; the statement is limited to the product namespace by the cloudwatch:namespace condition.');

    this.service = new ecs.FargateService(this, 'Service', {
      serviceName: sessionServiceName(stage),
      cluster: this.cluster,
      taskDefinition,
      desiredCount: stage.sessionHost.desiredCount,
      // New tasks start before old ones stop, so the old ones hand their leases over instead of
      // leaving shards without an owner.
      minHealthyPercent: 100,
      maxHealthyPercent: 200,
      circuitBreaker: { enable: true, rollback: true },
      assignPublicIp: !privateTasks,
      vpcSubnets: { subnetType: privateTasks ? ec2.SubnetType.PRIVATE_WITH_EGRESS : ec2.SubnetType.PUBLIC },
    });

    acknowledgeRule(
      taskDefinition,
      'ECS2',
      'The environment holds only resource names, ids and endpoints (infra/resources/environment.ts), never a secret (docs/architecture.md §1.6).',
    );
    acknowledgeWildcardResource(
      taskDefinition,
      '*',
      'ecr:GetAuthorizationToken, which the execution role needs to pull the image, has no resource-level permissions.',
    );
  }
}
