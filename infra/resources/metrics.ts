/**
 * The product's business metrics, declared once: the backend emits them (CloudWatch embedded metric
 * format, through Powertools Metrics) and the CDK app draws and alarms on them. Dimensions stay low in
 * cardinality: the stage and the function (service), never a company.
 */
export const METRICS_NAMESPACE = 'Atende';

export const BUSINESS_METRICS = {
  inboundMessages: 'InboundMessages',
  outboundMessages: 'OutboundMessages',
  sendFailures: 'SendFailures',
  sessionsConnected: 'SessionsConnected',
  sessionsDisconnected: 'SessionsDisconnected',
  sessionReconnects: 'SessionReconnects',
  campaignMessagesSent: 'CampaignMessagesSent',
  campaignMessagesSkipped: 'CampaignMessagesSkipped',
  /** Seconds between a scheduled message's send time and its send. */
  scheduleLatenessSeconds: 'ScheduleLatenessSeconds',
  webhookRetries: 'WebhookRetries',
  webhookDeadLetters: 'WebhookDeadLetters',
  aiCalls: 'AiCalls',
  aiTokens: 'AiTokens',
  paymentNotificationsApplied: 'PaymentNotificationsApplied',
  paymentNotificationsIgnored: 'PaymentNotificationsIgnored',
} as const;

export type BusinessMetric = (typeof BUSINESS_METRICS)[keyof typeof BUSINESS_METRICS];
