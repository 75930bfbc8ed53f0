/**
 * Spreadsheet uploads must not exhaust the memory (issue 12): zip bombs whose declared sizes lie or whose
 * ratio is deep, and sheets of hundreds of thousands of rows, are refused with the import's messages
 * having inflated and kept little. The bombs are generated (test/support/spreadsheet-bombs.ts). Memory
 * is judged by the growth of the process's peak resident set while the file is read, with room to spare:
 * the reader that inflated each part whole grew it by 1.1 GB on the first bomb and 450 MB on the sheet
 * of 520,000 rows.
 */
import { CONTACTS_IMPORT_MAX_BYTES, CONTACTS_IMPORT_MAX_ROWS } from '../../../shared/contacts';
import { openBoundedZip, ZipRefused } from '../../../functions/core/media/bounded-zip';
import { readSpreadsheetRows, SpreadsheetRefused } from '../../../functions/core/media/spreadsheet-rows';
import { readSpreadsheet, TOO_BIG, TOO_MANY_ROWS, UNREADABLE_FILE } from '../../../functions/core/contacts/contact-spreadsheet';
import {
  buildZip,
  honestWhitespaceBomb,
  honestZerosBomb,
  largeLegalSheet,
  lyingZerosBomb,
  manyRows,
  rowXml,
  xlsxParts,
} from '../../support/spreadsheet-bombs';

const MB = 1024 * 1024;
/** What reading one upload may add to the process's peak memory. */
const MEMORY_BOUND = 64 * MB;

const upload = (bytes: Buffer, fileName = 'contatos.xlsx') => ({ fieldName: 'file', fileName, mimeType: '', bytes });

/** The outcome of `act` and how much it raised the process's peak resident set. */
async function measured<T>(act: () => Promise<T>): Promise<{ outcome: PromiseSettledResult<T>; peakGrowth: number }> {
  const before = process.resourceUsage().maxRSS * 1024;
  const [outcome] = await Promise.allSettled([act()]);
  return { outcome, peakGrowth: process.resourceUsage().maxRSS * 1024 - before };
}

const refusal = (message: string) => ({ status: 'rejected', reason: expect.objectContaining({ code: 'ERR_VALIDATION', options: expect.objectContaining({ message }) }) });

describe('the contact import of a crafted .xlsx', () => {
  it('refuses as unreadable a 1 MB file whose sheet declares 278 bytes and inflates to 1 GB, without the memory to inflate it', async () => {
    const bomb = lyingZerosBomb(1024);

    const { outcome, peakGrowth } = await measured(() => readSpreadsheet(upload(bomb)));

    expect(bomb.length).toBeLessThan(1.1 * MB);
    expect(outcome).toMatchObject(refusal(UNREADABLE_FILE));
    expect(peakGrowth).toBeLessThan(MEMORY_BOUND);
  });

  it('refuses as too big a sheet that honestly inflates to 48 MB, past the 32 MB a part may, within the old 64 MB of declared sizes', async () => {
    const bomb = honestWhitespaceBomb(48);

    const { outcome, peakGrowth } = await measured(() => readSpreadsheet(upload(bomb)));

    expect(outcome).toMatchObject(refusal(TOO_BIG));
    expect(peakGrowth).toBeLessThan(MEMORY_BOUND);
  });

  it('refuses as too big a sheet of 200 MB of zeros deflated (a ratio of 1:1000), before inflating it', async () => {
    const bomb = honestZerosBomb(200);

    const { outcome, peakGrowth } = await measured(() => readSpreadsheet(upload(bomb)));

    expect(bomb.length).toBeLessThan(MB);
    expect(outcome).toMatchObject(refusal(TOO_BIG));
    expect(peakGrowth).toBeLessThan(MEMORY_BOUND);
  });

  it('refuses a legal 3.98 MB sheet of 520,000 contacts as having too many rows, without reading it all', async () => {
    const sheet = largeLegalSheet();

    const { outcome, peakGrowth } = await measured(() => readSpreadsheet(upload(sheet)));

    expect(sheet.length).toBeLessThanOrEqual(CONTACTS_IMPORT_MAX_BYTES);
    expect(outcome).toMatchObject(refusal(TOO_MANY_ROWS));
    expect(peakGrowth).toBeLessThan(MEMORY_BOUND);
  });

  it('stops at the first row past the limit: what follows it is never parsed', async () => {
    const sheet = manyRows(CONTACTS_IMPORT_MAX_ROWS + 1, { tail: ['<row r="9999"><c><v>unclosed'] });

    const refused = readSpreadsheet(upload(sheet));

    await expect(refused).rejects.toMatchObject({ code: 'ERR_VALIDATION', options: { message: TOO_MANY_ROWS } });
  });

  it('reads a sheet of exactly the limit: the header and 5,000 contacts', async () => {
    const sheet = manyRows(CONTACTS_IMPORT_MAX_ROWS);

    const rows = await readSpreadsheet(upload(sheet));

    expect(rows).toHaveLength(CONTACTS_IMPORT_MAX_ROWS + 1);
    expect(rows[0]).toEqual({ row: 1, cells: ['nome', 'numero'] });
    expect(rows.at(-1)).toEqual({ row: 5001, cells: ['Pessoa 999', '5511900004999'] });
  });

  it('leaves out cells past column 256, so a cell in column XFD does not make every row 16,384 cells wide', async () => {
    const far = (row: number) => rowXml(row, ['Maria', '5511999990000']).replace('</row>', `<c r="XFD${row}" t="inlineStr"><is><t>longe</t></is></c></row>`);
    const sheet = buildZip(xlsxParts([rowXml(1, ['nome', 'numero']), ...Array.from({ length: 3 }, (_, index) => far(index + 2))]));

    const rows = await readSpreadsheet(upload(sheet));

    expect(rows.map((row) => row.cells)).toEqual([['nome', 'numero'], ['Maria', '5511999990000'], ['Maria', '5511999990000'], ['Maria', '5511999990000']]);
  });
});

describe('the contact import of a large .csv', () => {
  it('stops at the first row past the limit', async () => {
    const rows = Array.from({ length: CONTACTS_IMPORT_MAX_ROWS + 2 }, (_, index) => `Pessoa ${index};5511${900000000 + index}`);
    const csv = Buffer.from(`nome;numero\n${rows.join('\n')}\n`);

    const refused = readSpreadsheet(upload(csv, 'contatos.csv'));

    await expect(refused).rejects.toMatchObject({ code: 'ERR_VALIDATION', options: { message: TOO_MANY_ROWS } });
  });

  it.each([0, 1, 2, 3, 4, 5, 6, 7, 8])('reads a quoted cell with a quote and an accent that the 64 KB slices it is decoded in cut %i bytes in', async (shift) => {
    const header = 'nome;numero\n';
    const filler = 'x'.repeat(64 * 1024 - header.length - 1 - shift);
    const csv = Buffer.from(`${header}${filler};"Jo""ão";1\n`);

    const rows = await readSpreadsheet(upload(csv, 'contatos.csv'));

    expect(rows[1]?.cells).toEqual([filler, 'Jo"ão', '1']);
  });
});

describe('openBoundedZip', () => {
  it('stops a part that inflates past the size it declares, having inflated no more than a chunk', async () => {
    const zip = await openBoundedZip(lyingZerosBomb(1024), { maxEntries: 10, maxPartBytes: 32 * MB, maxTotalBytes: 64 * MB });

    const reading = (async () => {
      for await (const _chunk of zip.read('xl/worksheets/sheet1.xml')) {
        // read to the end: only the refusal matters
      }
    })();

    await expect(reading).rejects.toMatchObject({ reason: 'unreadable' });
    expect(zip.inflatedBytes).toBeLessThanOrEqual(64 * 1024);
  });

  it('stops a part at the bound on inflated bytes, whatever it declares', async () => {
    const zip = await openBoundedZip(honestWhitespaceBomb(8), { maxEntries: 10, maxPartBytes: 1 * MB, maxTotalBytes: 64 * MB });
    let delivered = 0;

    const reading = (async () => {
      for await (const chunk of zip.read('xl/worksheets/sheet1.xml')) delivered += chunk.length;
    })();

    await expect(reading).rejects.toEqual(expect.any(ZipRefused));
    await expect(reading).rejects.toMatchObject({ reason: 'too-big' });
    expect(delivered).toBeLessThanOrEqual(1 * MB);
  });

  it('refuses an archive that declares more than the total bound, or has too many entries, before inflating anything', async () => {
    const limits = { maxEntries: 10, maxPartBytes: 32 * MB, maxTotalBytes: 64 * MB };

    const reasonOf = (opening: Promise<unknown>) => opening.then(() => 'opened', (error: unknown) => (error instanceof ZipRefused ? error.reason : error));

    const declared = await reasonOf(openBoundedZip(buildZip([...xlsxParts([]), { name: 'big.bin', content: 'x', declaredSize: 65 * MB }]), limits));
    const crowded = await reasonOf(openBoundedZip(buildZip(xlsxParts([])), { ...limits, maxEntries: 4 }));

    expect([declared, crowded]).toEqual(['too-big', 'too-big']);
  });

  it('inflates only the parts it is asked for', async () => {
    const zip = await openBoundedZip(buildZip([{ name: 'a.txt', content: 'a'.repeat(1000) }, { name: 'b.txt', content: 'b'.repeat(5000) }]), {
      maxEntries: 10,
      maxPartBytes: MB,
      maxTotalBytes: MB,
    });

    const chunks: Buffer[] = [];
    for await (const chunk of zip.read('a.txt')) chunks.push(chunk);

    expect(zip.names).toEqual(['a.txt', 'b.txt']);
    expect(Buffer.concat(chunks).toString()).toBe('a'.repeat(1000));
    expect(zip.inflatedBytes).toBe(1000);
  });
});

describe('readSpreadsheetRows', () => {
  it('tells a legacy .xls, an unknown type and a file that is no zip apart', async () => {
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);

    const reasons = await Promise.all(
      [
        { fileName: 'a.xls', bytes: Buffer.from('x') },
        { fileName: 'a.xlsx', bytes: ole },
        { fileName: 'a.txt', bytes: Buffer.from('nome;numero\n') },
        { fileName: 'a.xlsx', bytes: Buffer.from('nome;numero\n') },
      ].map((file) => readSpreadsheetRows(file, { maxRows: 10 }).catch((error: unknown) => (error instanceof SpreadsheetRefused ? error.reason : error))),
    );

    expect(reasons).toEqual(['legacy-xls', 'legacy-xls', 'unsupported', 'unreadable']);
  });
});
