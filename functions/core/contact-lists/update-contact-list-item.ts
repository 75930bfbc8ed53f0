/**
 * PUT /contact-list-items/{id}: changes an item's name, number or email (its list stays).
 *
 * Steps: read the item (another company's is ERR_NO_CONTACTLISTITEM_FOUND); replace it while it still
 * has the number read, moving the number's place when the number changes (one already in the list is
 * ERR_DUPLICATED_CONTACTLISTITEM); a lost race reads and tries again, then ERR_CONFLICT; a new number's
 * validity is unknown again, and asked of the session host; publish the item.
 */
import type { ContactListItem, UpdateContactListItemBody } from '../../../shared/contact-lists';
import type { Caller } from '../caller/load-caller';
import { AppError, conflict } from '../errors';
import { getContactListItem, replaceContactListItem } from '../repositories/contact-list-items';
import { requestListNumberChecks } from './check-list-numbers';
import { publishContactListItem } from './present-contact-list';

const ATTEMPTS = 4;

export async function updateContactListItem(caller: Caller, id: string, body: UpdateContactListItemBody, now = new Date()): Promise<ContactListItem> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const before = await getContactListItem(caller.companyId, id);
    if (!before) throw new AppError('ERR_NO_CONTACTLISTITEM_FOUND');
    const after: ContactListItem = {
      ...before,
      name: body.name,
      number: body.number,
      email: body.email,
      isWhatsappValid: body.number === before.number ? before.isWhatsappValid : null,
      updatedAt: now.toISOString(),
    };
    const outcome = await replaceContactListItem(before, after);
    if (outcome === 'missing') throw new AppError('ERR_NO_CONTACTLISTITEM_FOUND');
    if (outcome === 'duplicate') throw new AppError('ERR_DUPLICATED_CONTACTLISTITEM');
    if (outcome === 'replaced') {
      await publishContactListItem(caller.companyId, { action: 'update', record: after });
      if (after.number !== before.number) await requestListNumberChecks(caller.companyId, [after], now);
      return after;
    }
  }
  throw conflict(`Contact list item ${id}`);
}
