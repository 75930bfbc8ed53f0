/**
 * Per-stage settings of the CDK app (`-c stage=<name>`). Anything not named `prod` is a development
 * stage: cheap, destroyed with the stack, simulator offered.
 */
import { INTEGRATION_DEFAULTS } from './environment';
import { tableName } from './table';

export interface StageConfig {
  readonly name: string;
  readonly isProduction: boolean;
  /** Retain data (table, media, user pool) when the stack is deleted. */
  readonly retainData: boolean;
  readonly lambdaMemoryScale: number;
  readonly logRetentionDays: 7 | 30 | 90;
  readonly sessionHost: { readonly cpu: number; readonly memoryMiB: number; readonly desiredCount: number };
  /** Whether the WhatsApp simulator provider is offered for new connections. */
  readonly simulatorEnabled: boolean;
  /**
   * The OpenAI-compatible server AI prompts talk to when a prompt names none (`-c openAiBaseUrl=...`
   * for another: Azure OpenAI, a proxy, a self-hosted model).
   */
  readonly openAiBaseUrl: string;
  /**
   * Asaas's REST API root, where PIX charges are made once the platform's `asaas` key is set: its
   * production API; `-c asaasBaseUrl=https://api-sandbox.asaas.com/v3` for its sandbox.
   */
  readonly asaasBaseUrl: string;
  /**
   * Meta's Graph API root with its version, which Cloud API connections call (issue 32): Meta's;
   * `-c whatsappCloudApiUrl=https://graph.facebook.com/v22.0` for another version.
   */
  readonly whatsappCloudApiUrl: string;
  /** Origin of the web app for CORS; `undefined` means the stage's own CloudFront domain. */
  readonly webOrigin?: string;
  /**
   * Days an overwritten or deleted media object's previous version is kept (the media bucket is
   * versioned): the window in which it can be recovered (README, Deploying a stage).
   */
  readonly mediaNoncurrentVersionDays: number;
  /**
   * The table a point-in-time restore made, which the stage's code then uses instead of its own
   * (`-c restoredTableName=`, README, Deploying a stage). The data stack keeps its own table, retained.
   */
  readonly restoredTableName?: string;
}

/** The table the stage's code reads and writes: its own, or the one a restore made. */
export function servingTableName(stage: Pick<StageConfig, 'name' | 'restoredTableName'>): string {
  return stage.restoredTableName ?? tableName(stage.name);
}

/** OpenAI's own API: the default server of AI prompts. */
export const OPENAI_BASE_URL = 'https://api.openai.com/v1';

const STAGE_NAME = /^[a-z][a-z0-9-]{1,20}$/;

export function stageConfig(name: string): StageConfig {
  if (!STAGE_NAME.test(name)) {
    throw new Error(`Invalid stage name "${name}": use 2 to 21 lower-case letters, digits or dashes.`);
  }
  const isProduction = name === 'prod';
  return {
    name,
    isProduction,
    retainData: isProduction,
    lambdaMemoryScale: isProduction ? 2 : 1,
    logRetentionDays: isProduction ? 90 : 7,
    sessionHost: isProduction
      ? { cpu: 1024, memoryMiB: 2048, desiredCount: 2 }
      : { cpu: 512, memoryMiB: 1024, desiredCount: 1 },
    simulatorEnabled: !isProduction,
    openAiBaseUrl: OPENAI_BASE_URL,
    asaasBaseUrl: INTEGRATION_DEFAULTS.asaasBaseUrl,
    whatsappCloudApiUrl: INTEGRATION_DEFAULTS.whatsappCloudApiUrl,
    mediaNoncurrentVersionDays: isProduction ? 30 : 7,
  };
}
