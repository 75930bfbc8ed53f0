/** A ticket's notes (GET /ticket-notes/list of the ticket and its contact), adding one and deleting one. */
import { useQuery } from '@tanstack/react-query';
import type { TicketNote } from '../../../shared/notes';
import type { TicketDto } from '../../../shared/tickets';
import { useServices } from '../runtime/services';
import type { ApiClient } from './client';

export type { TicketNote };

export const TICKET_NOTES_PATH = '/ticket-notes';
export const ticketNotePath = (noteId: string) => `${TICKET_NOTES_PATH}/${encodeURIComponent(noteId)}`;

export const ticketNoteKeys = {
  ofTicket: (ticketId: string) => ['ticket-notes', ticketId] as const,
};

export function useTicketNotes(ticket: Pick<TicketDto, 'id' | 'contactId'>, enabled: boolean) {
  const { api } = useServices();
  return useQuery({
    queryKey: ticketNoteKeys.ofTicket(ticket.id),
    queryFn: ({ signal }) =>
      api.get<TicketNote[]>(`${TICKET_NOTES_PATH}/list`, { signal, query: { ticketId: ticket.id, contactId: ticket.contactId } }),
    enabled,
  });
}

/** POST /ticket-notes: a note on the ticket, for its contact. */
export function addTicketNote(api: ApiClient, ticket: Pick<TicketDto, 'id' | 'contactId'>, note: string): Promise<TicketNote> {
  return api.post<TicketNote>(TICKET_NOTES_PATH, { note, ticketId: ticket.id, contactId: ticket.contactId });
}

export function deleteTicketNote(api: ApiClient, noteId: string): Promise<void> {
  return api.delete(ticketNotePath(noteId));
}
