/**
 * The rows of an uploaded spreadsheet, read within bounds. Every spreadsheet the product reads goes
 * through `readSpreadsheetRows` (the contact import now, contact lists later), so that no file, however
 * crafted, can take a request's memory: never load an upload with a reader that inflates or parses it
 * whole. Callers turn a SpreadsheetRefused into their own message.
 *
 * Accepted: `.xlsx` and `.csv` (UTF-8, or Windows-1252 as older spreadsheet apps save it; `;` or `,`
 * between cells, told by the header line). Legacy `.xls` is refused (docs/architecture.md §8). The type is told by
 * the name and checked against the first bytes.
 *
 * The bounds:
 * - an .xlsx is a zip, read through ./bounded-zip.ts: the bytes actually inflated are counted, per part
 *   and in total (SPREADSHEET_ZIP_LIMITS), whatever the archive declares. Only the parts needed are
 *   inflated (the relationships, the workbook, its first sheet and the shared strings), each streamed
 *   through a SAX parser (saxes, which expands no entity of a DTD) and never held whole;
 * - reading stops at the first non-empty row past `maxRows` ('too-many-rows'). The sheet is read before
 *   the shared strings, and of these only the ones the kept rows use are kept;
 * - cells past `maxColumns` are left out, so one cell in column XFD cannot make every row 16,384 wide;
 * - a .csv is bounded by the upload's size; it is decoded a slice at a time and stops at the row bound.
 *
 * Cells read as text, trimmed, as exceljs's `cell.text` showed them: numbers in full (a phone number is
 * digits), booleans as true/false, a formula by its stored result; dates stay the serial number the
 * file stores (no format is applied: nothing read from a spreadsheet is a date yet).
 */
import { isUtf8 } from 'node:buffer';
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { openBoundedZip, ZipRefused, type BoundedZip, type ZipLimits } from './bounded-zip';
import { fileExtension } from './files';

const MB = 1024 * 1024;

/**
 * Far above any spreadsheet of a few thousand rows (a 5,000-row sheet of 30 text columns inflates to
 * about 10 MB), far below a Lambda's memory.
 */
export const SPREADSHEET_ZIP_LIMITS: ZipLimits = { maxEntries: 10_000, maxPartBytes: 32 * MB, maxTotalBytes: 64 * MB };
export const SPREADSHEET_MAX_COLUMNS = 256;

export interface SpreadsheetLimits {
  /** Non-empty rows, the header included; the first one past it stops the reading. */
  readonly maxRows: number;
  readonly maxColumns?: number;
  readonly zip?: ZipLimits;
}

/** A non-empty line of the sheet: its number as a spreadsheet app shows it, and its cells as text. */
export interface SheetRow {
  readonly row: number;
  readonly cells: readonly string[];
}

export type SpreadsheetRefusal = 'legacy-xls' | 'unsupported' | 'unreadable' | 'too-big' | 'too-many-rows';

/** Why a spreadsheet is not read; `message` is for logs, never for the user. */
export class SpreadsheetRefused extends Error {
  constructor(
    readonly reason: SpreadsheetRefusal,
    message: string = reason,
  ) {
    super(message);
    this.name = 'SpreadsheetRefused';
  }
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** Compound File Binary: the container of legacy .xls (and .doc) files. */
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((byte, index) => bytes[index] === byte);

/** The non-empty rows of the file's first sheet, the header included, at most `limits.maxRows`. */
export async function readSpreadsheetRows(file: { readonly fileName: string; readonly bytes: Buffer }, limits: SpreadsheetLimits): Promise<SheetRow[]> {
  const extension = fileExtension(file.fileName);
  if (extension === '.xls' || startsWith(file.bytes, OLE_MAGIC)) throw new SpreadsheetRefused('legacy-xls');
  const bounds = { maxRows: limits.maxRows, maxColumns: limits.maxColumns ?? SPREADSHEET_MAX_COLUMNS, zip: limits.zip ?? SPREADSHEET_ZIP_LIMITS };
  if (extension === '.xlsx') return readXlsx(file.bytes, bounds);
  if (extension === '.csv') return readCsv(file.bytes, bounds);
  throw new SpreadsheetRefused('unsupported');
}

type Bounds = Required<SpreadsheetLimits>;

/** A cell as the sheet stores it: its text, or the index of a shared string. */
type StoredCell = string | number;

interface StoredRow {
  readonly row: number;
  readonly cells: StoredCell[];
}

const tooManyRows = (limit: number) => new SpreadsheetRefused('too-many-rows', `more than ${limit} rows`);

async function readXlsx(bytes: Buffer, bounds: Bounds): Promise<SheetRow[]> {
  if (!startsWith(bytes, ZIP_MAGIC)) throw new SpreadsheetRefused('unreadable', 'not a zip');
  let zip: BoundedZip;
  try {
    zip = await openBoundedZip(bytes, bounds.zip);
  } catch (error) {
    throw refusalOf(error);
  }
  const parts = new Map(zip.names.map((name) => [name.toLowerCase(), name]));
  const part = (path: string) => parts.get(path.toLowerCase());

  const packagePart = part('_rels/.rels');
  const packageRelationships = packagePart ? await readRelationships(zip, packagePart, '') : [];
  const workbook = packageRelationships.find((relationship) => relationship.type.endsWith('/officeDocument'))?.target ?? 'xl/workbook.xml';
  const workbookPart = part(workbook);
  if (!workbookPart) throw new SpreadsheetRefused('unreadable', 'no workbook');
  const sheetId = await firstSheetRelationship(zip, workbookPart);
  if (sheetId === undefined) return [];

  const folder = workbook.slice(0, workbook.lastIndexOf('/') + 1);
  const relationshipsPart = part(`${folder}_rels/${workbook.slice(folder.length)}.rels`);
  if (!relationshipsPart) throw new SpreadsheetRefused('unreadable', 'no workbook relationships');
  const relationships = await readRelationships(zip, relationshipsPart, folder);
  const sheetPart = part(relationships.find((relationship) => relationship.id === sheetId)?.target ?? '');
  if (!sheetPart) throw new SpreadsheetRefused('unreadable', 'no first sheet');
  const stringsPart = part(relationships.find((relationship) => relationship.type.endsWith('/sharedStrings'))?.target ?? '');

  const rows = await readSheet(zip, sheetPart, bounds);
  const used = new Set<number>();
  for (const { cells } of rows) for (const cell of cells) if (typeof cell === 'number') used.add(cell);
  const strings = used.size > 0 && stringsPart ? await readSharedStrings(zip, stringsPart, used) : new Map<number, string>();

  const sheetRows: SheetRow[] = [];
  for (const { row, cells } of rows) {
    const texts = Array.from(cells, (cell: StoredCell | undefined) => (typeof cell === 'number' ? (strings.get(cell) ?? '') : (cell ?? '')));
    // A row whose only cells are blank shared strings is empty after all.
    if (texts.some((text) => text !== '')) sheetRows.push({ row, cells: texts });
  }
  return sheetRows;
}

function refusalOf(error: unknown): SpreadsheetRefused {
  if (error instanceof SpreadsheetRefused) return error;
  if (error instanceof ZipRefused) return new SpreadsheetRefused(error.reason, error.message);
  return new SpreadsheetRefused('unreadable', String(error));
}

/** Thrown by a part's handlers to stop reading it: what they wanted is read. */
/** Thrown to stop a streaming parser once it has read enough: not a failure, caught where reading ends. */
class StopReading extends Error {}
const DONE = new StopReading('done');

/**
 * Streams one XML part through saxes. `setup` attaches the handlers; text is collected only between
 * `capture()` and `take()`, so the whitespace and the elements a reader does not want are never held.
 */
async function parsePart(
  zip: BoundedZip,
  name: string,
  setup: (parser: SaxesParser, text: { capture(): void; take(): string }) => void,
): Promise<void> {
  const parser = new SaxesParser({ position: false });
  let collected = '';
  const collect = (text: string) => {
    collected += text;
  };
  setup(parser, {
    capture() {
      collected = '';
      parser.on('text', collect);
      parser.on('cdata', collect);
    },
    take() {
      parser.off('text');
      parser.off('cdata');
      const text = collected;
      collected = '';
      return text;
    },
  });
  const decoder = new StringDecoder('utf8');
  try {
    for await (const chunk of zip.read(name)) parser.write(decoder.write(chunk));
    parser.write(decoder.end());
    parser.close();
  } catch (error) {
    if (error === DONE) return;
    throw refusalOf(error);
  }
}

/** The name without its namespace prefix (`x:row` is `row`). */
const local = (name: string) => name.slice(name.indexOf(':') + 1);
const attribute = (tag: SaxesTagPlain, name: string): string | undefined => tag.attributes[name];

interface Relationship {
  readonly id: string;
  readonly type: string;
  /** The part's path in the archive, resolved against the folder of the part that names it. */
  readonly target: string;
}

async function readRelationships(zip: BoundedZip, name: string, folder: string): Promise<Relationship[]> {
  const relationships: Relationship[] = [];
  await parsePart(zip, name, (parser) => {
    parser.on('opentag', (tag) => {
      if (local(tag.name) !== 'Relationship' || attribute(tag, 'TargetMode') === 'External') return;
      const [id, type, target] = [attribute(tag, 'Id'), attribute(tag, 'Type'), attribute(tag, 'Target')];
      if (id && type && target) relationships.push({ id, type, target: resolvePath(folder, target) });
    });
  });
  return relationships;
}

function resolvePath(folder: string, target: string): string {
  let decoded = target;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    // Not percent-encoded after all.
  }
  const path = decoded.startsWith('/') ? decoded.slice(1) : folder + decoded;
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '.' && segment !== '') segments.push(segment);
  }
  return segments.join('/');
}

/** The relationship id (`r:id`) of the workbook's first sheet, as spreadsheet apps list it first. */
async function firstSheetRelationship(zip: BoundedZip, name: string): Promise<string | undefined> {
  let id: string | undefined;
  await parsePart(zip, name, (parser) => {
    parser.on('opentag', (tag) => {
      if (local(tag.name) !== 'sheet') return;
      id = Object.entries(tag.attributes).find(([key]) => key !== 'id' && local(key) === 'id')?.[1];
      throw DONE;
    });
  });
  return id;
}

/** `B7` is column 2; a cell without its (optional) reference follows the previous one. */
function columnOf(reference: string | undefined, previous: number): number {
  const letters = reference === undefined ? undefined : /^([A-Za-z]{1,3})[0-9]*$/.exec(reference)?.[1];
  if (!letters) return previous + 1;
  let column = 0;
  for (const letter of letters.toUpperCase()) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column;
}

/** A number as exceljs showed it: its shortest text (`5511999990000`, not `5.511999990000E12`). */
function numberText(value: string): string {
  const number = Number(value);
  return value.trim() !== '' && Number.isFinite(number) ? String(number) : value.trim();
}

/** The non-empty rows of the sheet, up to the bound; shared strings by their index. */
async function readSheet(zip: BoundedZip, name: string, bounds: Bounds): Promise<StoredRow[]> {
  const rows: StoredRow[] = [];
  await parsePart(zip, name, (parser, text) => {
    let rowNumber = 0;
    let cells: StoredCell[] | undefined;
    let column = 0;
    let cell: { type: string | undefined; keep: boolean; value: string; inline: string } | undefined;
    let inInline = false;
    let inPhonetic = false;

    parser.on('opentag', (tag) => {
      switch (local(tag.name)) {
        case 'row': {
          const number = Number.parseInt(attribute(tag, 'r') ?? '', 10);
          rowNumber = Number.isInteger(number) && number > 0 ? number : rowNumber + 1;
          cells = [];
          column = 0;
          break;
        }
        case 'c':
          column = columnOf(attribute(tag, 'r'), column);
          cell = { type: attribute(tag, 't'), keep: cells !== undefined && column <= bounds.maxColumns, value: '', inline: '' };
          break;
        case 'v':
          if (cell?.keep) text.capture();
          break;
        case 'is':
          inInline = true;
          break;
        case 'rPh':
          inPhonetic = true;
          break;
        case 't':
          if (cell?.keep && inInline && !inPhonetic) text.capture();
          break;
      }
    });

    parser.on('closetag', (tag) => {
      switch (local(tag.name)) {
        case 'v':
          if (cell?.keep) cell.value = text.take();
          break;
        case 't':
          if (cell?.keep && inInline && !inPhonetic) cell.inline += text.take();
          break;
        case 'is':
          inInline = false;
          break;
        case 'rPh':
          inPhonetic = false;
          break;
        case 'c': {
          const stored = cell?.keep ? storedCell(cell) : undefined;
          if (cells && stored !== undefined && stored !== '') cells[column - 1] = stored;
          cell = undefined;
          break;
        }
        case 'row':
          if (cells && cells.length > 0) {
            rows.push({ row: rowNumber, cells });
            if (rows.length > bounds.maxRows) throw tooManyRows(bounds.maxRows);
          }
          cells = undefined;
          break;
        case 'sheetData':
          // What follows the rows (merged cells, formatting, drawings) is of no interest.
          throw DONE;
      }
    });
  });
  return rows;
}

function storedCell(cell: { type: string | undefined; value: string; inline: string }): StoredCell {
  switch (cell.type) {
    case 's': {
      const index = Number.parseInt(cell.value, 10);
      return Number.isInteger(index) && index >= 0 ? index : '';
    }
    case 'inlineStr':
      return cell.inline.trim();
    case 'b':
      return cell.value === '1' ? 'true' : cell.value === '0' ? 'false' : cell.value.trim();
    case 'str':
    case 'e':
    case 'd':
      return cell.value.trim();
    default:
      return numberText(cell.value);
  }
}

/** The shared strings at the indexes asked for, trimmed; reading stops once they are all found. */
async function readSharedStrings(zip: BoundedZip, name: string, wanted: ReadonlySet<number>): Promise<Map<number, string>> {
  const strings = new Map<number, string>();
  let last = 0;
  for (const index of wanted) last = Math.max(last, index);
  await parsePart(zip, name, (parser, text) => {
    let index = -1;
    let keep = false;
    let value = '';
    let inPhonetic = false;
    parser.on('opentag', (tag) => {
      switch (local(tag.name)) {
        case 'si':
          index += 1;
          keep = wanted.has(index);
          value = '';
          break;
        case 'rPh':
          inPhonetic = true;
          break;
        case 't':
          if (keep && !inPhonetic) text.capture();
          break;
      }
    });
    parser.on('closetag', (tag) => {
      switch (local(tag.name)) {
        case 't':
          if (keep && !inPhonetic) value += text.take();
          break;
        case 'rPh':
          inPhonetic = false;
          break;
        case 'si':
          if (keep) strings.set(index, value.trim());
          if (index >= last) throw DONE;
          break;
      }
    });
  });
  return strings;
}

/**
 * CSV as spreadsheet apps write it: cells in double quotes may hold the separator, quotes (doubled) and
 * line breaks; a record ends at CRLF or LF. The separator is the one of `;` and `,` that the first line
 * holds more of (`;` on a tie, as Brazilian spreadsheet apps write). UTF-8 when the bytes are valid
 * UTF-8 (a BOM is dropped), else Windows-1252.
 */
function readCsv(bytes: Buffer, bounds: Bounds): SheetRow[] {
  const encoding = isUtf8(bytes) ? 'utf-8' : 'windows-1252';
  const newline = bytes.indexOf(0x0a);
  const firstLine = new TextDecoder(encoding).decode(newline < 0 ? bytes : bytes.subarray(0, newline));
  const count = (character: string) => firstLine.split(character).length - 1;
  const separator = count(',') > count(';') ? ',' : ';';

  const rows: SheetRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  /** A quote closed a quoted cell, unless the next character is a quote too (an escaped quote). */
  let closingQuote = false;
  let record = 1;
  const endCell = () => {
    if (cells.length < bounds.maxColumns) cells.push(cell.trim());
    cell = '';
  };
  const endRecord = () => {
    endCell();
    if (cells.some((value) => value !== '')) rows.push({ row: record, cells });
    if (rows.length > bounds.maxRows) throw tooManyRows(bounds.maxRows);
    cells = [];
    record += 1;
  };
  const read = (text: string) => {
    for (const character of text) {
      if (quoted) {
        if (character === '"') {
          quoted = false;
          closingQuote = true;
        } else cell += character;
        continue;
      }
      if (closingQuote) {
        closingQuote = false;
        if (character === '"') {
          cell += '"';
          quoted = true;
          continue;
        }
      }
      if (character === '"' && cell.trim() === '') {
        cell = '';
        quoted = true;
      } else if (character === separator) endCell();
      else if (character === '\n') endRecord();
      else if (character !== '\r') cell += character;
    }
  };

  const decoder = new TextDecoder(encoding);
  const SLICE = 64 * 1024;
  for (let start = 0; start < bytes.length; start += SLICE) read(decoder.decode(bytes.subarray(start, start + SLICE), { stream: true }));
  read(decoder.decode());
  if (cell !== '' || cells.length > 0) endRecord();
  return rows;
}
