/**
 * The contact import without React: which files are worth sending, and the server's per-row report
 * (POST /contacts/import) arranged for reading. Spreadsheets are .xlsx or .csv (docs/architecture.md §8; the
 * server refuses .xls with a request for .xlsx, and so does the picker before any upload).
 */
import { CONTACTS_IMPORT_MAX_BYTES, type ContactImportError, type ContactImportResult } from '../../../shared/contacts';
import { fieldMessage, type FieldMessage } from './contact-form';

export const IMPORT_EXTENSIONS = ['.xlsx', '.csv'] as const;

/** The file input's `accept`: the extensions and their media types. */
export const IMPORT_ACCEPT = [
  ...IMPORT_EXTENSIONS,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv',
].join(',');

export type ImportFileProblem = 'xls' | 'unsupported' | 'tooBig' | 'empty';

/** Why a chosen file would be refused anyway, or undefined when it may be sent. */
export function importFileProblem(file: { readonly name: string; readonly size: number }): ImportFileProblem | undefined {
  const name = file.name.toLowerCase();
  if (name.endsWith('.xls')) return 'xls';
  if (!IMPORT_EXTENSIONS.some((extension) => name.endsWith(extension))) return 'unsupported';
  if (file.size === 0) return 'empty';
  if (file.size > CONTACTS_IMPORT_MAX_BYTES) return 'tooBig';
  return undefined;
}

export interface ImportRowProblem {
  /** `name`, `number`, `email`; absent when the row as a whole was refused. */
  readonly field?: string;
  readonly message: FieldMessage;
}

export interface ImportRowReport {
  readonly row: number;
  readonly problems: readonly ImportRowProblem[];
}

/** The refused rows in the spreadsheet's order, each with all of its problems. */
export function importErrorsByRow(errors: readonly ContactImportError[]): ImportRowReport[] {
  const rows = new Map<number, ImportRowProblem[]>();
  for (const error of errors) {
    const problems = rows.get(error.row) ?? [];
    problems.push({ ...(error.field ? { field: error.field } : {}), message: fieldMessage(error.message) });
    rows.set(error.row, problems);
  }
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([row, problems]) => ({ row, problems }));
}

/** How many rows were refused (a row with two bad cells counts once). */
export function refusedRowCount(result: ContactImportResult): number {
  return new Set(result.errors.map((error) => error.row)).size;
}
