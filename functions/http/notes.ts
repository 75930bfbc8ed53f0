/**
 * Ticket notes (spec 1 §2.8, §7): internal observations on a ticket, listed, added and deleted from the
 * conversation. The company is the session's; the ticket must be visible to the caller.
 */
import { CreateNoteBody, ListNotesQuery, NoteParams } from '../../shared/notes';
import { httpModule, sessionRoute } from '../core/http/http-module';
import { created, noContent, ok } from '../core/http/reply';
import { addTicketNote, deleteTicketNote, listTicketNotes } from '../core/conversations/ticket-notes';

export const handler = httpModule('notes', {
  'GET /ticket-notes/list': sessionRoute({ query: ListNotesQuery }, async ({ session, query }) => ok(await listTicketNotes(session, query))),
  'POST /ticket-notes': sessionRoute({ body: CreateNoteBody }, async ({ session, body }) => created(await addTicketNote(session, body))),
  'DELETE /ticket-notes/{id}': sessionRoute({ params: NoteParams }, async ({ session, params }) => {
    await deleteTicketNote(session, params.id);
    return noContent();
  }),
});
