/**
 * The contact of a number and its live (pending or open) ticket on a connection, found or created
 * without duplicates under concurrency: shared by the external API (outgoing) and the inbound pipeline.
 * Uniqueness comes from the contact-number item and the one-live-ticket-per-contact-and-connection item,
 * both written in the creating transaction; a creation that loses a race takes the winner's.
 */
import { ulid } from 'ulid';
import { AppError } from '../errors';
import { getContactByNumber, putNewContact, type Contact } from '../repositories/contacts';
import { getOpenTicketId, getTicket, type Ticket } from '../repositories/tickets';
import { insertTicket, newTicket } from './new-ticket';
import { armTicketTimers } from './ticket-timers';

export interface NewContactDetails {
  /** Defaults to the number. */
  readonly name?: string;
  readonly profilePicUrl?: string | null;
  readonly isGroup?: boolean;
}

/** The company's contact with this number; a new one when there is none. */
export async function contactForNumber(companyId: string, number: string, now: Date, details: NewContactDetails = {}): Promise<{ contact: Contact; created: boolean }> {
  const existing = await getContactByNumber(companyId, number);
  if (existing) return { contact: existing, created: false };
  const at = now.toISOString();
  const contact: Contact = {
    id: ulid(),
    companyId,
    name: details.name?.trim() || number,
    number,
    email: '',
    profilePicUrl: details.profilePicUrl ?? null,
    extraInfo: [],
    isGroup: details.isGroup ?? false,
    createdAt: at,
    updatedAt: at,
  };
  if ((await putNewContact(contact)) === 'created') return { contact, created: true };
  // Another writer created the number meanwhile: theirs is the contact.
  const winner = await getContactByNumber(companyId, number);
  if (!winner) throw new AppError('ERR_INTERNAL_SERVER_ERROR');
  return { contact: winner, created: false };
}

/** The contact's pending or open ticket on the connection, if any (strongly consistent). */
export async function heldTicket(companyId: string, whatsappId: string, contactId: string): Promise<Ticket | undefined> {
  const ticketId = await getOpenTicketId(companyId, contactId, whatsappId);
  const ticket = ticketId ? await getTicket(companyId, ticketId, true) : undefined;
  return ticket && ticket.status !== 'closed' ? ticket : undefined;
}

/**
 * The contact's live ticket on the connection, or a new `pending` one without user (in `queueId` when
 * given) with the connection's timers armed; `created` tells which. A creation racing another one
 * takes the ticket that won.
 */
export async function liveTicket(
  companyId: string,
  whatsappId: string,
  contact: Contact,
  now: Date,
  queueId: string | null = null,
): Promise<{ ticket: Ticket; created: boolean }> {
  const held = await heldTicket(companyId, whatsappId, contact.id);
  if (held) return { ticket: held, created: false };
  return openLiveTicket(companyId, whatsappId, contact, now, queueId);
}

/** liveTicket for a caller that has just found no held ticket: creates it, or takes one created meanwhile. */
export async function openLiveTicket(
  companyId: string,
  whatsappId: string,
  contact: Contact,
  now: Date,
  queueId: string | null = null,
): Promise<{ ticket: Ticket; created: boolean }> {
  try {
    const ticket = await insertTicket(newTicket({ companyId, status: 'pending', contact, user: null, queueId, whatsappId }, now), now);
    await armTicketTimers(ticket, now);
    return { ticket, created: true };
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'ERR_OTHER_OPEN_TICKET')) throw error;
    const winner = await heldTicket(companyId, whatsappId, contact.id);
    if (!winner) throw error;
    return { ticket: winner, created: false };
  }
}
