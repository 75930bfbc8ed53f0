/**
 * Ticket notes (spec 1 §2.8, §3, §5, §8): internal observations on a ticket, with the author's name.
 * The inputs the API accepts, the shape it answers and the toasts the web shows.
 */
import { z } from 'zod';
import { writtenText } from './text';

export const NOTE_ADDED_TOAST = 'Observação adicionada com sucesso!';
export const NOTE_DELETED_TOAST = 'Observação excluída com sucesso!';

export const NOTE_MIN = 2;
/** Ours: the spec gives no maximum. */
export const NOTE_MAX = 2000;

export interface TicketNote {
  /** `<ticketId>.<ulid>`. */
  readonly id: string;
  readonly note: string;
  readonly ticketId: string;
  readonly contactId: string;
  readonly userId: string;
  /** The author, by the name they had when writing. */
  readonly user: { readonly id: string; readonly name: string };
  readonly createdAt: string;
}

const requiredId = z
  .string({ error: (issue) => (issue.input === undefined ? 'Required' : 'Invalid id') })
  .min(1, 'Required')
  .regex(/^[0-9A-Za-z_-]{1,64}$/, 'Invalid id');

/** POST /ticket-notes. */
export const CreateNoteBody = z.object({
  // A written text (shared/text.ts): line breaks as LF, kept.
  note: z
    .string({ error: 'Required' })
    .overwrite(writtenText)
    .trim()
    .min(1, { error: 'Required', abort: true })
    .min(NOTE_MIN, 'Too Short!')
    .max(NOTE_MAX, 'Too Long!'),
  ticketId: requiredId,
  /** Must be the ticket's contact when given. */
  contactId: requiredId.optional(),
});
export type CreateNoteBody = z.output<typeof CreateNoteBody>;

/** GET /ticket-notes/list: the ticket's notes (contactId, when given, must be the ticket's contact). */
export const ListNotesQuery = z.object({ ticketId: requiredId, contactId: requiredId.optional() });
export type ListNotesQuery = z.output<typeof ListNotesQuery>;

export const NoteParams = z.object({
  id: z.string({ error: 'Invalid id' }).regex(/^[0-9A-Za-z_-]{1,64}\.[0-9A-HJKMNP-TV-Z]{26}$/, 'Invalid id'),
});
