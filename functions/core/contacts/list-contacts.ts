/**
 * The reads of the contacts page, the contact modal and the selects; all of the caller's company.
 *
 * - searchContacts (GET /contacts): one page of contacts by name, or by number when the search term has
 *   no letters, each a prefix search on its index; later pages by the cursor the previous page gave
 *   (a cursor that this list could not have given is refused); optionally only contacts created on a
 *   company day or between two; with the company's contact count from its counter.
 * - listContactOptions (GET /contacts/list): id and name of the first CONTACT_OPTIONS_MAX contacts by
 *   name (optionally a name prefix): selects with more contacts than that search instead.
 * - showContact (GET /contacts/{id}): one contact, or ERR_NO_CONTACT_FOUND (also for another company's).
 */
import {
  CONTACT_OPTIONS_MAX,
  CONTACTS_PAGE_SIZE,
  numberSearchDigits,
  type ContactDto,
  type ContactListQuery,
  type ContactOption,
  type ContactPage,
} from '../../../shared/contacts';
import { addDays, dayStart } from '../../../shared/company-time';
import { AppError } from '../errors';
import {
  decodeCursor,
  encodeCursor,
  listContactOptions as readContactOptions,
  namePrefix,
  queryContactPage,
  type ContactOrder,
} from '../repositories/contact-pages';
import { contactsCountOf, getContact } from '../repositories/contacts';
import type { Caller } from '../caller/load-caller';
import { toContactDto } from './present-contact';

export async function searchContacts(caller: Caller, query: ContactListQuery): Promise<ContactPage> {
  const digits = numberSearchDigits(query.searchParam);
  const order: ContactOrder = digits ? { by: 'number', prefix: digits } : namePrefix(query.searchParam);
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, caller.companyId, order);
  if (query.cursor !== undefined && !after) {
    throw new AppError('ERR_VALIDATION', { message: 'Cursor inválido', fields: [{ path: 'cursor', message: 'Cursor inválido' }] });
  }
  const page = await queryContactPage(caller.companyId, { order, limit: CONTACTS_PAGE_SIZE, after, ...creationWindow(query) });
  return {
    contacts: page.contacts.map(toContactDto),
    hasMore: page.next !== undefined,
    count: contactsCountOf(caller.company),
    nextCursor: page.next ? encodeCursor(page.next) : null,
  };
}

/**
 * The company days (Brasília, shared/company-time.ts, as the dashboard and the ticket filters count
 * them) of `date`, `dateStart` and `dateEnd` as an instant range [from, before); all may combine.
 */
export function creationWindow(query: Pick<ContactListQuery, 'date' | 'dateStart' | 'dateEnd'>): { createdFrom?: string; createdBefore?: string } {
  const firstDays = [query.date, query.dateStart].filter((day): day is string => day !== undefined).sort();
  const lastDays = [query.date, query.dateEnd].filter((day): day is string => day !== undefined).sort();
  const first = firstDays.at(-1);
  const last = lastDays[0];
  return {
    ...(first ? { createdFrom: dayStart(first).toISOString() } : {}),
    ...(last ? { createdBefore: dayStart(addDays(last, 1)).toISOString() } : {}),
  };
}

export async function listContactOptions(caller: Caller, searchParam: string): Promise<ContactOption[]> {
  return readContactOptions(caller.companyId, namePrefix(searchParam).prefix, CONTACT_OPTIONS_MAX);
}

export async function showContact(caller: Caller, contactId: string): Promise<ContactDto> {
  const contact = await getContact(caller.companyId, contactId);
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
  return toContactDto(contact);
}
