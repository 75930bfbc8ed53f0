/**
 * DELETE /contact-list-items/{id} (the route admits profiles allowed contacts-page:deleteContact, spec 2
 * §6): the item, its number's place and one of its list's count; published with the list's new count.
 */
import type { Caller } from '../caller/load-caller';
import { AppError } from '../errors';
import { deleteContactListItem as deleteStoredItem, getContactListItem } from '../repositories/contact-list-items';
import { publishContactListItem } from './present-contact-list';
import { publishListCount } from './publish-list-count';

export async function deleteContactListItem(caller: Caller, id: string, now = new Date()): Promise<void> {
  const item = await getContactListItem(caller.companyId, id);
  if (!item || !(await deleteStoredItem(item, now))) throw new AppError('ERR_NO_CONTACTLISTITEM_FOUND');
  await publishContactListItem(caller.companyId, { action: 'delete', id, contactListId: item.contactListId });
  await publishListCount(caller.companyId, item.contactListId);
}
