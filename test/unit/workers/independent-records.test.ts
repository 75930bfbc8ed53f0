/**
 * The log lines of a standard queue's batch (workers/independent-records.ts): they carry the
 * invocation's request id, and the company and connection when every message of the batch shares
 * them; a failed message's line names its own company whatever the batch.
 */
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { z } from 'zod';
import { logger } from '../../../functions/core/logger';
import { independentRecordsHandler } from '../../../functions/workers/independent-records';
import { lambdaContext } from '../../../infra/local/lambda';
import { atLogLevel, logLinesOf } from '../../support/log-lines';

const Message = z.object({ companyId: z.string(), whatsappId: z.string(), fail: z.boolean().default(false) });

const handler = independentRecordsHandler('test message', Message, async (message) => {
  if (message.fail) throw new Error('down');
  logger.info('test message handled');
});

const batch = (...bodies: unknown[]): SQSEvent => ({
  Records: bodies.map((body, index) => ({ messageId: `m${index}`, body: JSON.stringify(body) }) as SQSRecord),
});

describe('a batch of independent records', () => {
  it('names the company and connection its messages share, with the request id', async () => {
    const context = lambdaContext({ functionName: 'schedule-due' });

    const lines = await atLogLevel('info', () =>
      logLinesOf(() => handler(batch({ companyId: 'C1', whatsappId: 'W1' }, { companyId: 'C1', whatsappId: 'W1' }), context)),
    );

    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).toEqual(expect.objectContaining({ companyId: 'C1', whatsappId: 'W1', function_request_id: context.awsRequestId }));
    }
  });

  it("names no company for a batch of two companies, but a failure's line names its own", async () => {
    const lines = await atLogLevel('info', () =>
      logLinesOf(() =>
        handler(batch({ companyId: 'C1', whatsappId: 'W1' }, { companyId: 'C2', whatsappId: 'W1', fail: true }), lambdaContext({ functionName: 'schedule-due' })),
      ),
    );

    const handled = lines.find((line) => line.message === 'test message handled');
    const failed = lines.find((line) => line.message === 'test message failed; it will be retried');
    expect(handled).not.toHaveProperty('companyId');
    expect(handled).toEqual(expect.objectContaining({ whatsappId: 'W1' }));
    expect(failed).toEqual(expect.objectContaining({ companyId: 'C2', messageId: 'm1' }));
  });
});
