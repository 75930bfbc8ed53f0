/**
 * The CDK app: `npx cdk deploy --all -c stage=prod`. One stage per invocation, chosen with
 * `-c stage=<name>` (default `dev`); account and region come from the CLI's default environment.
 *
 * Optional context: `webDist` (the web build, default web/dist), `webOrigin` (the origin CORS allows,
 * when the app is served from elsewhere), `webDomain` with `webCertificateArn` (a custom domain for
 * CloudFront, certificate in us-east-1), `alarmEmail` (an address subscribed to the stage's alarm topic),
 * `restoredTableName` (the table a point-in-time restore made, for the stage to use instead of its own;
 * README, Deploying a stage), `openAiBaseUrl`, `asaasBaseUrl` and `whatsappCloudApiUrl` (outside services' roots). cdk-nag's AwsSolutions rules validate every synthesis.
 */
import path from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { stageConfig } from '../resources/stage';
import { REPO_ROOT } from '../stacks/repo-root';
import { createStageStacks } from '../stacks/stage-stacks';

const app = new App();

function optionalContext(key: string): string | undefined {
  const value: unknown = app.node.tryGetContext(key);
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw new Error(`Context ${key} must be a non-empty string`);
  return value;
}

const webOrigin = optionalContext('webOrigin');
const webDomainName = optionalContext('webDomain');
const webCertificateArn = optionalContext('webCertificateArn');
if ((webDomainName === undefined) !== (webCertificateArn === undefined)) {
  throw new Error('Give both webDomain and webCertificateArn, or neither');
}

const openAiBaseUrl = optionalContext('openAiBaseUrl');
const asaasBaseUrl = optionalContext('asaasBaseUrl');
const whatsappCloudApiUrl = optionalContext('whatsappCloudApiUrl');
const restoredTableName = optionalContext('restoredTableName');
const alarmEmail = optionalContext('alarmEmail');
if (alarmEmail !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(alarmEmail)) {
  throw new Error(`Context alarmEmail must be an email address, got "${alarmEmail}"`);
}
const stage = {
  ...stageConfig(optionalContext('stage') ?? 'dev'),
  ...(restoredTableName && { restoredTableName }),
  ...(webOrigin && { webOrigin }),
  ...(openAiBaseUrl && { openAiBaseUrl }),
  ...(asaasBaseUrl && { asaasBaseUrl }),
  ...(whatsappCloudApiUrl && { whatsappCloudApiUrl }),
};
createStageStacks(app, {
  stage,
  webDist: path.resolve(optionalContext('webDist') ?? path.join(REPO_ROOT, 'web/dist')),
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  alarmEmail,
  ...(webDomainName && webCertificateArn && { webDomain: { names: [webDomainName], certificateArn: webCertificateArn } }),
});

Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
