/**
 * Reading contact lists (spec 2 §2, §7): search with paging (`records, hasMore`), the campaign dialog's
 * summaries (GET /contact-lists/list), and one list. Another company's list answers as one that does not
 * exist, ERR_NO_CONTACTLIST_FOUND.
 */
import type { ContactList, ContactListPage, ContactListSummary } from '../../../shared/contact-lists';
import type { ListQuery } from '../../../shared/paging';
import type { Caller } from '../caller/load-caller';
import { AppError } from '../errors';
import { matchesSearch, paginate } from '../http/pagination';
import { getContactList, listContactLists } from '../repositories/contact-lists';

export async function searchContactLists(caller: Caller, query: ListQuery): Promise<ContactListPage> {
  const lists = (await listContactLists(caller.companyId)).filter((list) => matchesSearch(query.searchParam, list.name));
  const { page, hasMore } = paginate(lists, query.pageNumber);
  return { records: page, hasMore };
}

export async function listContactListSummaries(caller: Caller): Promise<ContactListSummary[]> {
  return (await listContactLists(caller.companyId)).map(({ id, name, contactsCount }) => ({ id, name, contactsCount }));
}

export async function showContactList(caller: Caller, id: string): Promise<ContactList> {
  const list = await getContactList(caller.companyId, id);
  if (!list) throw new AppError('ERR_NO_CONTACTLIST_FOUND');
  return list;
}
