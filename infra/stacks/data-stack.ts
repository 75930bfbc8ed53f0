/**
 * `atende-<stage>-data`: what holds state or identity and must survive redeploys of the app: the user
 * pool, the table, the media bucket, and the web distribution whose domain is the stage's web origin
 * (see web-hosting.ts for why it is here). Retained with deletion protection in production, destroyed
 * with the stack elsewhere (stageConfig in infra/resources/stage.ts).
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { StageConfig } from '../resources/stage';
import { AccessLogs } from './constructs/access-logs';
import { MainTable } from './constructs/main-table';
import { MediaBucket } from './constructs/media-bucket';
import { UserPool } from './constructs/user-pool';
import { type WebDomain, WebHosting } from './constructs/web-hosting';

export interface DataStackProps extends StackProps {
  readonly stage: StageConfig;
  readonly webDomain?: WebDomain;
}

export class DataStack extends Stack {
  readonly users: UserPool;
  readonly table: MainTable;
  readonly media: MediaBucket;
  readonly web: WebHosting;
  /** The origin allowed by CORS: StageConfig.webOrigin when set, else where WebHosting serves the app. */
  readonly webOrigin: string;

  constructor(scope: Construct, id: string, { stage, webDomain, ...props }: DataStackProps) {
    super(scope, id, props);
    const accessLogs = new AccessLogs(this, 'AccessLogs', { stage });
    this.users = new UserPool(this, 'Users', { stage });
    this.table = new MainTable(this, 'Main', { stage });
    this.web = new WebHosting(this, 'Web', { stage, accessLogs: accessLogs.bucket, domain: webDomain });
    this.webOrigin = stage.webOrigin ?? this.web.origin;
    this.media = new MediaBucket(this, 'Media', { stage, webOrigin: this.webOrigin, accessLogs: accessLogs.bucket });

    new CfnOutput(this, 'WebOrigin', { value: this.webOrigin, description: 'Origin of the web app' });
  }
}
