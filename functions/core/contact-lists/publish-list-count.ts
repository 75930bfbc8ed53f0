/** After items were added or deleted: the list as it is now (its count) to the company, as `ContactList` update. */
import { getContactList } from '../repositories/contact-lists';
import { publishContactList } from './present-contact-list';

export async function publishListCount(companyId: string, listId: string): Promise<void> {
  const list = await getContactList(companyId, listId);
  if (list) await publishContactList(companyId, { action: 'update', record: list });
}
