/**
 * `atende-<stage>-app`: everything that can be replaced by redeploying: the queues, the Lambdas, the
 * HTTP and WebSocket APIs, the scheduler role, the session host and the web deployment with its
 * config.json. It uses the data stack's user pool and web distribution; the table and the media bucket
 * it addresses by name (infra/resources).
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { QUEUES, SCHEDULE_DUE_QUEUE_ID, type QueueDefinition } from '../resources/queues';
import type { StageConfig } from '../resources/stage';
import { AccessLogs } from './constructs/access-logs';
import { Backend, type Permission } from './constructs/backend';
import { HttpApi } from './constructs/http-api';
import { Queues } from './constructs/queues';
import { Scheduling } from './constructs/scheduling';
import { SessionHost } from './constructs/session-host';
import type { RuntimeConfig } from '../../shared/runtime-config';
import { WebDeployment } from './constructs/web-deployment';
import { RealtimeApi } from './constructs/websocket-api';
import type { DataStack } from './data-stack';

export interface AppStackProps extends StackProps {
  readonly stage: StageConfig;
  readonly data: DataStack;
  /** Directory of the web build. */
  readonly webDist: string;
  /** @default QUEUES */
  readonly queues?: readonly QueueDefinition[];
  /** @default MODULE_PERMISSIONS (constructs/backend.ts) */
  readonly modulePermissions?: Readonly<Record<string, readonly Permission[]>>;
}

/** The queue EventBridge Scheduler delivers due schedules to. */

export class AppStack extends Stack {
  readonly queues: Queues;
  readonly realtime: RealtimeApi;
  readonly backend: Backend;
  readonly http: HttpApi;
  readonly sessionHost: SessionHost;

  constructor(scope: Construct, id: string, props: AppStackProps) {
    const { stage, data, webDist, queues = QUEUES, modulePermissions, ...stackProps } = props;
    super(scope, id, stackProps);
    this.addStackDependency(data);
    const { pool: userPool, client: userPoolClient } = data.users;

    this.queues = new Queues(this, 'Queues', { stage, definitions: queues });
    const scheduling = new Scheduling(this, 'Scheduling', { dueQueue: this.queues.byId(SCHEDULE_DUE_QUEUE_ID) });
    this.realtime = new RealtimeApi(this, 'Realtime', { stage });
    // The HTTP API before the functions: their environment names its address (constructs/http-api.ts).
    this.http = new HttpApi(this, 'Http', { stage, userPool, userPoolClient, webOrigin: data.webOrigin });
    this.backend = new Backend(this, 'Backend', {
      stage,
      httpApiUrl: this.http.url,
      userPool,
      userPoolClient,
      queues: this.queues,
      realtime: this.realtime,
      scheduling,
      modulePermissions,
    });
    this.realtime.addHandlers(this.backend.addFunction);
    this.queues.addConsumers(this.backend.addFunction);
    this.http.addRoutes(this.backend.addFunction);

    const accessLogs = new AccessLogs(this, 'AccessLogs', { stage });
    this.sessionHost = new SessionHost(this, 'SessionHost', {
      stage,
      backend: this.backend,
      queues: this.queues,
      accessLogs: accessLogs.bucket,
    });

    const config: RuntimeConfig = {
      apiUrl: this.http.url,
      wsUrl: this.realtime.url,
      region: this.region,
      userPoolId: userPool.userPoolId,
      userPoolClientId: userPoolClient.userPoolClientId,
      ...(stage.simulatorEnabled && { simulatorEnabled: true }),
    };
    new WebDeployment(this, 'Web', { stage, webDist, distribution: data.web.distribution, config });

    new CfnOutput(this, 'ApiUrl', { value: config.apiUrl, description: 'Base URL of the HTTP API' });
    new CfnOutput(this, 'WsUrl', { value: config.wsUrl, description: 'URL of the WebSocket API' });
    new CfnOutput(this, 'Region', { value: config.region });
    new CfnOutput(this, 'UserPoolId', { value: config.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: config.userPoolClientId });
    new CfnOutput(this, 'WebUrl', { value: data.webOrigin, description: 'Where the web app is served' });
  }
}
