/**
 * Ticket notes (spec 1 §2.8, §7): internal observations on a ticket, listed, added and deleted from the
 * conversation. The company is the session's; the ticket must be visible to the caller.
 */
import { CreateNoteBody, ListNotesQuery, NoteParams } from '../../shared/notes';
import { httpModule, callerRoute } from '../core/http/http-module';
import { created, noContent, ok } from '../core/http/reply';
import { addTicketNote, deleteTicketNote, listTicketNotes } from '../core/conversations/ticket-notes';

export const handler = httpModule('notes', {
  'GET /ticket-notes/list': callerRoute({ query: ListNotesQuery }, async ({ caller, query }) => ok(await listTicketNotes(caller, query))),
  'POST /ticket-notes': callerRoute({ body: CreateNoteBody }, async ({ caller, body }) => created(await addTicketNote(caller, body))),
  'DELETE /ticket-notes/{id}': callerRoute({ params: NoteParams }, async ({ caller, params }) => {
    await deleteTicketNote(caller, params.id);
    return noContent();
  }),
});
