/**
 * Contacts as the API and the `contact` event carry them (shared/contacts.ts ContactDto), field by
 * field, so nothing stored beside a contact (keys, index attributes) leaks out; and the event itself.
 */
import type { ContactDto } from '../../../shared/contacts';
import type { CompanyChannels } from '../../../shared/realtime-events';
import { logger } from '../logger';
import { publishToCompany } from '../realtime/publisher';
import type { Contact } from '../repositories/contacts';

export function toContactDto(contact: Contact): ContactDto {
  return {
    id: contact.id,
    name: contact.name,
    number: contact.number,
    email: contact.email,
    extraInfo: contact.extraInfo.map(({ name, value }) => ({ name, value })),
    profilePicUrl: contact.profilePicUrl ?? null,
    isGroup: contact.isGroup,
    // Connections (and a contact's own connection) arrive with the WhatsApp issue.
    whatsapp: null,
    createdAt: contact.createdAt,
    updatedAt: contact.updatedAt,
  };
}

/**
 * Tells the company's connections. The change is already stored, so a failed publish is logged and
 * does not fail the request: clients refetch what they show when they reconnect.
 */
export async function publishContactEvent(companyId: string, event: CompanyChannels['contact']): Promise<void> {
  try {
    await publishToCompany(companyId, 'company', 'contact', event);
  } catch (error) {
    logger.warn('contact event not published', { companyId, action: event.action, error });
  }
}
