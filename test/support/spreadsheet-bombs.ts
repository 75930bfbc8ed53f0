/**
 * Crafted spreadsheets for the upload guard's tests and `npm run bench:import`: a small zip writer that
 * deflates its parts as streams (so a bomb of 1 GB costs its maker a few hundred kilobytes of memory,
 * not a gigabyte) and may declare sizes that lie, and the .xlsx files built with it.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

export type Chunks = Iterable<string | Buffer>;

export interface ZipPart {
  readonly name: string;
  readonly content: string | Buffer | Chunks;
  /** The uncompressed size written in the local header and the central directory; the true one if absent. */
  readonly declaredSize?: number;
}

interface Deflated {
  readonly data: Buffer;
  readonly size: number;
  readonly crc: number;
}

/** An empty final block: what ends a deflate stream made of fully flushed pieces. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * Each chunk is deflated on its own and fully flushed (its output ends byte-aligned and refers to no
 * earlier byte), so the pieces concatenate into one valid stream, and a chunk repeated is deflated once.
 */
function deflate(content: ZipPart['content']): Deflated {
  const chunks: Chunks = typeof content === 'string' || Buffer.isBuffer(content) ? [content] : content;
  const output: Buffer[] = [];
  let size = 0;
  let crc = 0;
  let last: { chunk: string | Buffer; deflated: Buffer } | undefined;
  for (const chunk of chunks) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += bytes.length;
    crc = crc32(bytes, crc);
    if (last?.chunk !== chunk) last = { chunk, deflated: deflateRawSync(bytes, { level: 9, finishFlush: constants.Z_FULL_FLUSH }) };
    output.push(last.deflated);
  }
  output.push(FINAL_BLOCK);
  return { data: Buffer.concat(output), size, crc };
}

/** A zip of deflated parts, in the order given. */
export function buildZip(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { data, size, crc } = deflate(part.content);
    const declared = part.declaredSize ?? size;
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc >>> 0, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(declared, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    directory.push(entry, name);
    offset += local.length + name.length + data.length;
  }
  const directorySize = directory.reduce((total, bytes) => total + bytes.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** One row of inline strings (`nome`, `numero`, ...) as the sheet part writes it. */
export function rowXml(row: number, cells: readonly string[]): string {
  const columns = cells.map((cell, index) => `<c r="${String.fromCharCode(65 + index)}${row}" t="inlineStr"><is><t>${escapeXml(cell)}</t></is></c>`);
  return `<row r="${row}">${columns.join('')}</row>`;
}

export interface SheetOptions {
  /** Chunks written inside <sheetData> before the rows (e.g. a long run of whitespace). */
  readonly before?: Chunks;
  /** Chunks written after the last row in place of the end of the part (e.g. something unreadable). */
  readonly tail?: Chunks;
  /** The sheet part's declared size (a lie when given). */
  readonly declaredSize?: number;
  /** The <si> elements of a shared strings part, which cells of type `s` refer to by index. */
  readonly sharedStrings?: Chunks;
}

/** The parts of an .xlsx whose first sheet holds `rows` (chunks of <row> elements). */
export function xlsxParts(rows: Chunks, options: SheetOptions = {}): ZipPart[] {
  function* sheet(): Generator<string | Buffer> {
    yield `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheetData>`;
    if (options.before) yield* options.before;
    yield* rows;
    if (options.tail) yield* options.tail;
    else yield '</sheetData></worksheet>';
  }
  return [
    {
      name: '[Content_Types].xml',
      content:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    },
    {
      name: '_rels/.rels',
      content: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      content: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="Contatos" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content:
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `${options.sharedStrings ? `<Relationship Id="rId2" Type="${RELATIONSHIPS}/sharedStrings" Target="sharedStrings.xml"/>` : ''}</Relationships>`,
    },
    ...(options.sharedStrings ? [{ name: 'xl/sharedStrings.xml', content: sharedStrings(options.sharedStrings) }] : []),
    { name: 'xl/worksheets/sheet1.xml', content: sheet(), ...(options.declaredSize === undefined ? {} : { declaredSize: options.declaredSize }) },
  ];
}

function* sharedStrings(items: Chunks): Generator<string | Buffer> {
  yield `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="${MAIN}">`;
  yield* items;
  yield '</sst>';
}

/** `count` times the same chunk, without holding more than one. */
export function* repeat(chunk: string | Buffer, count: number): Generator<string | Buffer> {
  for (let index = 0; index < count; index += 1) yield chunk;
}

const MB = 1024 * 1024;

/** A header and `count` contacts with distinct numbers, as inline strings, 1,000 rows to a chunk. */
export function* contactRows(count: number): Generator<string> {
  yield rowXml(1, ['nome', 'numero']);
  for (let start = 0; start < count; start += 1000) {
    const rows: string[] = [];
    for (let index = start; index < Math.min(count, start + 1000); index += 1) {
      rows.push(rowXml(index + 2, [`Pessoa ${index}`, `5511${String(900000000 + index)}`]));
    }
    yield rows.join('');
  }
}

/**
 * A header and `count` contacts as spreadsheet apps save them, the texts in the shared strings part
 * (`nome`, `numero`, then 1,000 names the contacts take in turn) and the numbers, all distinct, as
 * numbers; 10,000 rows to a chunk. `cellReferences: false` leaves out the cells' optional `r`
 * attribute (a third of the bytes; exceljs 4.4 cannot read such cells).
 */
export function sharedStringContacts(count: number, { cellReferences = true } = {}): { rows: Chunks; sharedStrings: Chunks } {
  const NAMES = 1000;
  const at = (column: string, row: number) => (cellReferences ? ` r="${column}${row}"` : '');
  function* rows(): Generator<string> {
    yield `<row r="1"><c${at('A', 1)} t="s"><v>0</v></c><c${at('B', 1)} t="s"><v>1</v></c></row>`;
    for (let start = 0; start < count; start += 10_000) {
      const chunk: string[] = [];
      for (let index = start; index < Math.min(count, start + 10_000); index += 1) {
        const row = index + 2;
        chunk.push(`<row r="${row}"><c${at('A', row)} t="s"><v>${(index % NAMES) + 2}</v></c><c${at('B', row)}><v>5511${900000000 + index}</v></c></row>`);
      }
      yield chunk.join('');
    }
  }
  function* strings(): Generator<string> {
    yield '<si><t>nome</t></si><si><t>numero</t></si>';
    yield Array.from({ length: NAMES }, (_, index) => `<si><t>Pessoa ${index}</t></si>`).join('');
  }
  return { rows: rows(), sharedStrings: strings() };
}

/**
 * The bomb of the issue: a sheet part that declares 278 bytes and inflates to `megabytes` MB of zeros
 * (1,024 makes a file of about 1 MB).
 */
export const lyingZerosBomb = (megabytes = 1024) =>
  buildZip(xlsxParts(repeat(Buffer.alloc(MB), megabytes), { declaredSize: 278 }));

/**
 * A well-formed sheet of a header and one contact behind `megabytes` MB of spaces, declaring 278 bytes:
 * a reader that trusts the declared size inflates it all and finds a valid sheet.
 */
export const lyingWhitespaceBomb = (megabytes: number) =>
  buildZip(xlsxParts(contactRows(1), { before: repeat(' '.repeat(MB), megabytes), declaredSize: 278 }));

/** A sheet part that honestly declares and inflates to `megabytes` MB: spaces before a valid sheet. */
export const honestWhitespaceBomb = (megabytes: number) =>
  buildZip(xlsxParts(contactRows(1), { before: repeat(' '.repeat(MB), megabytes) }));

/** A sheet part of `megabytes` MB of zeros, declared honestly (the deepest ratio deflate gives, ~1:1000). */
export const honestZerosBomb = (megabytes = 200) => buildZip(xlsxParts(repeat(Buffer.alloc(MB), megabytes)));

/** A legal .xlsx of a header and `count` contacts, saved with shared strings as spreadsheet apps do. */
export function manyRows(count: number, options: Omit<SheetOptions, 'sharedStrings'> & { cellReferences?: boolean } = {}): Buffer {
  const { cellReferences, ...sheet } = options;
  const { rows, sharedStrings } = sharedStringContacts(count, { cellReferences });
  return buildZip(xlsxParts(rows, { ...sheet, sharedStrings }));
}

/** 520,000 contacts in 3.98 MB, within the upload's 4 MiB: the cells without their optional reference. */
export const largeLegalSheet = () => manyRows(520_000, { cellReferences: false });
