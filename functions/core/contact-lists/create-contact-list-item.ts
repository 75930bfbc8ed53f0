/**
 * POST /contact-list-items: adds one contact to a list of the caller's company.
 *
 * Steps: the body is validated at the edge (the contact form's rules; the number normalised); write the
 * item, its number's place and the list's count in one transaction (a list of another company, or
 * deleted, is ERR_NO_CONTACTLIST_FOUND; a number already in the list ERR_DUPLICATED_CONTACTLISTITEM);
 * publish the item and the list's new count; ask the session host whether the number is on WhatsApp
 * (check-list-numbers.ts: `isWhatsappValid` is null until it answers).
 */
import { ulid } from 'ulid';
import type { ContactListItem, CreateContactListItemBody } from '../../../shared/contact-lists';
import type { Caller } from '../caller/load-caller';
import { AppError } from '../errors';
import { putNewContactListItems } from '../repositories/contact-list-items';
import { requestListNumberChecks } from './check-list-numbers';
import { publishListCount } from './publish-list-count';
import { publishContactListItem } from './present-contact-list';

export async function createContactListItem(caller: Caller, body: CreateContactListItemBody, now = new Date()): Promise<ContactListItem> {
  const at = now.toISOString();
  const item: ContactListItem = {
    id: ulid(now.getTime()),
    name: body.name,
    number: body.number,
    email: body.email,
    isWhatsappValid: null,
    companyId: caller.companyId,
    contactListId: body.contactListId,
    createdAt: at,
    updatedAt: at,
  };
  const outcome = await putNewContactListItems(caller.companyId, body.contactListId, [item], now);
  if (outcome.kind === 'no-list') throw new AppError('ERR_NO_CONTACTLIST_FOUND');
  if (outcome.created.length === 0) throw new AppError('ERR_DUPLICATED_CONTACTLISTITEM');
  await publishContactListItem(caller.companyId, { action: 'create', record: item });
  await publishListCount(caller.companyId, item.contactListId);
  await requestListNumberChecks(caller.companyId, [item], now);
  return item;
}
