/**
 * Whether the numbers of a contact list are on WhatsApp (the items' `isWhatsappValid`, spec 2 §3).
 *
 * Asking: after items are added (by hand or by an upload) or change their number, their numbers go to
 * the company's connected session (the default connection, else another connected one, as a contact's
 * check does: sessions/check-number.ts) in `checkListNumbers` commands of LIST_CHECK_BATCH numbers; the
 * request does not wait. Without a connected session nothing is asked and the items stay unchecked
 * (null) until a later change asks again.
 *
 * Answering: the host sends one `listNumber` event per number; the inbound worker records it on the
 * item while the item still has that number (one deleted or renumbered meanwhile is left alone) and
 * tells the company, with the item as it is now.
 * A redelivered event writes the same value again.
 */
import { ulid } from 'ulid';
import type { ContactListItem } from '../../../shared/contact-lists';
import { logger } from '../logger';
import { setContactListItemValidity } from '../repositories/contact-list-items';
import { sessionToAsk } from '../sessions/check-number';
import { enqueueSessionCommand, LIST_CHECK_BATCH } from '../sessions/commands';
import type { ListNumberEvent } from '../sessions/events';
import { publishContactListItem } from './present-contact-list';

export async function requestListNumberChecks(companyId: string, items: readonly ContactListItem[], now = new Date()): Promise<void> {
  if (items.length === 0) return;
  const connection = await sessionToAsk(companyId, undefined, now);
  if (!connection) return;
  for (let start = 0; start < items.length; start += LIST_CHECK_BATCH) {
    const batch = items.slice(start, start + LIST_CHECK_BATCH);
    try {
      await enqueueSessionCommand({
        type: 'checkListNumbers',
        commandId: ulid(),
        companyId,
        whatsappId: connection.id,
        issuedAt: now.toISOString(),
        items: batch.map((item) => ({ itemId: item.id, number: item.number })),
      }, connection.provider);
    } catch (error) {
      // The items are stored; only their check is missing, which a later change asks again.
      logger.warn('list numbers not sent for checking', { companyId, count: batch.length, error });
    }
  }
}

export async function recordListNumberCheck(event: ListNumberEvent): Promise<void> {
  const item = await setContactListItemValidity(event.companyId, event.itemId, event.number, event.exists);
  if (item) await publishContactListItem(event.companyId, { action: 'update', record: item });
}
