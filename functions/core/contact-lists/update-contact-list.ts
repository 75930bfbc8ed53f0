/** PUT /contact-lists/{id}: renames a list of the caller's company (its count is kept); published as `ContactList` update. */
import type { ContactList, UpdateContactListBody } from '../../../shared/contact-lists';
import type { Caller } from '../caller/load-caller';
import { AppError } from '../errors';
import { renameContactList } from '../repositories/contact-lists';
import { publishContactList } from './present-contact-list';

export async function updateContactList(caller: Caller, id: string, body: UpdateContactListBody, now = new Date()): Promise<ContactList> {
  const list = await renameContactList(caller.companyId, id, body.name, now);
  if (!list) throw new AppError('ERR_NO_CONTACTLIST_FOUND');
  await publishContactList(caller.companyId, { action: 'update', record: list });
  return list;
}
