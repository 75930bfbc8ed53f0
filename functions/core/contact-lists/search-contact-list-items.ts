/**
 * Reading a contact list's items (spec 2 §2, §7): GET /contact-list-items for one list of the caller's
 * company (`contacts, hasMore`, searched by name, number or email, in the order they were added), and
 * one item. Another company's list or item answers as one that does not exist.
 */
import type { ContactListItem, ContactListItemPage, ContactListItemsQuery } from '../../../shared/contact-lists';
import type { Caller } from '../caller/load-caller';
import { AppError } from '../errors';
import { matchesSearch, PAGE_SIZE } from '../http/pagination';
import { getContactListItem, pageContactListItems } from '../repositories/contact-list-items';
import { getContactList } from '../repositories/contact-lists';

export async function searchContactListItems(caller: Caller, query: ContactListItemsQuery): Promise<ContactListItemPage> {
  if (!(await getContactList(caller.companyId, query.contactListId))) throw new AppError('ERR_NO_CONTACTLIST_FOUND');
  const { page, hasMore } = await pageContactListItems(caller.companyId, query.contactListId, query.pageNumber, PAGE_SIZE, (item) =>
    matchesSearch(query.searchParam, item.name, item.number, item.email),
  );
  return { contacts: page, hasMore };
}

export async function showContactListItem(caller: Caller, id: string): Promise<ContactListItem> {
  const item = await getContactListItem(caller.companyId, id);
  if (!item) throw new AppError('ERR_NO_CONTACTLISTITEM_FOUND');
  return item;
}
