/** A ticket's notes (GET /ticket-notes/list of the ticket and its contact). */
import { useQuery } from '@tanstack/react-query';
import type { TicketNote } from '../../../shared/notes';
import type { TicketDto } from '../../../shared/tickets';
import { useServices } from '../runtime/services';

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
