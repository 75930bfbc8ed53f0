/**
 * The business metrics (functions/core/metrics.ts): flushed at the end of an invocation as one EMF line
 * in the Atende namespace with the stage and service dimensions and never a company; nothing is
 * printed for an invocation that counted nothing, nor where metrics are not published (not on Lambda).
 */
import { BUSINESS_METRICS, METRICS_NAMESPACE } from '../../infra/resources/metrics';
import { countMetric, secondsMetric } from '../../functions/core/metrics';
import { observed } from '../../functions/core/observability';
import { lambdaContext } from '../../infra/local/lambda';
import { emittedMetrics, withMetricsPublished } from '../support/emf';
import { atLogLevel, logLinesOf } from '../support/log-lines';

const invoke = (work: () => void) =>
  observed(async () => {
    work();
    return 'done';
  })({}, lambdaContext({ functionName: 'worker' }));

describe('the business metrics', () => {
  it('are written at the end of an invocation as EMF, with the stage and service and no company', async () => {
    const lines = await withMetricsPublished(() =>
      logLinesOf(() =>
        invoke(() => {
          countMetric(BUSINESS_METRICS.inboundMessages);
          countMetric(BUSINESS_METRICS.inboundMessages);
          secondsMetric(BUSINESS_METRICS.scheduleLatenessSeconds, 2.5);
        }),
      ),
    );

    expect(emittedMetrics(lines)).toEqual([
      { name: 'InboundMessages', value: [1, 1], unit: 'Count', namespace: METRICS_NAMESPACE, dimensions: { service: 'atende', stage: 'local' } },
      { name: 'ScheduleLatenessSeconds', value: 2.5, unit: 'Seconds', namespace: METRICS_NAMESPACE, dimensions: { service: 'atende', stage: 'local' } },
    ]);
  });

  it('write nothing, and warn of nothing, for an invocation that counted nothing', async () => {
    const lines = await atLogLevel('debug', () => withMetricsPublished(() => logLinesOf(() => invoke(() => undefined))));

    expect(lines).toEqual([]);
  });

  it('write nothing where they are not published (off Lambda: npm start, the tests), and are dropped', async () => {
    const offLambda = await logLinesOf(() => invoke(() => countMetric(BUSINESS_METRICS.outboundMessages)));
    const next = await withMetricsPublished(() => logLinesOf(() => invoke(() => countMetric(BUSINESS_METRICS.sendFailures))));

    expect(offLambda).toEqual([]);
    expect(emittedMetrics(next).map((metric) => metric.name)).toEqual(['SendFailures']);
  });
});
