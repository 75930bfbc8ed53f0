/**
 * Where backend code reads its configuration: only ids and endpoints, from the environment (set by the
 * CDK app on AWS and by the local cloud locally; docs/architecture.md §1.1). Read lazily so that importing a module
 * never fails; a missing variable fails the first call that needs it, loudly.
 */
import { ENV } from '../../infra/resources/environment';
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
  queueUrl: (queueId: string) => required(queueUrlEnv(queueId)),
  schedulerRoleArn: () => required(ENV.schedulerRoleArn),
  scheduleDueQueueArn: () => required(ENV.scheduleDueQueueArn),
  simulatorEnabled: () => process.env[ENV.simulatorEnabled] === 'true',
  logLevel: () => process.env[ENV.logLevel] ?? 'info',
  /** OpenAI's API unless the stage (or, locally, the environment) names another compatible server. */
  openAiBaseUrl: () => process.env[ENV.openAiBaseUrl] || OPENAI_BASE_URL,
};
