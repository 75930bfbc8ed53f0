/**
 * The session host's business metrics (sessions connected, disconnected, reconnects, send failures),
 * sent to CloudWatch with PutMetricData once a minute and at the stop. Lambda turns the EMF lines of
 * Powertools Metrics into metrics by itself; a Fargate task's `awslogs` driver does not (that takes the
 * CloudWatch agent beside it), so the host reads the same metrics as Powertools serializes them and
 * sends them itself: one namespace, names and dimensions for the functions and the host. Where metrics
 * are not published (`npm start`, tests: core/metrics.ts), they are dropped as in the functions.
 */
import { CloudWatchClient, PutMetricDataCommand, type MetricDatum } from '@aws-sdk/client-cloudwatch';
import type { EmfOutput } from '@aws-lambda-powertools/metrics/types';
import { logger } from '../core/logger';
import { metrics, published } from '../core/metrics';

/** PutMetricData takes at most this many data a call. */
const DATA_PER_CALL = 1000;

/** The data of one EMF document: each metric with the values counted and the document's dimensions. */
export function metricDataOf(emf: EmfOutput): { readonly namespace: string; readonly data: MetricDatum[] }[] {
  const timestamp = new Date(emf._aws.Timestamp);
  return emf._aws.CloudWatchMetrics.map((directive) => {
    // A dimension's value is the document's text under its name (Powertools writes dimensions as strings).
    const dimensions = directive.Dimensions.flat().map((name) => ({ Name: name, Value: typeof emf[name] === 'string' ? emf[name] : '' }));
    const data = directive.Metrics.map((definition): MetricDatum => {
      const value = emf[definition.Name];
      const values = (Array.isArray(value) ? value : [value]).map(Number).filter(Number.isFinite);
      return { MetricName: definition.Name, Unit: definition.Unit, Dimensions: dimensions, Timestamp: timestamp, Values: values };
    });
    return { namespace: directive.Namespace, data };
  });
}

let client: CloudWatchClient | undefined;

/** Sends what was counted since the last flush and clears it; a failure is logged, the counts dropped. */
export async function flushHostMetrics(): Promise<void> {
  if (!metrics.hasStoredMetrics()) return;
  if (!published()) {
    metrics.clearMetrics();
    return;
  }
  const documents = metricDataOf(metrics.serializeMetrics());
  metrics.clearMetrics();
  client ??= new CloudWatchClient({});
  try {
    for (const { namespace, data } of documents) {
      for (let start = 0; start < data.length; start += DATA_PER_CALL) {
        await client.send(new PutMetricDataCommand({ Namespace: namespace, MetricData: data.slice(start, start + DATA_PER_CALL) }));
      }
    }
  } catch (error) {
    logger.warn('session host metrics not sent', { error });
  }
}
