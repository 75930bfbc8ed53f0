/** A real .xlsx workbook of one sheet with these rows, written by ExcelJS as a spreadsheet program would. */
import ExcelJS from 'exceljs';

export async function xlsxOf(rows: readonly (readonly (string | number)[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Contatos');
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
