/**
 * Reads the spreadsheet of a contact import into rows of text cells, through the bounded reader every
 * spreadsheet upload uses (../media/spreadsheet-rows.ts): `.xlsx` or `.csv`, legacy `.xls` refused with a
 * message asking for `.xlsx` (docs/architecture.md §8).
 *
 * Crafted files: the upload is bounded (CONTACTS_IMPORT_MAX_BYTES); an .xlsx is a zip whose parts are
 * inflated as streams, counting the bytes actually inflated (at most XLSX_MAX_UNPACKED_BYTES in all,
 * whatever the archive declares), so a zip bomb is refused before it can exhaust the memory; and reading
 * stops at the first row past CONTACTS_IMPORT_MAX_ROWS data rows. Every refusal is ERR_VALIDATION on
 * the file field, with one of the messages below: a zip bomb, whose parts inflate past the bounds, is
 * TOO_BIG; an archive whose parts inflate past the sizes they declare is corrupt, UNREADABLE_FILE.
 */
import type { z } from 'zod';
import { CONTACTS_IMPORT_FIELDS, CONTACTS_IMPORT_MAX_ROWS, type ContactImportError } from '../../../shared/contacts';
import { foldForSearch } from '../../../shared/text';
import { AppError } from '../errors';
import type { UploadedFile } from '../media/multipart';
import {
  readSpreadsheetRows,
  SPREADSHEET_ZIP_LIMITS,
  SpreadsheetRefused,
  type SheetRow,
  type SpreadsheetRefusal,
} from '../media/spreadsheet-rows';

export type { SheetRow } from '../media/spreadsheet-rows';

export const XLSX_MAX_UNPACKED_BYTES = SPREADSHEET_ZIP_LIMITS.maxTotalBytes;

export const XLS_REFUSED = 'Arquivos .xls não são aceitos: salve a planilha como .xlsx e envie de novo';
export const UNSUPPORTED_FILE = 'Envie uma planilha .xlsx ou .csv';
export const UNREADABLE_FILE = 'Não foi possível ler a planilha';
export const TOO_MANY_ROWS = `A planilha tem mais de ${CONTACTS_IMPORT_MAX_ROWS} linhas: divida-a em partes menores`;
export const TOO_BIG = 'A planilha é grande demais para uma importação: divida-a em partes menores';

const MESSAGES: Readonly<Record<SpreadsheetRefusal, string>> = {
  'legacy-xls': XLS_REFUSED,
  unsupported: UNSUPPORTED_FILE,
  unreadable: UNREADABLE_FILE,
  'too-big': TOO_BIG,
  'too-many-rows': TOO_MANY_ROWS,
};

export const invalidFile = (message: string) =>
  new AppError('ERR_VALIDATION', { message, fields: [{ path: CONTACTS_IMPORT_FIELDS[0], message }] });

/**
 * The non-empty rows of the file's first sheet, the header included, at most CONTACTS_IMPORT_MAX_ROWS
 * data rows (more is refused as a whole).
 */
export async function readSpreadsheet(file: UploadedFile): Promise<SheetRow[]> {
  try {
    return await readSpreadsheetRows(file, { maxRows: CONTACTS_IMPORT_MAX_ROWS + 1 });
  } catch (error) {
    if (error instanceof SpreadsheetRefused) throw invalidFile(MESSAGES[error.reason]);
    throw error;
  }
}

const COLUMN_TITLES: Readonly<Record<'name' | 'number' | 'email', readonly string[]>> = {
  name: ['name', 'nome'],
  number: ['number', 'numero'],
  email: ['email', 'e-mail'],
};

export const MISSING_COLUMNS = 'A primeira linha da planilha precisa das colunas name (ou nome) e number (ou numero)';

/** Where a contact's fields are in a sheet's rows. */
export type ContactColumns = { name: number; number: number; email?: number };

/**
 * The columns of a contacts sheet, found in its first row by their titles (name/nome, number/numero,
 * email/e-mail; accents and case aside); a sheet without name and number columns is refused. Contact
 * import and contact-list upload read the same sheets.
 */
export function findContactColumns(header: SheetRow | undefined): ContactColumns {
  const titles = (header?.cells ?? []).map(foldForSearch);
  const find = (field: keyof typeof COLUMN_TITLES) => {
    const index = titles.findIndex((title) => COLUMN_TITLES[field].includes(title));
    return index < 0 ? undefined : index;
  };
  const [name, number, email] = [find('name'), find('number'), find('email')];
  if (name === undefined || number === undefined) throw invalidFile(MISSING_COLUMNS);
  return { name, number, ...(email === undefined ? {} : { email }) };
}

/** The data rows of a contacts sheet as `readContactSheet` reads them. */
export interface ContactRows<T> {
  /** The rows that pass the schema, each number once, in the file's order. */
  readonly valid: T[];
  /** Rows whose number an earlier row of the file already has. */
  readonly repeated: number;
  readonly errors: ContactImportError[];
}

/**
 * A contacts sheet (contact import, contact-list upload) read into `schema`'s output (the contact
 * form's rules, or a list item's): its rows (readSpreadsheet), its columns (findContactColumns), each
 * data row checked by the schema, a failure reported by row and field, a number seen in an earlier row
 * counted as repeated.
 */
export async function readContactSheet<S extends z.ZodType<{ readonly number: string }>>(
  file: UploadedFile,
  schema: S,
): Promise<ContactRows<z.output<S>>> {
  const [header, ...rows] = await readSpreadsheet(file);
  const columns = findContactColumns(header);
  const valid: z.output<S>[] = [];
  const errors: ContactImportError[] = [];
  const seen = new Set<string>();
  let repeated = 0;
  for (const { row, cells } of rows) {
    const parsed = schema.safeParse({
      name: cells[columns.name] ?? '',
      number: cells[columns.number] ?? '',
      email: columns.email === undefined ? '' : (cells[columns.email] ?? ''),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors.push({ row, field: issue.path.map(String).join('.'), message: issue.message });
    } else if (seen.has(parsed.data.number)) {
      repeated += 1;
    } else {
      seen.add(parsed.data.number);
      valid.push(parsed.data);
    }
  }
  return { valid, repeated, errors };
}
