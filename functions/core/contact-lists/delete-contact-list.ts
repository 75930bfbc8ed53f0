/**
 * DELETE /contact-lists/{id}: the list's own item first, so the list is gone at once for everyone
 * (published as `ContactList` delete), then its items and their numbers' places.
 */
import type { Caller } from '../caller/load-caller';
import { AppError } from '../errors';
import { allContactListItems, deleteContactListItemsOf } from '../repositories/contact-list-items';
import { deleteContactListRecord } from '../repositories/contact-lists';
import { publishContactList } from './present-contact-list';

export async function deleteContactList(caller: Caller, id: string): Promise<void> {
  if (!(await deleteContactListRecord(caller.companyId, id))) throw new AppError('ERR_NO_CONTACTLIST_FOUND');
  await publishContactList(caller.companyId, { action: 'delete', id });
  await deleteContactListItemsOf(await allContactListItems(caller.companyId, id));
}
