/**
 * The session host's metrics (host-metrics.ts): what Powertools serializes as EMF becomes PutMetricData
 * data with the same namespace, names, units and dimensions (stage and service, never a company), so the
 * alarms read the host's metrics as they read the functions'.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { metricDataOf } from '../../../functions/sessions/host-metrics';

describe('the session host’s metrics', () => {
  it('become PutMetricData data with the EMF document’s namespace, dimensions, units and values', () => {
    const metrics = new Metrics({ namespace: 'Atende', serviceName: 'sessions/main', defaultDimensions: { stage: 'prod' } });
    metrics.addMetric('SessionsDisconnected', MetricUnit.Count, 1);
    metrics.addMetric('SessionsDisconnected', MetricUnit.Count, 2);
    metrics.addMetric('SessionReconnects', MetricUnit.Count, 4);

    const [document] = metricDataOf(metrics.serializeMetrics());

    expect(document?.namespace).toBe('Atende');
    const byName = Object.fromEntries((document?.data ?? []).map((datum) => [datum.MetricName, datum]));
    expect(byName.SessionsDisconnected).toMatchObject({ Unit: 'Count', Values: [1, 2] });
    expect(byName.SessionReconnects).toMatchObject({ Unit: 'Count', Values: [4] });
    expect(byName.SessionReconnects?.Dimensions).toEqual(expect.arrayContaining([{ Name: 'stage', Value: 'prod' }, { Name: 'service', Value: 'sessions/main' }]));
    expect(byName.SessionReconnects?.Dimensions).toHaveLength(2);
  });
});
