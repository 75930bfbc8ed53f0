/**
 * POST /contacts/import (spec 3 §9): creates contacts from a spreadsheet (.xlsx or .csv), one per row.
 *
 * Steps: read the file's first sheet with the contact form's rules (contact-spreadsheet.ts
 * readContactSheet: format, size and row bounds, the columns by their titles, failures by row, a
 * number repeated in the file skipped); skip a number already a contact of the company (read by key
 * through the uniqueness items); write the rest in transactions of many contacts, each with the
 * uniqueness items, the company's counter and the dashboard's new contacts of the day (a number taken
 * meanwhile is skipped too); tell the company's connections once to reload; answer what was created,
 * skipped and refused.
 */
import { CreateContactBody, type ContactImportResult } from '../../../shared/contacts';
import type { UploadedFile } from '../media/multipart';
import { contactIdsByNumber, putNewContacts } from '../repositories/contacts';
import { readContactSheet } from './contact-spreadsheet';
import { newContact } from './create-contact';
import type { Caller } from '../caller/load-caller';
import { publishContactEvent } from './present-contact';

export async function importContacts(caller: Caller, file: UploadedFile, now = new Date()): Promise<ContactImportResult> {
  const { valid, repeated, errors } = await readContactSheet(file, CreateContactBody);
  let skipped = repeated;

  const existing = await contactIdsByNumber(caller.companyId, valid.map((input) => input.number));
  const fresh = valid.filter((input) => !existing.has(input.number));
  skipped += valid.length - fresh.length;
  const { created, duplicates } = await putNewContacts(
    caller.companyId,
    fresh.map((input) => newContact(caller.companyId, input, now)),
  );
  skipped += duplicates.length;

  if (created.length > 0) await publishContactEvent(caller.companyId, { action: 'reload' });
  return { created: created.length, skipped, errors };
}
