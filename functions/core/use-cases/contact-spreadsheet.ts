/**
 * Reads the spreadsheet of a contact import into rows of text cells. Accepted: `.xlsx` (read with
 * exceljs) and `.csv` (UTF-8, or Windows-1252 as older spreadsheet apps save it; `;` or `,` between
 * cells, told by the header line). Legacy `.xls` is refused with a message asking for `.xlsx`
 * (DESIGN.md §8). The type is told by the name and checked against the first bytes.
 *
 * Crafted files: the upload is bounded (CONTACTS_IMPORT_MAX_BYTES) and so are the rows; an .xlsx is a
 * zip, so before exceljs inflates it the sizes its directory declares are added up and a file that
 * would unpack to more than XLSX_MAX_UNPACKED_BYTES is refused (a zip bomb would exhaust the memory).
 */
import ExcelJS from 'exceljs';
import { CONTACTS_IMPORT_FIELDS, CONTACTS_IMPORT_MAX_ROWS } from '../../../shared/contacts';
import { AppError } from '../errors';
import { fileExtension } from '../media/files';
import type { UploadedFile } from '../media/multipart';

export const XLSX_MAX_UNPACKED_BYTES = 64 * 1024 * 1024;

export const XLS_REFUSED = 'Arquivos .xls não são aceitos: salve a planilha como .xlsx e envie de novo';
export const UNSUPPORTED_FILE = 'Envie uma planilha .xlsx ou .csv';
export const UNREADABLE_FILE = 'Não foi possível ler a planilha';
export const TOO_MANY_ROWS = `A planilha tem mais de ${CONTACTS_IMPORT_MAX_ROWS} linhas: divida-a em partes menores`;
export const TOO_BIG = 'A planilha é grande demais para uma importação: divida-a em partes menores';

/** A non-empty line of the sheet: its number as a spreadsheet app shows it, and its cells as text. */
export interface SheetRow {
  readonly row: number;
  readonly cells: readonly string[];
}

export const invalidFile = (message: string) =>
  new AppError('ERR_VALIDATION', { message, fields: [{ path: CONTACTS_IMPORT_FIELDS[0], message }] });

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** Compound File Binary: the container of legacy .xls (and .doc) files. */
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((byte, index) => bytes[index] === byte);

/**
 * The non-empty rows of the file's first sheet, the header included, at most CONTACTS_IMPORT_MAX_ROWS
 * data rows (more is refused as a whole).
 */
export async function readSpreadsheet(file: UploadedFile): Promise<SheetRow[]> {
  const extension = fileExtension(file.fileName);
  if (extension === '.xls' || startsWith(file.bytes, OLE_MAGIC)) throw invalidFile(XLS_REFUSED);
  const rows = extension === '.xlsx' ? await readXlsx(file.bytes) : extension === '.csv' ? readCsv(file.bytes) : undefined;
  if (!rows) throw invalidFile(UNSUPPORTED_FILE);
  return rows;
}

const tooMany = (count: number) => count > CONTACTS_IMPORT_MAX_ROWS + 1;

async function readXlsx(bytes: Buffer): Promise<SheetRow[]> {
  if (!startsWith(bytes, ZIP_MAGIC)) throw invalidFile(UNREADABLE_FILE);
  const unpacked = zipUnpackedSize(bytes);
  if (unpacked === undefined) throw invalidFile(UNREADABLE_FILE);
  if (unpacked > XLSX_MAX_UNPACKED_BYTES) throw invalidFile(TOO_BIG);

  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs types its input as an ArrayBuffer (and reads one): a copy of the bytes as such.
    await workbook.xlsx.load(new Uint8Array(bytes).buffer);
  } catch {
    throw invalidFile(UNREADABLE_FILE);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  if (tooMany(sheet.actualRowCount)) throw invalidFile(TOO_MANY_ROWS);
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells = Array.from({ length: row.cellCount }, (_, index) => cellText(row.getCell(index + 1)));
    if (cells.some((cell) => cell !== '')) rows.push({ row: rowNumber, cells });
  });
  return rows;
}

/** What the cell shows, as text; a formula by its result; numbers in full (a phone number is digits). */
function cellText(cell: ExcelJS.Cell): string {
  try {
    return cell.text.trim();
  } catch {
    // exceljs throws on some malformed cell values; such a cell reads as empty and fails validation.
    return '';
  }
}

/**
 * The sum of the uncompressed sizes a zip's central directory declares, or undefined when the zip is
 * not readable (no end record, a directory out of bounds, or ZIP64, which no spreadsheet of our size
 * needs).
 */
export function zipUnpackedSize(bytes: Buffer): number | undefined {
  const END_SIGNATURE = 0x06054b50;
  const ENTRY_SIGNATURE = 0x02014b50;
  const earliest = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let offset = bytes.length - 22; offset >= earliest; offset -= 1) {
    if (bytes.readUInt32LE(offset) === END_SIGNATURE) {
      end = offset;
      break;
    }
  }
  if (end < 0) return undefined;
  const entries = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  let total = 0;
  for (let index = 0; index < entries; index += 1) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== ENTRY_SIGNATURE) return undefined;
    const size = bytes.readUInt32LE(offset + 24);
    if (size === 0xffffffff) return undefined;
    total += size;
    offset += 46 + bytes.readUInt16LE(offset + 28) + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
  }
  return total;
}

function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/**
 * CSV as spreadsheet apps write it: cells in double quotes may hold the separator, quotes (doubled) and
 * line breaks; a record ends at CRLF or LF. The separator is the one of `;` and `,` that the first line
 * holds more of (`;` on a tie, as Brazilian spreadsheet apps write).
 */
function readCsv(bytes: Buffer): SheetRow[] {
  const text = decodeText(bytes);
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const count = (character: string) => firstLine.split(character).length - 1;
  const separator = count(',') > count(';') ? ',' : ';';

  const rows: SheetRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let record = 1;
  const endCell = () => {
    cells.push(cell.trim());
    cell = '';
  };
  const endRecord = () => {
    endCell();
    if (cells.some((value) => value !== '')) rows.push({ row: record, cells });
    if (tooMany(rows.length)) throw invalidFile(TOO_MANY_ROWS);
    cells = [];
    record += 1;
  };
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (character === separator) endCell();
    else if (character === '\n') endRecord();
    else if (character !== '\r') cell += character;
  }
  if (cell !== '' || cells.length > 0) endRecord();
  return rows;
}
