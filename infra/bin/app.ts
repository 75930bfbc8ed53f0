/**
 * The CDK app: `npx cdk deploy --all -c stage=prod`. One stage per invocation, chosen with
 * `-c stage=<name>` (default `dev`); account and region come from the CLI's default environment.
 *
 * Optional context: `webDist` (the web build, default web/dist), `webOrigin` (the origin CORS allows,
 * when the app is served from elsewhere), `webDomain` with `webCertificateArn` (a custom domain for
 * CloudFront, certificate in us-east-1). cdk-nag's AwsSolutions rules validate every synthesis.
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
const stage = {
  ...stageConfig(optionalContext('stage') ?? 'dev'),
  ...(webOrigin && { webOrigin }),
  ...(openAiBaseUrl && { openAiBaseUrl }),
  ...(asaasBaseUrl && { asaasBaseUrl }),
};
createStageStacks(app, {
  stage,
  webDist: path.resolve(optionalContext('webDist') ?? path.join(REPO_ROOT, 'web/dist')),
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  ...(webDomainName && webCertificateArn && { webDomain: { names: [webDomainName], certificateArn: webCertificateArn } }),
});

Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
