/**
 * What WhatsApp knows of a contact that no message introduced (made by hand, or given a new number): a
 * connected session is asked to check the number and fetch the profile picture (a `refreshContact`
 * command, sent by sessions/check-number.ts before the contact is saved), and the host's answer (a `contact`
 * event) comes back here. Inbound messages carry the picture themselves (receive-message.ts).
 */
import { logger } from '../logger';
import { getContact, replaceContact, type Contact } from '../repositories/contacts';
import { putNumberCheck } from '../repositories/number-checks';
import type { ContactEvent } from '../sessions/events';
import { announceContactChange } from '../conversations/ticket-rows';
import { publishContactEvent, toContactDto } from './present-contact';

/**
 * The host's answer: recorded by the check's id first, for a request waiting on it (sessions/check-number.ts);
 * then, for a stored contact, the picture is kept when the number is on WhatsApp; a number that is not
 * is logged.
 */
export async function recordContactCheck(event: ContactEvent, now = new Date()): Promise<void> {
  await putNumberCheck(event.companyId, event.refreshId, { exists: event.exists, profilePicUrl: event.profilePicUrl }, now);
  const contact = await getContact(event.companyId, event.contactId);
  if (!contact) return;
  if (!event.exists) {
    logger.info('contact number not on WhatsApp', { contactId: contact.id });
    return;
  }
  if (event.profilePicUrl === contact.profilePicUrl) return;
  const after: Contact = { ...contact, profilePicUrl: event.profilePicUrl, updatedAt: now.toISOString() };
  // A contact edited meanwhile keeps the edit; the picture comes again with its next message.
  if ((await replaceContact(contact, after)) !== 'replaced') return;
  await publishContactEvent(event.companyId, { action: 'update', contact: toContactDto(after) });
  await announceContactChange(contact, after, { quiet: true });
}
