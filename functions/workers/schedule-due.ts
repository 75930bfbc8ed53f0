/**
 * The consumer of the `schedule-due` queue, where one-shot EventBridge schedules deliver their message
 * when due (functions/core/scheduling). Each message is validated; an invalid one is logged and dropped
 * (retrying cannot fix it). Messages are independent, handled at once; a failed one alone is reported
 * for redelivery. Handlers are idempotent: a repeated delivery changes nothing twice.
 */
import type { SQSBatchItemFailure, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from '../core/logger';
import { DueMessage } from '../core/scheduling/due-messages';
import { fireTicketTimer } from '../core/conversations/ticket-timers';
import { sendScheduledMessage } from '../core/scheduled-messages/send-scheduled-message';
import { startCampaign } from '../core/campaigns/start-campaign';

type Handlers = { readonly [K in DueMessage['kind']]: (message: Extract<DueMessage, { kind: K }>, now: Date) => Promise<void> };

/** One handler per kind of due message. */
const HANDLERS: Handlers = {
  ticketTimer: async (message, now) => {
    const outcome = await fireTicketTimer(message, now);
    logger.info('ticket timer fired', { ticketId: message.ticketId, timer: message.timer, outcome });
  },
  scheduledMessage: async (message, now) => {
    const outcome = await sendScheduledMessage(message, now);
    logger.info('scheduled message due', { scheduleId: message.scheduleId, outcome });
  },
  campaignStart: async (message, now) => {
    const outcome = await startCampaign(message, now);
    logger.info('campaign start due', { campaignId: message.campaignId, outcome });
  },
};

export async function handleDueMessage(message: DueMessage, now = new Date()): Promise<void> {
  // A switch, not HANDLERS[message.kind](message): TypeScript cannot correlate the key with the message's type.
  switch (message.kind) {
    case 'ticketTimer':
      return HANDLERS.ticketTimer(message, now);
    case 'scheduledMessage':
      return HANDLERS.scheduledMessage(message, now);
    case 'campaignStart':
      return HANDLERS.campaignStart(message, now);
  }
}

function parse(record: SQSRecord): DueMessage | undefined {
  try {
    const parsed = DueMessage.safeParse(JSON.parse(record.body));
    if (parsed.success) return parsed.data;
    logger.error('due message dropped: invalid', { messageId: record.messageId, issues: parsed.error.issues });
  } catch (error) {
    logger.error('due message dropped: not JSON', { messageId: record.messageId, error });
  }
  return undefined;
}

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const failures: SQSBatchItemFailure[] = [];
  await Promise.all(
    event.Records.map(async (record) => {
      const message = parse(record);
      if (!message) return;
      try {
        await handleDueMessage(message);
      } catch (error) {
        logger.error('due message failed; it will be retried', { messageId: record.messageId, kind: message.kind, error });
        failures.push({ itemIdentifier: record.messageId });
      }
    }),
  );
  return { batchItemFailures: failures };
}
