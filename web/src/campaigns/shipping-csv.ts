/**
 * The report's CSV of a campaign's recipients (spec 2 §2 Campaign report): one line per recipient with
 * its position, name, number, email, status, reason, delivery time and ack, in the interface language.
 * Written as the contacts export is (functions/core/contacts/export-contacts.ts): UTF-8 with a byte-order
 * mark so spreadsheet apps read accents right, `;` between cells, CRLF between lines, cells quoted when
 * they hold `;`, quotes or line breaks, and a cell a spreadsheet would run as a formula (starting with
 * = + - @, tab or carriage return) prefixed with a quote.
 */
import type { CampaignShipping, ShippingStatus, SkipReason } from '../../../shared/campaigns';
import { ackWord, type AckWord } from './campaign-status';

const BOM = '\uFEFF';
const SEPARATOR = ';';
const LINE_END = '\r\n';

/** The words of the file, in the interface language. */
export interface ShippingCsvWords {
  readonly headers: {
    readonly position: string;
    readonly name: string;
    readonly number: string;
    readonly email: string;
    readonly status: string;
    readonly reason: string;
    readonly deliveredAt: string;
    readonly ack: string;
  };
  readonly status: Readonly<Record<ShippingStatus, string>>;
  readonly reason: Readonly<Record<SkipReason, string>>;
  /** `none` is the cell of a message not sent yet (left empty in a file). */
  readonly ack: Readonly<Record<AckWord, string>>;
}

/** One CSV cell, safe for spreadsheet apps. */
export function csvCell(value: string): string {
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
}

const csvLine = (cells: readonly string[]): string => `${cells.map(csvCell).join(SEPARATOR)}${LINE_END}`;

/** The whole file; `dateText` writes an instant (ISO 8601) as the screen does. */
export function shippingCsv(rows: readonly CampaignShipping[], words: ShippingCsvWords, dateText: (iso: string) => string): string {
  const { headers } = words;
  const lines = [
    csvLine([headers.position, headers.name, headers.number, headers.email, headers.status, headers.reason, headers.deliveredAt, headers.ack]),
    ...rows.map((row) => {
      const ack = ackWord(row.ack);
      return csvLine([
        String(row.position),
        row.name,
        row.number,
        row.email,
        words.status[row.status],
        row.reason === null ? '' : words.reason[row.reason],
        row.deliveredAt === null ? '' : dateText(row.deliveredAt),
        ack === 'none' ? '' : words.ack[ack],
      ]);
    }),
  ];
  return BOM + lines.join('');
}

/** The file's name: the campaign's name made safe for every file system, e.g. `campanha-black-friday.csv`. */
export function shippingCsvFileName(prefix: string, campaignName: string): string {
  const slug = campaignName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${prefix}${slug === '' ? '' : `-${slug}`}.csv`;
}
