/**
 * POST /contact-lists/{id}/upload (spec 2 §2, §7): adds a spreadsheet's contacts (.xlsx or .csv) to a
 * list of the caller's company.
 *
 * Steps: the list must be the company's (ERR_NO_CONTACTLIST_FOUND); read the sheet as contact import
 * does, with its caps and messages, but with the item's rules (contacts/contact-spreadsheet.ts
 * readContactSheet: legacy .xls refused, a zip bomb or too many rows refused whole, failures by row, a
 * number repeated in the file skipped); skip a number already in the list; refuse the whole file when the list would pass CONTACT_LIST_MAX_ITEMS; write the
 * rest in transactions that keep the list's count; tell the company once (items `reload`, the list's new
 * count); ask the session host about the new numbers (check-list-numbers.ts); answer what was created,
 * skipped and refused.
 */
import { monotonicFactory } from 'ulid';
import { CONTACT_LIST_MAX_ITEMS, ContactListItemFields, type ContactListItem } from '../../../shared/contact-lists';
import { CONTACTS_IMPORT_FIELDS, type ContactImportResult } from '../../../shared/contacts';
import type { Caller } from '../caller/load-caller';
import { readContactSheet } from '../contacts/contact-spreadsheet';
import { AppError } from '../errors';
import type { UploadedFile } from '../media/multipart';
import { putNewContactListItems } from '../repositories/contact-list-items';
import { getContactList } from '../repositories/contact-lists';
import { publishContactListItem } from './present-contact-list';
import { requestListNumberChecks } from './check-list-numbers';
import { publishListCount } from './publish-list-count';

export const LIST_FULL = `Uma lista tem no máximo ${CONTACT_LIST_MAX_ITEMS} contatos: crie outra lista para o restante`;

export async function uploadContactList(caller: Caller, listId: string, file: UploadedFile, now = new Date()): Promise<ContactImportResult> {
  const list = await getContactList(caller.companyId, listId);
  if (!list) throw new AppError('ERR_NO_CONTACTLIST_FOUND');
  const { valid, repeated, errors } = await readContactSheet(file, ContactListItemFields);
  const at = now.toISOString();
  // Ids increasing within the same millisecond, so the list shows the rows in the file's order.
  const nextId = monotonicFactory();
  const fresh = valid.map(
    (fields): ContactListItem => ({
      id: nextId(now.getTime()),
      ...fields,
      isWhatsappValid: null,
      companyId: caller.companyId,
      contactListId: listId,
      createdAt: at,
      updatedAt: at,
    }),
  );
  if (list.contactsCount + fresh.length > CONTACT_LIST_MAX_ITEMS) {
    throw new AppError('ERR_VALIDATION', { message: LIST_FULL, fields: [{ path: CONTACTS_IMPORT_FIELDS[0], message: LIST_FULL }] });
  }

  const outcome = await putNewContactListItems(caller.companyId, listId, fresh, now);
  if (outcome.kind === 'no-list') throw new AppError('ERR_NO_CONTACTLIST_FOUND');
  const skipped = repeated + outcome.duplicates.length;
  if (outcome.created.length > 0) {
    await publishContactListItem(caller.companyId, { action: 'reload', contactListId: listId });
    await publishListCount(caller.companyId, listId);
    await requestListNumberChecks(caller.companyId, outcome.created, now);
  }
  return { created: outcome.created.length, skipped, errors };
}
