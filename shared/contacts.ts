/**
 * Contacts (spec 1 §3, §5, §7; spec 3 §9): the inputs the API accepts, with the contact form's messages,
 * the shapes it answers, and the one rule that turns what people type into a stored phone number.
 * Imported by the backend and by the web's contacts page, contact modal and side drawer.
 */
import { z } from 'zod';
import { withoutControls } from './text';
import { SearchParam } from './paging';
import { isDay } from './company-time';
import { normaliseNumber } from './phone-number';

export interface ExtraInfo {
  readonly name: string;
  readonly value: string;
}

/** A contact as GET /contacts, GET /contacts/{id}, POST, PUT and the `contact` event carry it. */
export interface ContactDto {
  readonly id: string;
  readonly name: string;
  /** Digits with country code (`normaliseNumber`); a WhatsApp group keeps the id the network gave it. */
  readonly number: string;
  /** '' when unknown. */
  readonly email: string;
  readonly extraInfo: readonly ExtraInfo[];
  readonly profilePicUrl: string | null;
  readonly isGroup: boolean;
  /**
   * The connection the contact talks through. Connections arrive with the WhatsApp issue; until a
   * contact records one this is null.
   */
  readonly whatsapp: { readonly id: string; readonly name: string } | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/**
 * GET /contacts: one page. `count` is the company's number of contacts (a counter kept with every
 * create and delete, so reading it costs nothing), not the number of matches of the search.
 * `nextCursor` is opaque: send it back as `cursor` for the next page; null when there is none.
 */
export interface ContactPage {
  readonly contacts: readonly ContactDto[];
  readonly hasMore: boolean;
  readonly count: number;
  readonly nextCursor: string | null;
}

/** GET /contacts/list: options of selects (schedules, new ticket). */
export interface ContactOption {
  readonly id: string;
  readonly name: string;
}

/** GET /contacts/export: a short-lived link that downloads `contatos.csv`. */
export interface ContactExport {
  readonly url: string;
  readonly fileName: typeof CONTACTS_EXPORT_FILE_NAME;
  /** Contacts written to the file. */
  readonly count: number;
}

/** POST /contacts/import: what became of each data row (rows are numbered as the spreadsheet shows them). */
export interface ContactImportResult {
  readonly created: number;
  /** Rows whose number is already a contact of the company, or appears earlier in the same file. */
  readonly skipped: number;
  readonly errors: readonly ContactImportError[];
}

export interface ContactImportError {
  readonly row: number;
  /** The column at fault (`name`, `number`, `email`), absent when the row as a whole is refused. */
  readonly field?: string;
  readonly message: string;
}

export const CONTACTS_PAGE_SIZE = 20;
/** GET /contacts/list answers the first contacts by name, at most this many; selects search beyond. */
export const CONTACT_OPTIONS_MAX = 1000;
export const CONTACTS_EXPORT_FILE_NAME = 'contatos.csv';
/** Import bounds: a spreadsheet bigger than this is refused as a whole (split it). */
export const CONTACTS_IMPORT_MAX_ROWS = 5000;
export const CONTACTS_IMPORT_MAX_BYTES = 4 * 1024 * 1024;
/** The multipart field of the import's file. */
export const CONTACTS_IMPORT_FIELDS = ['file'] as const;

/**
 * Custom fields: bounded so that a contact, with every field at its longest, still fits in one realtime
 * frame (32 KB, at 3 bytes per character in the worst case).
 */
export const EXTRA_INFO_MAX = 20;
export const EXTRA_INFO_NAME_MAX = 50;
export const EXTRA_INFO_VALUE_MAX = 300;

/** The shortest and longest stored phone number (E.164 allows up to 15 digits with the country code). */
export const NUMBER_DIGITS_MIN = 8;
export const NUMBER_DIGITS_MAX = 15;

export { normaliseNumber } from './phone-number';

const required = (issue: { input: unknown }) => (issue.input === undefined || issue.input === null ? 'Obrigatório' : 'Valor inválido');

/** The contact modal's rules (spec 1 §5). */
export const ContactNameSchema = z
  .string({ error: required })
  .overwrite(withoutControls)
  .trim()
  .min(1, { error: 'Obrigatório', abort: true })
  .min(2, 'Muito pequeno!')
  .max(50, 'Muito longo!');

/** 8 to 50 characters as typed (spec 1 §5), then stored normalised; it must then be a phone number. */
export const ContactNumberSchema = z
  .string({ error: required })
  .trim()
  .min(1, { error: 'Obrigatório', abort: true })
  .min(8, { error: 'Muito pequeno!', abort: true })
  .max(50, { error: 'Muito longo!', abort: true })
  .transform(normaliseNumber)
  .refine((digits) => digits.length >= NUMBER_DIGITS_MIN && digits.length <= NUMBER_DIGITS_MAX, 'Número inválido');

/** Optional: '' (or nothing) means no email. */
export const ContactEmailSchema = z
  .string({ error: 'Email inválido' })
  .trim()
  .toLowerCase()
  .max(254, 'Email inválido')
  .refine((email) => email === '' || z.email().safeParse(email).success, 'Email inválido');

const ExtraInfoSchema = z.object({
  name: z
    .string({ error: required })
    .overwrite(withoutControls)
    .trim()
    .min(1, 'Obrigatório')
    .max(EXTRA_INFO_NAME_MAX, 'Muito longo!'),
  value: z.string({ error: required }).trim().max(EXTRA_INFO_VALUE_MAX, 'Muito longo!'),
});

const ExtraInfoListSchema = z.array(ExtraInfoSchema, { error: 'Valor inválido' }).max(EXTRA_INFO_MAX, `Máximo de ${EXTRA_INFO_MAX} campos`);

/** POST /contacts: the contact modal's fields. */
export const CreateContactBody = z.object({
  name: ContactNameSchema,
  number: ContactNumberSchema,
  email: z.preprocess((value) => value ?? '', ContactEmailSchema),
  extraInfo: z.preprocess((value) => value ?? [], ExtraInfoListSchema),
});
export type CreateContactInput = z.output<typeof CreateContactBody>;

/**
 * PUT /contacts/{id}: any of the fields; the ones left out keep their value. `extraInfo`, when sent,
 * replaces the whole list (the form always sends all of it).
 */
export const UpdateContactBody = z.object({
  name: ContactNameSchema.optional(),
  number: ContactNumberSchema.optional(),
  email: z.preprocess((value) => (value === null ? '' : value), ContactEmailSchema.optional()),
  extraInfo: z.preprocess((value) => (value === null ? [] : value), ExtraInfoListSchema.optional()),
});
export type UpdateContactInput = z.output<typeof UpdateContactBody>;

export const ContactParams = z.object({
  id: z.string().trim().min(1, 'Invalid id').max(64, 'Invalid id').regex(/^[0-9A-Za-z_-]+$/, 'Invalid id'),
});

const day = z.string().refine(isDay, 'Data inválida');

/**
 * GET /contacts (spec 1 §7). `searchParam`: a name prefix (accents and case aside), or the leading
 * digits of a number when the term has no letters. Paging is by cursor (`nextCursor` of the previous
 * page); `pageNumber` is accepted only as 1, the first page, because skipping to page N would read the N-1
 * pages before it. `date` (one day), `dateStart` and `dateEnd` (inclusive) filter by the day the contact
 * was created, in the company's time (shared/company-time.ts).
 */
export const ContactListQuery = z
  .object({
    searchParam: SearchParam,
    pageNumber: z.coerce
      .number({ error: 'Invalid page' })
      .refine((page) => page === 1, 'Use nextCursor for the next pages')
      .optional(),
    cursor: z.string().max(2048, 'Cursor inválido').optional(),
    date: day.optional(),
    dateStart: day.optional(),
    dateEnd: day.optional(),
  })
  .refine((query) => !query.dateStart || !query.dateEnd || query.dateStart <= query.dateEnd, {
    error: 'Data inicial depois da final',
    path: ['dateEnd'],
  });
export type ContactListQuery = z.output<typeof ContactListQuery>;

/** GET /contacts/list: `searchParam` narrows the options to a name prefix. */
export const ContactOptionsQuery = z.object({ searchParam: SearchParam });

/**
 * The term's digits when it reads as a number search: it has digits and no letters ('+55 (11) 9999').
 * Undefined for a name search.
 */
export function numberSearchDigits(term: string): string | undefined {
  if (/\p{L}/u.test(term)) return undefined;
  const digits = term.replace(/\D/g, '');
  return digits === '' ? undefined : digits;
}
