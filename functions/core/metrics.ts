/**
 * The business metrics (infra/resources/metrics.ts), counted where their events happen and written as
 * CloudWatch embedded metric format (EMF) lines by Powertools Metrics: namespace METRICS_NAMESPACE,
 * dimensions `service` (POWERTOOLS_SERVICE_NAME of the function or the session host, else 'atende') and
 * `stage`, never a company (docs/architecture.md §3, Observability). A Lambda flushes them at the end of
 * each invocation (`logMetrics` in core/observability.ts); the session host every minute.
 *
 * Where they are written: under Lambda (AWS_LAMBDA_FUNCTION_NAME is set), or wherever
 * POWERTOOLS_METRICS_DISABLED says so (`false` on the session host's task, `true` to silence a function).
 * Lambda turns EMF lines into metrics; Fargate's log driver does not, so the session host sends the same
 * metrics with PutMetricData instead (functions/sessions/host-metrics.ts).
 * Elsewhere (`npm start`, the tests) counts are dropped at each flush, so no EMF noise is printed. A
 * flush with nothing counted writes nothing, and says nothing (Powertools would warn on every such
 * invocation, most of the HTTP API's).
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { METRICS_NAMESPACE, type BusinessMetric } from '../../infra/resources/metrics';
import { config } from './config';

/** Read at each flush, so a test may turn publishing on around a call. */
export function published(): boolean {
  const disabled = process.env.POWERTOOLS_METRICS_DISABLED?.trim().toLowerCase();
  if (disabled !== undefined && disabled !== '') return disabled !== 'true' && disabled !== '1';
  return Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME);
}

class BusinessMetrics extends Metrics {
  public override publishStoredMetrics(): this {
    if (published() && this.hasStoredMetrics()) return super.publishStoredMetrics();
    this.clearMetrics();
    this.clearDimensions();
    this.clearMetadata();
    return this;
  }
}

export const metrics: Metrics = new BusinessMetrics({
  namespace: METRICS_NAMESPACE,
  serviceName: process.env.POWERTOOLS_SERVICE_NAME || 'atende',
  defaultDimensions: { stage: config.stage() },
});

/** Counts `count` occurrences of a business event. */
export function countMetric(name: BusinessMetric, count = 1): void {
  metrics.addMetric(name, MetricUnit.Count, count);
}

/** Records a duration of a business event, in seconds. */
export function secondsMetric(name: BusinessMetric, seconds: number): void {
  metrics.addMetric(name, MetricUnit.Seconds, seconds);
}
