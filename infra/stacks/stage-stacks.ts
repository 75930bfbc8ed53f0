/**
 * The three stacks of one stage, `atende-<stage>-data`, then `atende-<stage>-app`, then
 * `atende-<stage>-ops` (alarms, their topic and the dashboard). Shared by the CDK app (infra/bin/app.ts)
 * and the infra tests, so the tests check what `cdk deploy` deploys.
 */
import type { Environment } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { QUEUES, type QueueDefinition } from '../resources/queues';
import type { StageConfig } from '../resources/stage';
import { AppStack } from './app-stack';
import type { Permission } from './constructs/backend';
import type { WebDomain } from './constructs/web-hosting';
import { DataStack } from './data-stack';
import { OpsStack } from './ops-stack';

export interface StageStacksProps {
  readonly stage: StageConfig;
  /** Directory of the web build. */
  readonly webDist: string;
  readonly env?: Environment;
  readonly webDomain?: WebDomain;
  /** @default QUEUES */
  readonly queues?: readonly QueueDefinition[];
  /** @default MODULE_PERMISSIONS (constructs/backend.ts) */
  readonly modulePermissions?: Readonly<Record<string, readonly Permission[]>>;
  /** Where the stage's alarms are emailed (`-c alarmEmail=`). */
  readonly alarmEmail?: string;
}

export interface StageStacks {
  readonly data: DataStack;
  readonly app: AppStack;
  readonly ops: OpsStack;
}

export function createStageStacks(scope: Construct, props: StageStacksProps): StageStacks {
  const { stage, env } = props;
  const prefix = `atende-${stage.name}`;
  const tags = { product: 'atende', stage: stage.name };
  const data = new DataStack(scope, `${prefix}-data`, {
    stackName: `${prefix}-data`,
    description: `Atende ${stage.name}: user pool, table, media and web distribution`,
    env,
    tags,
    stage,
    webDomain: props.webDomain,
    // The stack that holds the data cannot be deleted by mistake in production (its resources are
    // retained besides).
    terminationProtection: stage.retainData,
  });
  const app = new AppStack(scope, `${prefix}-app`, {
    stackName: `${prefix}-app`,
    description: `Atende ${stage.name}: APIs, functions, queues, session host and web deployment`,
    env,
    tags,
    stage,
    data,
    webDist: props.webDist,
    queues: props.queues,
    modulePermissions: props.modulePermissions,
  });
  const ops = new OpsStack(scope, `${prefix}-ops`, {
    stackName: `${prefix}-ops`,
    description: `Atende ${stage.name}: alarms, their SNS topic and the dashboard`,
    env,
    tags,
    stage,
    app,
    queues: props.queues ?? QUEUES,
    alarmEmail: props.alarmEmail,
  });
  return { data, app, ops };
}
