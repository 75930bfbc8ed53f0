/**
 * GET /contacts/export (spec 3 §9): the company's contacts as `contatos.csv`, a download.
 *
 * Steps: read the contacts by name, a Query page (1 MB) at a time, name, number and email only; write
 * them as CSV: UTF-8 with a byte-order mark (so spreadsheet apps read accents right), `;` between
 * cells, CRLF between lines, the header `name;number;email`, cells quoted when they hold `;`, quotes or
 * line breaks, and a cell that a spreadsheet would run as a formula (starting with = + - @, tab or
 * carriage return) prefixed with a quote (CSV injection); store the file in the private media bucket
 * under the company's prefix, one object per user, overwritten by the user's next export (so exports
 * never pile up); answer a presigned URL, valid EXPORT_URL_SECONDS, whose answer is served as an
 * attachment named contatos.csv.
 *
 * Why a link and not the file in the answer: API Gateway and Lambda cap an answer at 6 MB (about
 * 100,000 contacts), and the HTTP module answers JSON. A link works for every company size, and the
 * browser downloads it as it would the file itself.
 */
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { CONTACTS_EXPORT_FILE_NAME, type ContactExport } from '../../../shared/contacts';
import { s3 } from '../aws/clients';
import { config } from '../config';
import { objectKey } from '../media/files';
import { contactExportPages } from '../repositories/contact-pages';
import type { Caller } from '../caller/load-caller';

export const EXPORT_URL_SECONDS = 5 * 60;
const BOM = '\uFEFF';
const SEPARATOR = ';';
const LINE_END = '\r\n';

/** The object key of a user's export: `companies/<companyId>/exports/<userId>/contatos.csv`. */
export const contactExportKey = (companyId: string, userId: string): string =>
  objectKey('companies', companyId, 'exports', userId, CONTACTS_EXPORT_FILE_NAME);

/** One CSV cell, safe for spreadsheet apps. */
export function csvCell(value: string): string {
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
}

export const csvLine = (cells: readonly string[]): string => `${cells.map(csvCell).join(SEPARATOR)}${LINE_END}`;

export async function exportContacts(caller: Caller): Promise<ContactExport> {
  const chunks: string[] = [BOM, csvLine(['name', 'number', 'email'])];
  let count = 0;
  for await (const page of contactExportPages(caller.companyId)) {
    chunks.push(page.map((contact) => csvLine([contact.name, contact.number, contact.email])).join(''));
    count += page.length;
  }

  const key = contactExportKey(caller.companyId, caller.userId);
  const disposition = `attachment; filename="${CONTACTS_EXPORT_FILE_NAME}"`;
  const contentType = 'text/csv; charset=utf-8';
  await s3().send(
    new PutObjectCommand({
      Bucket: config.mediaBucket(),
      Key: key,
      Body: Buffer.from(chunks.join(''), 'utf8'),
      ContentType: contentType,
      ContentDisposition: disposition,
    }),
  );
  const url = await getSignedUrl(
    s3(),
    new GetObjectCommand({ Bucket: config.mediaBucket(), Key: key, ResponseContentDisposition: disposition, ResponseContentType: contentType }),
    { expiresIn: EXPORT_URL_SECONDS },
  );
  return { url, fileName: CONTACTS_EXPORT_FILE_NAME, count };
}
