/**
 * The Tracer (functions/core/tracer.ts) is off outside Lambda (no X-Ray daemon: npm start, the tests), so
 * capturing an SDK client leaves it as it is and a handler runs untraced.
 */
import { SQSClient } from '@aws-sdk/client-sqs';
import { tracer } from '../../functions/core/tracer';
import { observed } from '../../functions/core/observability';
import { lambdaContext } from '../../infra/local/lambda';

describe('the tracer off Lambda', () => {
  it('is off, and leaves a captured SDK client as it was', () => {
    const client = new SQSClient({ region: 'us-east-1' });

    expect(tracer.isTracingEnabled()).toBe(false);
    expect(tracer.captureAWSv3Client(client)).toBe(client);
    expect(client.middlewareStack.identify().some((name) => /xray/i.test(name))).toBe(false);
  });

  it('lets a handler under captureLambdaHandler answer as without it', async () => {
    const handler = observed(async (event: { n: number }) => event.n + 1);

    await expect(handler({ n: 1 }, lambdaContext({ functionName: 'worker' }))).resolves.toBe(2);
  });
});
