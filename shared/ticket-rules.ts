/**
 * The ticket rules the web's first screens run (the ticket list, the kanban board): states, who may work
 * a ticket, the deleted-message marker. Without zod, so those screens do not load the validation library
 * with them; the schemas and the DTOs are in shared/tickets.ts, which re-exports the states.
 */
export const TICKET_STATUSES = ['pending', 'open', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/**
 * Ours: a ticket's `lastMessage` once the message it showed was deleted (by its agent, or revoked on
 * WhatsApp), as WhatsApp's chat list shows the deletion rather than the text; the web writes it in the
 * user's language. Kept like a call log's body (shared/whatsapp-content.ts), as a marker, not as words.
 */
export const DELETED_MESSAGE_PREVIEW = 'message:deleted';

/**
 * Whether the caller may work a ticket: write to its conversation (send, delete a message) and move it
 * (return, finish, transfer, edit). An attended ticket belongs to its agent (README, behaviour notes): on
 * a ticket open with another user only admins may; everyone who may see a ticket may read it and add
 * notes. Pending and closed tickets belong to nobody. Used by the server's guards and by the web to hide
 * what the server would refuse.
 */
export function mayWorkTicket(
  caller: { readonly userId: string; readonly isAdmin: boolean },
  ticket: { readonly status: TicketStatus; readonly userId: string | null },
): boolean {
  return caller.isAdmin || ticket.status !== 'open' || ticket.userId === null || ticket.userId === caller.userId;
}
