/**
 * Ticket notes (POST /ticket-notes, GET /ticket-notes/list, DELETE /ticket-notes/{id}): internal
 * observations agents leave on a ticket. Every route first applies the conversation rule: the ticket
 * must be the caller's company's (another company's answers like a missing one) and visible to the
 * caller ('Acesso não permitido').
 *
 * - addTicketNote: the contact, when given, must be the ticket's (else ERR_NO_CONTACT_FOUND); stores
 *   the note with its author's id and current name; answers it.
 * - listTicketNotes: the ticket's notes, newest first (those of `contactId` when given, which for a
 *   ticket are all or none).
 * - deleteTicketNote: the author may delete their notes, admins any (ours; the spec is silent);
 *   missing: ERR_NO_TICKETNOTE_FOUND.
 */
import { monotonicFactory } from 'ulid';
import type { CreateNoteBody, ListNotesQuery, TicketNote } from '../../../shared/notes';
import { AppError } from '../errors';
import { deleteNote, getNote, listNotes, parseNoteId, putNewNote, type StoredNote } from '../repositories/ticket-notes';
import { visibleTicket } from './conversation-access';
import type { Caller } from '../caller/load-caller';

const nextUlid = monotonicFactory();

const present = (note: StoredNote): TicketNote => ({
  id: note.id,
  note: note.note,
  ticketId: note.ticketId,
  contactId: note.contactId,
  userId: note.userId,
  user: { id: note.userId, name: note.userName },
  createdAt: note.createdAt,
});

export async function addTicketNote(caller: Caller, body: CreateNoteBody, now = new Date()): Promise<TicketNote> {
  const ticket = await visibleTicket(caller, body.ticketId);
  if (body.contactId !== undefined && body.contactId !== ticket.contactId) throw new AppError('ERR_NO_CONTACT_FOUND');
  const note: StoredNote = {
    id: `${ticket.id}.${nextUlid(now.getTime())}`,
    companyId: caller.companyId,
    ticketId: ticket.id,
    contactId: ticket.contactId,
    note: body.note,
    userId: caller.userId,
    userName: caller.user.name,
    createdAt: now.toISOString(),
  };
  await putNewNote(note);
  return present(note);
}

export async function listTicketNotes(caller: Caller, query: ListNotesQuery): Promise<TicketNote[]> {
  const ticket = await visibleTicket(caller, query.ticketId);
  if (query.contactId !== undefined && query.contactId !== ticket.contactId) return [];
  return (await listNotes(caller.companyId, ticket.id)).map(present);
}

export async function deleteTicketNote(caller: Caller, noteId: string): Promise<void> {
  const parts = parseNoteId(noteId);
  if (!parts) throw new AppError('ERR_NO_TICKETNOTE_FOUND');
  await visibleTicket(caller, parts.ticketId, 'ERR_NO_TICKETNOTE_FOUND');
  const note = await getNote(caller.companyId, noteId);
  if (!note) throw new AppError('ERR_NO_TICKETNOTE_FOUND');
  if (note.userId !== caller.userId && !caller.isAdmin) throw new AppError('ERR_NO_PERMISSION');
  if (!(await deleteNote(caller.companyId, noteId))) throw new AppError('ERR_NO_TICKETNOTE_FOUND');
}
