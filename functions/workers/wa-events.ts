/**
 * The inbound worker: the Lambda consumer of the `wa-events` FIFO queue (docs/architecture.md §3). Each record is a
 * WhatsAppEvent from the session host, validated here; an invalid one is logged and dropped (retrying
 * cannot fix it). Records of one chat (one FIFO group) are handled in order; when one fails, it and the
 * rest of its group in the batch are reported as failures so SQS redelivers them in order, while other
 * chats' records go on. Every handler is idempotent: redeliveries change nothing twice.
 */
import type { SQSBatchItemFailure, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from '../core/logger';
import { appendSharedKeys, logKeysOf, observed } from '../core/observability';
import { WhatsAppEvent, eventGroup } from '../core/sessions/events';
import { recordListNumberCheck } from '../core/contact-lists/check-list-numbers';
import { recordContactCheck } from '../core/contacts/contact-refresh';
import { recordAck, recordEdit, recordFailed, recordRevoke, recordSent } from '../core/inbound/message-changes';
import { receiveMessage } from '../core/inbound/receive-message';
import { CALL_LOG_BODIES } from '../../shared/whatsapp-content';

export async function handleWhatsAppEvent(event: WhatsAppEvent): Promise<void> {
  switch (event.type) {
    case 'message':
      return receiveMessage(event);
    case 'call':
      // A call is kept as a call log in the chat, like a message of its own.
      return receiveMessage({
        type: 'message',
        companyId: event.companyId,
        whatsappId: event.whatsappId,
        chat: event.chat,
        whatsappMessageId: `call-${event.callId}`,
        fromMe: false,
        timestamp: event.timestamp,
        mediaType: 'call_log',
        body: event.isVideo ? CALL_LOG_BODIES.video : CALL_LOG_BODIES.voice,
        media: null,
        quotedWhatsappMessageId: null,
      });
    case 'sent':
      return recordSent(event);
    case 'failed':
      return recordFailed(event);
    case 'ack':
      return recordAck(event);
    case 'edit':
      return recordEdit(event);
    case 'revoke':
      return recordRevoke(event);
    case 'contact':
      return recordContactCheck(event);
    case 'listNumber':
      return recordListNumberCheck(event);
  }
}

function parse(record: SQSRecord): WhatsAppEvent | undefined {
  try {
    const parsed = WhatsAppEvent.safeParse(JSON.parse(record.body));
    if (parsed.success) return parsed.data;
    logger.error('whatsapp event dropped: invalid', { messageId: record.messageId, issues: parsed.error.issues });
  } catch (error) {
    logger.error('whatsapp event dropped: not JSON', { messageId: record.messageId, error });
  }
  return undefined;
}

async function handle(event: SQSEvent): Promise<SQSBatchResponse> {
  const groups = new Map<string, { record: SQSRecord; event: WhatsAppEvent | undefined }[]>();
  const parsedEvents: WhatsAppEvent[] = [];
  for (const record of event.Records) {
    const parsed = parse(record);
    if (parsed) parsedEvents.push(parsed);
    const group = parsed ? eventGroup(parsed) : (record.attributes.MessageGroupId ?? record.messageId);
    groups.set(group, [...(groups.get(group) ?? []), { record, event: parsed }]);
  }
  appendSharedKeys(parsedEvents, logKeysOf);
  const failures: SQSBatchItemFailure[] = [];
  await Promise.all(
    [...groups.values()].map(async (items) => {
      for (const [index, item] of items.entries()) {
        if (!item.event) continue;
        try {
          await handleWhatsAppEvent(item.event);
        } catch (error) {
          logger.error('whatsapp event failed; it will be retried', { messageId: item.record.messageId, type: item.event.type, ...logKeysOf(item.event), error });
          failures.push(...items.slice(index).map(({ record }) => ({ itemIdentifier: record.messageId })));
          return;
        }
      }
    }),
  );
  return { batchItemFailures: failures };
}

export const handler = observed(handle);
