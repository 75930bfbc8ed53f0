/**
 * Reads the spreadsheet of a contact import into rows of text cells, through the bounded reader every
 * spreadsheet upload uses (../media/spreadsheet-rows.ts): `.xlsx` or `.csv`, legacy `.xls` refused with a
 * message asking for `.xlsx` (DESIGN.md §8).
 *
 * Crafted files: the upload is bounded (CONTACTS_IMPORT_MAX_BYTES); an .xlsx is a zip whose parts are
 * inflated as streams, counting the bytes actually inflated (at most XLSX_MAX_UNPACKED_BYTES in all,
 * whatever the archive declares), so a zip bomb is refused before it can exhaust the memory; and reading
 * stops at the first row past CONTACTS_IMPORT_MAX_ROWS data rows. Every refusal is ERR_VALIDATION on
 * the file field, with one of the messages below: a zip bomb, whose parts inflate past the bounds, is
 * TOO_BIG; an archive whose parts inflate past the sizes they declare is corrupt, UNREADABLE_FILE.
 */
import { CONTACTS_IMPORT_FIELDS, CONTACTS_IMPORT_MAX_ROWS } from '../../../shared/contacts';
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
