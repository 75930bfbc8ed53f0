/**
 * What WhatsApp knows of a contact that no message introduced (made by hand, or given a new number):
 * the company's default connection, when connected, is asked to check the number and fetch the profile
 * picture (a `refreshContact` command); the host's answer (a `contact` event) updates the contact.
 * Inbound messages carry the picture themselves (receive-message.ts). Asking never fails the caller:
 * a contact without picture is no loss worth an error.
 */
import { ulid } from 'ulid';
import { logger } from '../logger';
import { getContact, replaceContact, type Contact } from '../repositories/contacts';
import { getConnection, getDefaultConnectionId } from '../repositories/connections';
import { enqueueSessionCommand } from '../sessions/commands';
import type { ContactEvent } from '../sessions/events';
import { announceContactChange } from '../conversations/ticket-rows';
import { publishContactEvent, toContactDto } from './present-contact';

export async function requestContactRefresh(contact: Contact, now = new Date()): Promise<void> {
  if (contact.isGroup) return;
  try {
    const whatsappId = await getDefaultConnectionId(contact.companyId);
    const connection = whatsappId ? await getConnection(contact.companyId, whatsappId) : undefined;
    if (!connection || connection.status !== 'CONNECTED') return;
    await enqueueSessionCommand({
      type: 'refreshContact',
      commandId: ulid(),
      companyId: contact.companyId,
      whatsappId: connection.id,
      issuedAt: now.toISOString(),
      chat: { contactId: contact.id, number: contact.number, isGroup: false },
    });
  } catch (error) {
    logger.warn('contact refresh not requested', { contactId: contact.id, error });
  }
}

/** The host's answer: the picture is kept when the number is on WhatsApp; a number that is not is logged. */
export async function recordContactCheck(event: ContactEvent, now = new Date()): Promise<void> {
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
