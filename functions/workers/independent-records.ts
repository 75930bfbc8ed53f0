/**
 * The consumer shape of the standard queues whose messages are independent (schedule-due, campaign-sends,
 * ticket-rows): each record is validated with the queue's schema, an invalid one is logged and dropped
 * (retrying cannot fix it), the valid ones are handled at once, and a failed one alone is reported for
 * redelivery (partial batch failures). The handlers are idempotent, so a redelivery changes nothing twice. The
 * batch's log lines name the company and connection its messages share (core/observability.ts).
 * (wa-events is a FIFO queue whose records of one chat go in order: it keeps its own loop.)
 */
import type { Context, SQSBatchItemFailure, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { z } from 'zod';
import { logger } from '../core/logger';
import { appendSharedKeys, logKeysOf, observed } from '../core/observability';

export function independentRecordsHandler<Schema extends z.ZodType>(
  /** What the queue carries, as its log lines name it ('due message', 'campaign send message' ...). */
  what: string,
  schema: Schema,
  handle: (message: z.output<Schema>) => Promise<void>,
  /** What a failure's log line says of the message, besides its SQS id. */
  describe: (message: z.output<Schema>) => Record<string, unknown> = () => ({}),
): (event: SQSEvent, context: Context) => Promise<SQSBatchResponse> {
  const parse = (record: SQSRecord): z.output<Schema> | undefined => {
    try {
      const parsed = schema.safeParse(JSON.parse(record.body));
      if (parsed.success) return parsed.data;
      logger.error(`${what} dropped: invalid`, { messageId: record.messageId, issues: parsed.error.issues });
    } catch (error) {
      logger.error(`${what} dropped: not JSON`, { messageId: record.messageId, error });
    }
    return undefined;
  };
  return observed(async (event: SQSEvent) => {
    const parsed = event.Records.map((record) => ({ record, message: parse(record) }));
    appendSharedKeys(parsed.filter(({ message }) => message !== undefined).map(({ message }) => message), logKeysOf);
    const failures: SQSBatchItemFailure[] = [];
    await Promise.all(
      parsed.map(async ({ record, message }) => {
        if (message === undefined) return;
        try {
          await handle(message);
        } catch (error) {
          logger.error(`${what} failed; it will be retried`, { messageId: record.messageId, ...logKeysOf(message), ...describe(message), error });
          failures.push({ itemIdentifier: record.messageId });
        }
      }),
    );
    return { batchItemFailures: failures };
  });
}
