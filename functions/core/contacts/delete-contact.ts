/**
 * Deletes a contact of the caller's company (DELETE /contacts/{id}); the route admits only profiles
 * allowed 'contacts-page:deleteContact' (spec 1 §6).
 *
 * Steps: read the contact (ERR_NO_CONTACT_FOUND, also for a contact of another company); refuse while
 * it has a pending or open ticket (ERR_OTHER_OPEN_TICKET: finish the conversation first, or the next
 * message of that number would start a second conversation beside the live one); delete in one
 * transaction the contact, its number's uniqueness item and one from the company's counter, on the
 * condition that the number is still the one read (retried after a concurrent number change); tell the
 * company's connections.
 *
 * Closed tickets are history and stay; they keep the contact's id, which then reads as missing.
 */
import { AppError, conflict } from '../errors';
import { hasLiveTicket } from '../repositories/contact-tickets';
import { deleteContactItems, getContact } from '../repositories/contacts';
import type { Caller } from '../caller/load-caller';
import { publishContactEvent } from './present-contact';

const ATTEMPTS = 3;

export async function deleteContact(caller: Caller, contactId: string): Promise<void> {
  const { companyId } = caller;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const contact = await getContact(companyId, contactId);
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
    if (await hasLiveTicket(companyId, contactId)) throw new AppError('ERR_OTHER_OPEN_TICKET');
    if (await deleteContactItems(contact)) {
      await publishContactEvent(companyId, { action: 'delete', contactId });
      return;
    }
  }
  throw conflict(`Contact ${contactId}`);
}
