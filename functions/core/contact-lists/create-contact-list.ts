/** POST /contact-lists: a new, empty list of the caller's company; published as `ContactList` create. */
import { ulid } from 'ulid';
import type { ContactList, CreateContactListBody } from '../../../shared/contact-lists';
import type { Caller } from '../caller/load-caller';
import { putNewContactList } from '../repositories/contact-lists';
import { publishContactList } from './present-contact-list';

export async function createContactList(caller: Caller, body: CreateContactListBody, now = new Date()): Promise<ContactList> {
  const at = now.toISOString();
  const list: ContactList = { id: ulid(now.getTime()), name: body.name, contactsCount: 0, companyId: caller.companyId, createdAt: at, updatedAt: at };
  await putNewContactList(list);
  await publishContactList(caller.companyId, { action: 'create', record: list });
  return list;
}
