/**
 * How a ticket comes to be, in one place. Three paths open tickets, and all store them the same way:
 *
 * 1. An agent from the new-ticket modal (POST /tickets, spec 1 §2.8, §7): `createTicket`. A non-admin
 *    must choose a queue ('Selecione uma fila') among their own ('Acesso não permitido'); the contact,
 *    the queue and the connection must be of the caller's company; the contact's number must have
 *    WhatsApp when the connection's session runs (sessions/check-number.ts: ERR_WAPP_INVALID_CONTACT,
 *    ERR_WAPP_CHECK_CONTACT). Without a connection the ticket goes
 *    on the company's default one; a company that has no connection yet still gets its ticket, on none
 *    (ours: the spec answers ERR_NO_DEF_WAPP_FOUND, but a company setting up should be able to register
 *    a conversation before pairing a phone; it is sent nothing).
 * 2. A customer writing in (the inbound pipeline) and 3. an external system sending (the external API):
 *    `liveTicket` / `openLiveTicket`, which find the contact's pending or open ticket on the connection
 *    or open a pending one, without duplicates under concurrency (`contactForNumber` likewise for the
 *    contact of a number). A creation that loses a race takes the winner's ticket.
 *
 * Every path builds the ticket with `newTicket` and stores it with `insertTicket`: it takes the
 * company's next ticket number (conversations/ticket-numbers.ts), then one transaction with its uuid
 * pointer, its number pointer, the contact's open-ticket slot on the connection (one pending or open ticket per
 * contact and connection: a second one is ERR_OTHER_OPEN_TICKET naming the ticket that holds it), its
 * first attendance cycle, the dashboard counters and its contact-name entries (repositories/name-index.ts);
 * then the connection's timers are armed. The ticket keeps the ids of the contact's earlier tickets on
 * the connection (Ticket.earlierTicketIds), read alongside the number, for its messages page, and the
 * newest time the customer wrote on them (Ticket.customerMessageAt: a Cloud API reply window outlives a
 * closed ticket).
 */
import { randomUUID } from 'node:crypto';
import { ulid } from 'ulid';
import type { CreateTicketBody, TicketDto } from '../../../shared/tickets';
import type { Caller } from '../caller/load-caller';
import { attendanceDeltas, ticketCreatedDelta } from '../dashboard/dashboard-counters';
import { AppError } from '../errors';
import { logger } from '../logger';
import { publishTicketUpdate } from '../realtime/ticket-rooms';
import { putNewAttendanceAction } from '../repositories/attendances';
import { getConnection, getDefaultConnectionId, type Connection } from '../repositories/connections';
import { getContact, getContactByNumber, putNewContact, type Contact } from '../repositories/contacts';
import { counterActions } from '../repositories/dashboard';
import { putNameEntryActions } from '../repositories/name-index';
import { getQueue } from '../repositories/queues';
import { EARLIER_TICKETS_KEPT, earlierTicketsOfContact } from '../repositories/contact-tickets';
import {
  claimOpenTicketAction,
  getOpenTicketId,
  getTicket,
  putNewTicketAction,
  putTicketUuidAction,
  type Ticket,
} from '../repositories/tickets';
import { putTicketNumberAction } from '../repositories/ticket-numbers';
import { Steps } from '../repositories/transaction';
import { checkNumberOnWhatsApp } from '../sessions/check-number';
import { otherOpenTicket } from './other-open-ticket';
import { presentTicket } from './present-ticket';
import { beginAttendance } from './record-attendance';
import { accessDenied } from './ticket-access';
import { nextTicketNumber } from './ticket-numbers';
import { armTicketTimers } from './ticket-timers';
import { rowCopiesFor, type KnownSources } from './ticket-rows';

// ---- Every path: the ticket and its one transaction ----

export interface NewTicketFields {
  readonly companyId: string;
  readonly status: 'pending' | 'open';
  readonly contact: Pick<Contact, 'id' | 'isGroup'>;
  /** The agent an open ticket is assigned to; null for a waiting one. */
  readonly user: { readonly id: string; readonly name: string } | null;
  readonly queueId: string | null;
  readonly whatsappId: string | null;
}

/** A new ticket as every path creates it (the form, the external API, inbound messages): fresh ids, no tags, nothing unread. */
export function newTicket(fields: NewTicketFields, now: Date): Omit<Ticket, 'attendanceId'> {
  const at = now.toISOString();
  return {
    id: ulid(),
    uuid: randomUUID(),
    companyId: fields.companyId,
    status: fields.status,
    contactId: fields.contact.id,
    userId: fields.user?.id ?? null,
    userName: fields.user?.name ?? null,
    queueId: fields.queueId,
    whatsappId: fields.whatsappId,
    tagIds: [],
    isGroup: fields.contact.isGroup,
    chatbot: false,
    useIntegration: false,
    promptId: null,
    integrationId: null,
    lastMessage: '',
    unreadMessages: 0,
    createdAt: at,
    updatedAt: at,
    awaitingRatingUntil: null,
  };
}

/**
 * What every new ticket is stored with, read before its transaction: its number, its row's copies
 * (ticket-rows.ts: what its list row shows of the contact, queue, connection and user) and its contact's
 * history before it, kept for its messages page (Ticket.earlierTicketIds; given when the caller knows it).
 */
async function completedTicket<T extends Omit<Ticket, 'attendanceId'>>(
  ticket: T,
  known: KnownSources,
  earlier?: readonly Ticket[],
): Promise<T & { readonly number: number; readonly tagsVersion: number; readonly earlierTicketIds: readonly string[] }> {
  const [number, copies, before] = await Promise.all([
    ticket.number ?? nextTicketNumber(ticket.companyId),
    rowCopiesFor(undefined, { ...ticket, attendanceId: null }, known),
    earlier ?? earlierTicketsOfContact(ticket, EARLIER_TICKETS_KEPT),
  ]);
  // The customer's 24-hour reply window (issue 32) is the conversation's with their number, not one
  // ticket's: a new ticket carries when the customer last wrote on their earlier tickets of the connection.
  const customerMessageAt = ticket.customerMessageAt ?? latestCustomerMessageAt(before);
  return { ...ticket, ...copies, number, tagsVersion: 0, earlierTicketIds: before.map((previous) => previous.id), ...(customerMessageAt ? { customerMessageAt } : {}) };
}

/** The newest `customerMessageAt` of tickets (ISO instants sort as text); undefined when none has one. */
function latestCustomerMessageAt(tickets: readonly Pick<Ticket, 'customerMessageAt'>[]): string | undefined {
  let latest: string | undefined;
  for (const { customerMessageAt } of tickets) if (customerMessageAt && (latest === undefined || customerMessageAt > latest)) latest = customerMessageAt;
  return latest;
}

type NewTicketStep = 'ticket' | 'uuid' | 'number' | 'nameEntries';

/** The writes of every new ticket: its item, its uuid and number pointers. */
function addNewTicketSteps(steps: Pick<Steps<NewTicketStep>, 'add'>, stored: Ticket & { readonly number: number }): void {
  steps.add('ticket', putNewTicketAction(stored));
  steps.add('uuid', putTicketUuidAction(stored));
  steps.add('number', putTicketNumberAction(stored));
}

/** Its contact-name entries, the transaction's last writes: found at once by the name (repositories/name-index.ts). */
function addNameEntrySteps(steps: Pick<Steps<NewTicketStep>, 'add'>, stored: Ticket): void {
  if (stored.contactRow) for (const action of putNameEntryActions(stored, stored.contactRow.name)) steps.add('nameEntries', action);
}

/**
 * Stores a new pending or open ticket with everything that goes with it (see the file's comment) and
 * answers it as stored. For every path that creates tickets: the form here, inbound messages later.
 */
export async function insertTicket(ticket: Omit<Ticket, 'attendanceId'>, now: Date, known: KnownSources = {}): Promise<Ticket> {
  const completed = await completedTicket(ticket, known);
  const attendance = beginAttendance({ ...ticket, attendanceId: null }, now);
  const stored = { ...completed, attendanceId: attendance.id };
  const steps = new Steps<NewTicketStep | 'openTicket' | 'attendance' | 'counters'>();
  steps.add('openTicket', claimOpenTicketAction(stored));
  addNewTicketSteps(steps, stored);
  steps.add('attendance', putNewAttendanceAction(attendance));
  for (const action of counterActions(stored.companyId, [ticketCreatedDelta(now), ...attendanceDeltas(undefined, attendance)])) {
    steps.add('counters', action);
  }
  addNameEntrySteps(steps, stored);
  const failed = await steps.run().catch((error: unknown) => {
    // A database error (spec 1 §8): the catalogue's code, not an internal error; a conflict keeps its own.
    if (error instanceof AppError) throw error;
    logger.error('ticket not stored', { ticketId: stored.id, error });
    throw new AppError('ERR_CREATING_TICKET');
  });
  if (failed.has('openTicket')) throw await otherOpenTicket(stored.companyId, stored.contactId, stored.whatsappId);
  if (failed.size > 0) throw new AppError('ERR_CREATING_TICKET');
  return stored;
}

/**
 * 4. A campaign's message to a contact with no live ticket on the connection (core/campaigns): a ticket
 * that starts closed, holding the message in the contact's history on the connection. No agent's list
 * of waiting or open work grows by a campaign's thousands of recipients; when a customer answers, their
 * new ticket shows the campaign's message above (Ticket.earlierTicketIds). It claims no open-ticket slot
 * and starts no attendance (nobody attends it), so the dashboard counts no ticket created either.
 */
export async function insertClosedTicket(
  companyId: string,
  whatsappId: string,
  contact: Contact,
  now: Date,
  known: KnownSources & {
    /** The contact's tickets before it, when the caller knows them (none: a contact just created). */
    readonly earlier?: readonly Ticket[];
    /** Its id, when the caller derives it (a campaign's, so that a sender run again finds the ticket it made). */
    readonly id?: string;
  } = {},
): Promise<Ticket> {
  const made = newTicket({ companyId, status: 'pending', contact, user: null, queueId: null, whatsappId }, now);
  const ticket = { ...made, id: known.id ?? made.id, status: 'closed' as const };
  const stored = { ...(await completedTicket(ticket, { contact, ...known }, known.earlier)), attendanceId: null };
  const steps = new Steps<NewTicketStep>();
  addNewTicketSteps(steps, stored);
  addNameEntrySteps(steps, stored);
  const failed = await steps.run();
  if (failed.size > 0) throw new AppError('ERR_CREATING_TICKET');
  return stored;
}

// ---- 1. The new-ticket modal: POST /tickets ----

const queueRequired = () =>
  new AppError('ERR_VALIDATION', { message: 'Selecione uma fila', fields: [{ path: 'queueId', message: 'Selecione uma fila' }] });

export async function createTicket(caller: Caller, body: CreateTicketBody, now = new Date()): Promise<TicketDto> {
  if (!caller.isAdmin) {
    if (!body.queueId) throw queueRequired();
    if (!caller.user.queueIds.includes(body.queueId)) throw accessDenied();
  }
  const [contact, queue, whatsappId] = await Promise.all([
    getContact(caller.companyId, body.contactId),
    body.queueId ? getQueue(caller.companyId, body.queueId) : Promise.resolve(null),
    connectionOf(caller.companyId, body.whatsappId),
  ]);
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
  if (queue === undefined) throw new AppError('ERR_NO_QUEUE_FOUND');
  // The number must have WhatsApp, asked of the ticket's connection when its session runs.
  await checkNumberOnWhatsApp(contact, { whatsappId, now });

  const open = body.status === 'open';
  const ticket = await insertTicket(
    newTicket(
      {
        companyId: caller.companyId,
        status: body.status,
        contact,
        user: open ? { id: caller.userId, name: caller.user.name } : null,
        queueId: queue?.id ?? null,
        whatsappId,
      },
      now,
    ),
    now,
    { contact, queue, user: open ? caller.user : null },
  );
  const dto = await presentTicket(caller.companyId, ticket);
  await publishTicketUpdate(caller.companyId, dto);
  await armTicketTimers(ticket, now);
  return dto;
}

/** The connection asked for, which must be the company's; else the default one, if the company has one. */
async function connectionOf(companyId: string, whatsappId: string | null): Promise<string | null> {
  if (whatsappId === null) return (await getDefaultConnectionId(companyId)) ?? null;
  if (!(await getConnection(companyId, whatsappId))) throw new AppError('ERR_NO_WAPP_FOUND');
  return whatsappId;
}

// ---- 2 and 3. Inbound messages and the external API: the live ticket of a number ----

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
  return newContactForNumber(companyId, number, now, details);
}

/** contactForNumber for a caller that has just found the number without a contact (a batch read): creates it, or takes one created meanwhile. */
export async function newContactForNumber(companyId: string, number: string, now: Date, details: NewContactDetails = {}): Promise<{ contact: Contact; created: boolean }> {
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
  /** The connection, when the caller has read it (its name goes on the ticket's row). */
  connection?: Connection,
): Promise<{ ticket: Ticket; created: boolean }> {
  try {
    const ticket = await insertTicket(newTicket({ companyId, status: 'pending', contact, user: null, queueId, whatsappId }, now), now, {
      contact,
      user: null,
      ...(connection ? { connection } : {}),
    });
    await armTicketTimers(ticket, now);
    return { ticket, created: true };
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'ERR_OTHER_OPEN_TICKET')) throw error;
    const winner = await heldTicket(companyId, whatsappId, contact.id);
    if (!winner) throw error;
    return { ticket: winner, created: false };
  }
}
