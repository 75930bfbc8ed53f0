/**
 * Edits a contact of the caller's company (PUT /contacts/{id}): the contact modal and the side drawer.
 *
 * Steps: read the contact (ERR_NO_CONTACT_FOUND, also for a contact of another company); apply the
 * fields sent; write it back on the condition that its number is still the one read, moving the number's
 * uniqueness item in the same transaction when the number changes (ERR_DUPLICATED_CONTACT when another
 * contact has the new one); a new number is first checked on WhatsApp (sessions/check-number.ts:
 * ERR_WAPP_INVALID_CONTACT, ERR_WAPP_CHECK_CONTACT), which also brings its picture; if a concurrent edit
 * changed the number in between, read again and retry a few times; announce it; answer the contact.
 */
import { normaliseNumber, type ContactDto, type UpdateContactInput } from '../../../shared/contacts';
import { AppError, conflict } from '../errors';
import { getContact, replaceContact, type Contact } from '../repositories/contacts';
import type { Caller } from '../caller/load-caller';
import { checkNumberOnWhatsApp } from '../sessions/check-number';
import { publishContactEvent, toContactDto } from './present-contact';
import { announceContactChange } from '../conversations/ticket-rows';

const ATTEMPTS = 3;

export async function updateContact(caller: Caller, contactId: string, input: UpdateContactInput, now = new Date()): Promise<ContactDto> {
  // A new number is checked on WhatsApp once (check-number.ts), before anything is written.
  const checked = new Map<string, string | null>();
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const before = await getContact(caller.companyId, contactId);
    if (!before) throw new AppError('ERR_NO_CONTACT_FOUND');
    let after = applyChanges(before, input, now);
    if (after.number !== before.number) {
      if (!checked.has(after.number)) {
        const outcome = await checkNumberOnWhatsApp(after, { now });
        checked.set(after.number, outcome.checked ? outcome.profilePicUrl : null);
      }
      // The old number's picture is not the new one's.
      after = { ...after, profilePicUrl: checked.get(after.number) ?? null };
    }
    const outcome = await replaceContact(before, after);
    if (outcome === 'missing') throw new AppError('ERR_NO_CONTACT_FOUND');
    if (outcome === 'duplicate') throw new AppError('ERR_DUPLICATED_CONTACT');
    if (outcome === 'replaced') {
      const dto = toContactDto(after);
      await publishContactEvent(caller.companyId, { action: 'update', contact: dto });
      await announceContactChange(before, after);
      return dto;
    }
  }
  throw conflict(`Contact ${contactId}`);
}

function applyChanges(contact: Contact, input: UpdateContactInput, now: Date): Contact {
  // The edit modal shows the stored number in another form (without 55): the same number written
  // differently is no change, which also keeps a group's id as the network gave it.
  const number = input.number === undefined || input.number === normaliseNumber(contact.number) ? contact.number : input.number;
  return {
    ...contact,
    name: input.name ?? contact.name,
    number,
    email: input.email ?? contact.email,
    extraInfo: input.extraInfo ?? contact.extraInfo,
    updatedAt: now.toISOString(),
  };
}
