/**
 * POST /contacts/import (spec 3 §9): creates contacts from a spreadsheet (.xlsx or .csv), one per row.
 *
 * Steps: read the rows of the file's first sheet (contact-spreadsheet.ts: format, size and row bounds);
 * find the columns in the first row by their titles (name/nome, number/numero, email/e-mail; accents
 * and case aside), refusing a sheet without name and number columns; validate each data row with the
 * contact form's rules, collecting the failures by row; skip a number already seen earlier in the file
 * or already a contact of the company (read by key through the uniqueness items); write the rest in
 * transactions of many contacts, each with the uniqueness items, the company's counter and the
 * dashboard's new contacts of the day (a number taken meanwhile is skipped too); tell the company's
 * connections once to reload; answer what was created, skipped and refused.
 */
import {
  CreateContactBody,
  type ContactImportError,
  type ContactImportResult,
  type CreateContactInput,
} from '../../../shared/contacts';
import type { UploadedFile } from '../media/multipart';
import { contactIdsByNumber, putNewContacts } from '../repositories/contacts';
import { findContactColumns, readSpreadsheet } from './contact-spreadsheet';
import { newContact } from './create-contact';
import type { Caller } from '../caller/load-caller';
import { publishContactEvent } from './present-contact';

export async function importContacts(caller: Caller, file: UploadedFile, now = new Date()): Promise<ContactImportResult> {
  const [header, ...rows] = await readSpreadsheet(file);
  const columns = findContactColumns(header);

  const errors: ContactImportError[] = [];
  const valid: CreateContactInput[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const { row, cells } of rows) {
    const parsed = CreateContactBody.safeParse({
      name: cells[columns.name] ?? '',
      number: cells[columns.number] ?? '',
      email: columns.email === undefined ? '' : (cells[columns.email] ?? ''),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors.push({ row, field: issue.path.map(String).join('.'), message: issue.message });
    } else if (seen.has(parsed.data.number)) {
      skipped += 1;
    } else {
      seen.add(parsed.data.number);
      valid.push(parsed.data);
    }
  }

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
