/**
 * What every piece of backend code shares on AWS: the environment (ENV in infra/resources/environment.ts,
 * plus one queue URL per queue), the permissions, and how a handler module becomes a Lambda (nodejs22.x
 * on arm64, bundled to ESM by the local esbuild). The HTTP API, the WebSocket API and the queue consumers
 * create their functions here; the session host takes the same environment and grants.
 *
 * The table and the media bucket are addressed by their names (servingTableName, mediaBucketName), which
 * the resource definitions fix per stage, so the app stack grants on them without cross-stack references.
 */
import path from 'node:path';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct, type IConstruct } from 'constructs';
import { logRetention } from '../log-retention';
import { mediaBucketName } from '../../resources/buckets';
import { ENV, INTEGRATION_DEFAULTS } from '../../resources/environment';
import { METRICS_NAMESPACE } from '../../resources/metrics';
import { queueUrlEnv, SCHEDULE_DUE_QUEUE_ID } from '../../resources/queues';
import { servingTableName, type StageConfig } from '../../resources/stage';
import { MAIN_TABLE } from '../../resources/table';
import { acknowledgeManagedPolicy, acknowledgeRule, acknowledgeWildcardAction, acknowledgeWildcardResource } from '../nag';
import { REPO_ROOT } from '../repo-root';
import type { AddFunction, BackendFunctionOptions, Permission } from './function-factory';
import type { Queues } from './queues';
import type { Scheduling } from './scheduling';
import type { RealtimeApi } from './websocket-api';


/** AWSLambdaBasicExecutionRole on a function's role (or a shared one) under `scope`. */
function acknowledgeBasicExecution(scope: IConstruct): void {
  acknowledgeManagedPolicy(
    scope,
    iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSLambdaBasicExecutionRole').managedPolicyArn,
    'AWSLambdaBasicExecutionRole only lets the function write its own CloudWatch logs, which every Lambda needs.',
  );
}

/** The X-Ray grant active tracing adds to a function's role (its own, or a shared one) under `scope`. */
function acknowledgeTracing(scope: IConstruct): void {
  acknowledgeWildcardResource(
    scope,
    '*',
    'Active tracing needs xray:PutTraceSegments and xray:PutTelemetryRecords, which have no resource-level permissions.',
  );
}

/**
 * The share of invocations that log at debug level whatever LOG_LEVEL says (Powertools Logger's
 * sampling): a few in production, where debug lines are costly to ingest, more in development.
 */
export function loggerSampleRate(stage: Pick<StageConfig, 'isProduction'>): number {
  return stage.isProduction ? 0.01 : 0.1;
}

/** What a handler gets unless it says otherwise: the table, the media, the queues and realtime. */
export type { BackendFunctionOptions, Permission } from './function-factory';

export const STANDARD_PERMISSIONS: readonly Permission[] = ['data', 'media', 'sendToQueues', 'realtime'];

/**
 * Permissions a handler module needs beyond the standard ones, by module path under functions/.
 * Add a module here when it starts calling Cognito admin APIs or EventBridge Scheduler.
 */
export const MODULE_PERMISSIONS: Readonly<Record<string, readonly Permission[]>> = {
  'http/auth': ['cognitoAdmin'],
  'http/users': ['cognitoAdmin'],
  'http/companies': ['cognitoAdmin'],
  // Ticket timers (transfer, inactivity) are armed where tickets are made, reopened or re-checked.
  'http/tickets': ['scheduling'],
  'http/api': ['scheduling'],
  // Scheduled messages: one one-shot entry per schedule, made, moved and removed with it.
  'http/schedules': ['scheduling'],
  'workers/wa-events': ['scheduling'],
  'workers/schedule-due': ['scheduling'],
};

export interface BackendProps {
  readonly stage: StageConfig;
  readonly userPool: cognito.IUserPool;
  readonly userPoolClient: cognito.IUserPoolClient;
  readonly queues: Queues;
  readonly realtime: RealtimeApi;
  readonly scheduling: Scheduling;
  /** The HTTP API's address (ENV.publicApiUrl): what outside services are given, e.g. a Cloud API webhook URL. */
  readonly httpApiUrl: string;
  /** @default MODULE_PERMISSIONS */
  readonly modulePermissions?: Readonly<Record<string, readonly Permission[]>>;
}

/**
 * ESM output needs `require` for the CommonJS dependencies esbuild inlines; the alias keeps the banner's
 * import from clashing with a bundled module's own `createRequire`.
 */
const ESM_REQUIRE_BANNER =
  "import { createRequire as __bannerCreateRequire } from 'node:module'; const require = __bannerCreateRequire(import.meta.url);";

/** A function made by addFunction: its fixed name (the ops stack's alarms read it, no reference needed). */
export interface BackendFunction {
  readonly functionName: string;
  readonly module: string;
  readonly handler: nodejs.NodejsFunction;
}

export class Backend extends Construct {
  /** The environment of every function and of the session host. */
  readonly environment: Readonly<Record<string, string>>;
  /** Every function made so far, in the order made. */
  readonly functions: BackendFunction[] = [];
  private readonly props: BackendProps;
  private readonly tableArns: string[];
  private readonly mediaBucketArn: string;

  constructor(scope: Construct, id: string, props: BackendProps) {
    super(scope, id);
    this.props = props;
    const { stage, userPool, userPoolClient, queues, realtime, scheduling } = props;
    const stack = Stack.of(this);

    const tableArn = stack.formatArn({ service: 'dynamodb', resource: 'table', resourceName: servingTableName(stage) });
    this.tableArns = [tableArn, ...MAIN_TABLE.globalIndexes.map((index) => `${tableArn}/index/${index.name}`)];
    this.mediaBucketArn = stack.formatArn({
      service: 's3',
      region: '',
      account: '',
      resource: mediaBucketName(stage.name, stack.account),
    });

    this.environment = {
      [ENV.stage]: stage.name,
      [ENV.tableName]: servingTableName(stage),
      [ENV.mediaBucket]: mediaBucketName(stage.name, stack.account),
      [ENV.userPoolId]: userPool.userPoolId,
      [ENV.userPoolClientId]: userPoolClient.userPoolClientId,
      [ENV.wsManagementEndpoint]: realtime.managementEndpoint,
      [ENV.publicApiUrl]: props.httpApiUrl,
      [ENV.schedulerRoleArn]: scheduling.role.roleArn,
      [ENV.scheduleDueQueueArn]: queues.byId(SCHEDULE_DUE_QUEUE_ID).queueArn,
      [ENV.simulatorEnabled]: String(stage.simulatorEnabled),
      [ENV.openAiBaseUrl]: stage.openAiBaseUrl,
      [ENV.logLevel]: stage.isProduction ? 'info' : 'debug',
      [ENV.integrationRetryBaseSeconds]: INTEGRATION_DEFAULTS.integrationRetryBaseSeconds,
      [ENV.dialogflowApiUrl]: INTEGRATION_DEFAULTS.dialogflowApiUrl,
      [ENV.googleTokenUrl]: INTEGRATION_DEFAULTS.googleTokenUrl,
      [ENV.integrationPrivateHostsAllowed]: INTEGRATION_DEFAULTS.integrationPrivateHostsAllowed,
      [ENV.asaasBaseUrl]: stage.asaasBaseUrl,
      [ENV.whatsappCloudApiUrl]: stage.whatsappCloudApiUrl,
      // Powertools (logger and metrics) in the functions and the session host: one namespace for the
      // business metrics (infra/resources/metrics.ts), debug logs for a sample of invocations.
      [ENV.powertoolsMetricsNamespace]: METRICS_NAMESPACE,
      [ENV.powertoolsLoggerSampleRate]: String(loggerSampleRate(stage)),
      ...Object.fromEntries(queues.all.map(({ definition, queue }) => [queueUrlEnv(definition.id), queue.queueUrl])),
    };
  }

  /** Creates the Lambda of a handler module in `scope`, with the environment and its permissions. */
  /** Makes a handler module a Lambda; an arrow, so that constructs can be handed this factory alone. */
  readonly addFunction: AddFunction = (scope: Construct, id: string, options: BackendFunctionOptions): nodejs.NodejsFunction => {
    const { stage } = this.props;
    const functionName = `atende-${stage.name}-${options.name}`;
    const logGroup =
      options.sharedLogGroup !== undefined
        ? this.sharedLogGroup(options.sharedLogGroup)
        : new logs.LogGroup(scope, `${id}-logs`, {
            retention: logRetention(stage),
            removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
          });
    const modulePermissions = (this.props.modulePermissions ?? MODULE_PERMISSIONS)[options.module] ?? [];
    const permissions = options.permissions ?? [...STANDARD_PERMISSIONS, ...modulePermissions];
    const handler = new nodejs.NodejsFunction(scope, id, {
      functionName,
      ...(options.sharedRole === true && { role: this.sharedRole(permissions) }),
      entry: path.join(REPO_ROOT, 'functions', `${options.module}.ts`),
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: Math.round(options.memoryMb * stage.lambdaMemoryScale),
      timeout: Duration.seconds(options.timeoutSeconds),
      logGroup,
      // X-Ray active tracing: Powertools Tracer records the handler and its AWS SDK calls as subsegments.
      // CDK adds xray:PutTraceSegments and xray:PutTelemetryRecords to the role (acknowledged below).
      tracing: lambda.Tracing.ACTIVE,
      environment: {
        ...this.environment,
        [ENV.powertoolsServiceName]: options.module,
        [ENV.powertoolsTraceEnabled]: 'true',
        NODE_OPTIONS: '--enable-source-maps',
      },
      bundling: {
        format: nodejs.OutputFormat.ESM,
        target: 'node22',
        mainFields: ['module', 'main'],
        banner: ESM_REQUIRE_BANNER,
        // The nodejs22.x runtime provides the AWS SDK v3.
        externalModules: ['@aws-sdk/*'],
        minify: true,
        sourceMap: true,
        sourcesContent: false,
      },
    });
    acknowledgeRule(
      handler,
      'L1',
      'The product is built and tested on Node.js 22 (docs/architecture.md §3); moving to a newer runtime is a deliberate upgrade, not a deploy-time drift.',
    );
    if (options.sharedRole !== true) {
      acknowledgeBasicExecution(handler);
      acknowledgeTracing(handler);
      this.grant(handler, handler, permissions);
    }
    this.functions.push({ functionName, module: options.module, handler });
    return handler;
  };

  private readonly sharedLogGroups = new Map<string, logs.LogGroup>();

  /** The stage's log group `name`, made once, for every function that shares it (BackendFunctionOptions.sharedLogGroup). */
  private sharedLogGroup(name: string): logs.LogGroup {
    const { stage } = this.props;
    const existing = this.sharedLogGroups.get(name);
    if (existing) return existing;
    const logGroup = new logs.LogGroup(this, `${name}-logs`, {
      logGroupName: `/aws/lambda/atende-${stage.name}-${name}`,
      retention: logRetention(stage),
      removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.sharedLogGroups.set(name, logGroup);
    return logGroup;
  }

  private readonly sharedRoles = new Map<string, iam.Role>();

  /**
   * The execution role of every shared-role function with these permissions: the same grants as each
   * function's own role would hold, made once. A role and its policy are two of the stack's 500
   * resources; the HTTP modules need three sets between them (README, Deploying a stage).
   */
  private sharedRole(permissions: readonly Permission[]): iam.Role {
    const set = [...new Set(permissions)].sort();
    const key = set.join('-') || 'none';
    const existing = this.sharedRoles.get(key);
    if (existing) return existing;
    const role = new iam.Role(this, `function-role-${key}`, {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      managedPolicies: [iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSLambdaBasicExecutionRole')],
    });
    acknowledgeBasicExecution(role);
    acknowledgeTracing(role);
    this.grant(role, role, set);
    this.sharedRoles.set(key, role);
    return role;
  }

  /**
   * Grants `permissions` to `grantee` and acknowledges, on `scope` (the construct holding the grantee's
   * policy), the wildcards they need.
   */
  grant(grantee: iam.IGrantable, scope: IConstruct, permissions: readonly Permission[]): void {
    for (const permission of new Set(permissions)) {
      switch (permission) {
        case 'data':
          this.grantData(grantee);
          break;
        case 'media':
          this.grantMedia(grantee, scope);
          break;
        case 'sendToQueues':
          for (const { queue } of this.props.queues.all) queue.grantSendMessages(grantee);
          break;
        case 'realtime':
          this.grantRealtime(grantee, scope);
          break;
        case 'cognitoAdmin':
          this.grantCognitoAdmin(grantee, scope);
          break;
        case 'scheduling':
          this.grantScheduling(grantee, scope);
          break;
      }
    }
  }

  private grantData(grantee: iam.IGrantable): void {
    iam.Grant.addToPrincipal({
      grantee,
      actions: [
        'dynamodb:GetItem',
        'dynamodb:BatchGetItem',
        'dynamodb:Query',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:DeleteItem',
        'dynamodb:BatchWriteItem',
        'dynamodb:ConditionCheckItem',
      ],
      resourceArns: this.tableArns,
    });
  }

  private grantMedia(grantee: iam.IGrantable, scope: IConstruct): void {
    const objects = `${this.mediaBucketArn}/*`;
    iam.Grant.addToPrincipal({
      grantee,
      actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject', 's3:AbortMultipartUpload'],
      resourceArns: [objects],
    });
    // Without ListBucket, S3 answers 403 instead of 404 for a missing key.
    iam.Grant.addToPrincipal({ grantee, actions: ['s3:ListBucket'], resourceArns: [this.mediaBucketArn] });
    acknowledgeWildcardResource(
      scope,
      objects,
      'Media object keys are made at run time per tenant and message, so object access is granted on the keys of this one bucket.',
    );
  }

  private grantRealtime(grantee: iam.IGrantable, scope: IConstruct): void {
    const { connectionsArn } = this.props.realtime;
    iam.Grant.addToPrincipal({ grantee, actions: ['execute-api:ManageConnections'], resourceArns: [connectionsArn] });
    acknowledgeWildcardResource(
      scope,
      connectionsArn,
      'Connection ids are assigned by API Gateway at run time, so posting is granted on the @connections of this one API stage.',
    );
  }

  private grantCognitoAdmin(grantee: iam.IGrantable, scope: IConstruct): void {
    iam.Grant.addToPrincipal({
      grantee,
      actions: ['cognito-idp:Admin*'],
      resourceArns: [this.props.userPool.userPoolArn],
    });
    acknowledgeWildcardAction(
      scope,
      'cognito-idp:Admin*',
      'The module manages the accounts of this one user pool (create, delete, set password, disable, sign out everywhere), which is the Admin* family of actions on the pool ARN.',
    );
  }

  private grantScheduling(grantee: iam.IGrantable, scope: IConstruct): void {
    const schedules = Stack.of(this).formatArn({ service: 'scheduler', resource: 'schedule', resourceName: 'default/*' });
    iam.Grant.addToPrincipal({
      grantee,
      actions: ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule'],
      resourceArns: [schedules],
    });
    this.props.scheduling.role.grantPassRole(grantee.grantPrincipal);
    acknowledgeWildcardResource(
      scope,
      schedules,
      'Schedule names are made at run time, one per scheduled message, in the default schedule group of this account and region.',
    );
  }
}
