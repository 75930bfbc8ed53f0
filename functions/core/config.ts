/**
 * Where backend code reads its configuration: only ids and endpoints, from the environment (set by the
 * CDK app on AWS and by the local cloud locally; docs/architecture.md §1.1). Read lazily so that importing a module
 * never fails; a missing variable fails the first call that needs it, loudly.
 */
import { ENV, INTEGRATION_DEFAULTS } from '../../infra/resources/environment';
import { queueUrlEnv } from '../../infra/resources/queues';
import { OPENAI_BASE_URL } from '../../infra/resources/stage';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Environment variable ${name} is not set`);
  return value;
}

export const config = {
  stage: () => process.env[ENV.stage] ?? 'local',
  tableName: () => required(ENV.tableName),
  mediaBucket: () => required(ENV.mediaBucket),
  userPoolId: () => required(ENV.userPoolId),
  userPoolClientId: () => required(ENV.userPoolClientId),
  wsManagementEndpoint: () => required(ENV.wsManagementEndpoint),
  /** The stage's public HTTP API address, as outside services reach it (a Cloud API webhook's URL). */
  publicApiUrl: () => withoutTrailingSlash(required(ENV.publicApiUrl)),
  queueUrl: (queueId: string) => required(queueUrlEnv(queueId)),
  schedulerRoleArn: () => required(ENV.schedulerRoleArn),
  scheduleDueQueueArn: () => required(ENV.scheduleDueQueueArn),
  simulatorEnabled: () => process.env[ENV.simulatorEnabled] === 'true',
  logLevel: () => process.env[ENV.logLevel] ?? 'info',
  /** OpenAI's API unless the stage (or, locally, the environment) names another compatible server. */
  openAiBaseUrl: () => process.env[ENV.openAiBaseUrl] || OPENAI_BASE_URL,
  /** Endpoints of the outside services chatbot integrations call (core/integrations/): Google's unless set. */
  dialogflowApiUrl: () => withoutTrailingSlash(process.env[ENV.dialogflowApiUrl] || INTEGRATION_DEFAULTS.dialogflowApiUrl),
  googleTokenUrl: () => process.env[ENV.googleTokenUrl] || INTEGRATION_DEFAULTS.googleTokenUrl,
  integrationPrivateHostsAllowed: () => process.env[ENV.integrationPrivateHostsAllowed] === 'true',
  /** Asaas's API root; its production API unless the stage (`-c asaasBaseUrl=`) or, locally, the environment says. */
  asaasBaseUrl: () => withoutTrailingSlash(process.env[ENV.asaasBaseUrl] || INTEGRATION_DEFAULTS.asaasBaseUrl),
  /** Meta's Graph API root with its version, for Cloud API connections; Meta's unless the stage or, locally, the environment says. */
  whatsappCloudApiUrl: () => withoutTrailingSlash(process.env[ENV.whatsappCloudApiUrl] || INTEGRATION_DEFAULTS.whatsappCloudApiUrl),
  integrationRetryBaseSeconds: () => positiveNumber(process.env[ENV.integrationRetryBaseSeconds], Number(INTEGRATION_DEFAULTS.integrationRetryBaseSeconds)),
};

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** A positive number from the environment, or the fallback when unset or not one. */
function positiveNumber(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}
