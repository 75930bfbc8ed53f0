/**
 * Names of the environment variables through which backend code finds its resources. The CDK app sets
 * them on every function and on the session host; the local cloud sets them on its own process. Only
 * endpoints and ids come from here: the code path is the same locally and on AWS.
 */
export const ENV = {
  stage: 'STAGE',
  tableName: 'TABLE_NAME',
  mediaBucket: 'MEDIA_BUCKET',
  userPoolId: 'COGNITO_USER_POOL_ID',
  userPoolClientId: 'COGNITO_CLIENT_ID',
  /** https://{api-id}.execute-api.{region}.amazonaws.com/{stage} for PostToConnection. */
  wsManagementEndpoint: 'WS_MANAGEMENT_ENDPOINT',
  /** Role EventBridge Scheduler assumes to send due schedules to their queue. */
  schedulerRoleArn: 'SCHEDULER_ROLE_ARN',
  /**
   * The stage's public HTTP API address (no trailing slash), for the addresses the product hands to
   * outside services: a Cloud API connection's webhook URL (issue 32). The CDK app sets the HTTP API's
   * endpoint; the local cloud its gateway's address.
   */
  publicApiUrl: 'PUBLIC_API_URL',
  /** The ARN of the `schedule-due` queue, the target of every one-shot schedule. */
  scheduleDueQueueArn: 'SCHEDULE_DUE_QUEUE_ARN',
  /** `true` where the stage offers the WhatsApp simulator provider. */
  simulatorEnabled: 'SIMULATOR_ENABLED',
  logLevel: 'LOG_LEVEL',
  /** The OpenAI-compatible server of AI prompts that name none (infra/resources/stage.ts). */
  openAiBaseUrl: 'OPENAI_BASE_URL',
  /**
   * Long-poll wait of the session host's command queues (seconds, 0 to 20): 20 on AWS and in the local
   * cloud, whose SQS answers a long poll as soon as a message comes (infra/local/sqs.ts).
   */
  sessionCommandWaitSeconds: 'SESSION_COMMAND_WAIT_SECONDS',
  /**
   * How long a session host's lease of a shard lasts after each renewal (whole seconds, 3 to 300), the
   * renewals coming three times a lease: 30 when unset (functions/sessions/leases.ts). It is how long
   * the connections of a host that died without releasing its shards wait for another host; a shorter
   * lease costs more DynamoDB writes. The tests that kill a host set a few seconds.
   */
  sessionLeaseSeconds: 'SESSION_LEASE_SECONDS',
  /**
   * Seconds before the first retry of a chatbot integration's webhook that failed; each next retry
   * waits twice as long (core/integrations/webhook-delivery.ts). 20 when unset (20 s, 40 s, 80 s);
   * the local cloud sets 1.
   */
  integrationRetryBaseSeconds: 'INTEGRATION_RETRY_BASE_SECONDS',
  /** Dialogflow ES's REST API (detectIntent); Google's when unset. */
  dialogflowApiUrl: 'DIALOGFLOW_API_URL',
  /** Google's OAuth 2.0 token endpoint a service account's signed JWT is exchanged at; Google's when unset. */
  googleTokenUrl: 'GOOGLE_OAUTH_TOKEN_URL',
  /**
   * `true` lets integrations call addresses a company typed that resolve to private hosts
   * (core/http/outbound-http.ts): the local cloud, whose stand-ins listen on 127.0.0.1. Never on AWS.
   */
  integrationPrivateHostsAllowed: 'INTEGRATION_PRIVATE_HOSTS_ALLOWED',
  /** Asaas's REST API root (core/billing/asaas.ts): its production API unless set (its sandbox, a test's fake). */
  asaasBaseUrl: 'ASAAS_BASE_URL',
  /** Meta's Graph API root with its version (core/whatsapp-cloud/graph-api.ts): Meta's unless set (the local Graph simulator, a test's fake). */
  whatsappCloudApiUrl: 'WHATSAPP_CLOUD_API_URL',
  /**
   * Powertools for AWS Lambda (logger, metrics, tracer). The service: the function's module under
   * functions/ (`http/tickets`, `workers/wa-events`), `sessions/main` for the session host.
   */
  powertoolsServiceName: 'POWERTOOLS_SERVICE_NAME',
  /** The CloudWatch namespace of the business metrics: METRICS_NAMESPACE (infra/resources/metrics.ts). */
  powertoolsMetricsNamespace: 'POWERTOOLS_METRICS_NAMESPACE',
  /** Share of invocations (0 to 1) logged at debug level whatever LOG_LEVEL says. */
  powertoolsLoggerSampleRate: 'POWERTOOLS_LOGGER_SAMPLE_RATE',
  /** `true` on the Lambdas, which run with X-Ray active tracing; unset on the session host. */
  powertoolsTraceEnabled: 'POWERTOOLS_TRACE_ENABLED',
  /**
   * `false` publishes the business metrics where the runtime alone would not (the session host, which
   * sends them with PutMetricData: functions/sessions/host-metrics.ts); unset on the Lambdas, which
   * publish under Lambda by default.
   */
  powertoolsMetricsDisabled: 'POWERTOOLS_METRICS_DISABLED',
} as const;

/**
 * The outside services' endpoints and the integrations' retry pause as deployed; the CDK app sets them on
 * every function, and the backend falls back to them when a variable is unset (functions/core/config.ts).
 */
export const INTEGRATION_DEFAULTS = {
  integrationRetryBaseSeconds: '20',
  dialogflowApiUrl: 'https://dialogflow.googleapis.com',
  googleTokenUrl: 'https://oauth2.googleapis.com/token',
  integrationPrivateHostsAllowed: 'false',
  asaasBaseUrl: 'https://api.asaas.com/v3',
  whatsappCloudApiUrl: 'https://graph.facebook.com/v21.0',
} as const;
