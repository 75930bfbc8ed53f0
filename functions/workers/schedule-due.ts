/**
 * The consumer of the `schedule-due` queue, where one-shot EventBridge schedules deliver their message
 * when due (functions/core/scheduling). Each message is validated; an invalid one is logged and dropped
 * (retrying cannot fix it). Messages are independent, handled at once; a failed one alone is reported
 * for redelivery. Handlers are idempotent: a repeated delivery changes nothing twice.
 */
import { logger } from '../core/logger';
import { independentRecordsHandler } from './independent-records';
import { DueMessage } from '../core/scheduling/due-messages';
import { fireTicketTimer } from '../core/conversations/ticket-timers';
import { sendScheduledMessage } from '../core/scheduled-messages/send-scheduled-message';
import { startCampaign } from '../core/campaigns/start-campaign';
import { issueDueInvoices } from '../core/billing/issue-invoices';

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
  billingRun: async (_message, now) => {
    const outcome = await issueDueInvoices(now);
    logger.info('billing run', outcome);
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
    case 'billingRun':
      return HANDLERS.billingRun(message, now);
  }
}

export const handler = independentRecordsHandler('due message', DueMessage, (message) => handleDueMessage(message), (message) => ({ kind: message.kind }));
