/**
 * Creates a contact of the caller's company (POST /contacts). Any user of the company may (the contacts
 * page is for all users, spec 1 §2.1).
 *
 * Steps: the number arrives normalised by the schema (digits with country code, shared/contacts.ts);
 * check it on WhatsApp through a connected session (sessions/check-number.ts: ERR_WAPP_INVALID_CONTACT,
 * ERR_WAPP_CHECK_CONTACT; the answer brings the picture); write in one transaction the contact, its
 * number's uniqueness item, one more on the company's contact counter and one more on the dashboard's
 * new contacts of the day, so that of two creations of one number exactly one succeeds (the other gets
 * ERR_DUPLICATED_CONTACT) and is counted once; announce it; answer the contact.
 */
import { ulid } from 'ulid';
import type { ContactDto, CreateContactInput } from '../../../shared/contacts';
import { AppError } from '../errors';
import { putNewContact, type Contact } from '../repositories/contacts';
import type { Caller } from '../caller/load-caller';
import { checkNumberOnWhatsApp } from '../sessions/check-number';
import { publishContactEvent, toContactDto } from './present-contact';

/** A new contact of the company from validated input; shared with the import. */
export function newContact(companyId: string, input: CreateContactInput, now: Date): Contact {
  const at = now.toISOString();
  return {
    id: ulid(),
    companyId,
    name: input.name,
    number: input.number,
    email: input.email,
    profilePicUrl: null,
    extraInfo: input.extraInfo,
    isGroup: false,
    createdAt: at,
    updatedAt: at,
  };
}

export async function createContact(caller: Caller, input: CreateContactInput, now = new Date()): Promise<ContactDto> {
  const fresh = newContact(caller.companyId, input, now);
  const check = await checkNumberOnWhatsApp(fresh, { now });
  const contact: Contact = check.checked ? { ...fresh, profilePicUrl: check.profilePicUrl } : fresh;
  if ((await putNewContact(contact)) === 'duplicate') throw new AppError('ERR_DUPLICATED_CONTACT');
  const dto = toContactDto(contact);
  await publishContactEvent(caller.companyId, { action: 'create', contact: dto });
  return dto;
}
