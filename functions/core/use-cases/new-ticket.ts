/**
 * How every path makes a ticket (the new-ticket form, the external API, inbound messages): the fields
 * of a new ticket, and the one transaction that stores it with its uuid pointer, the contact's
 * open-ticket slot on the connection (one pending or open ticket per contact and connection: a second
 * one is ERR_OTHER_OPEN_TICKET naming the ticket that holds it), its first attendance cycle and the
 * dashboard counters.
 */
import { randomUUID } from 'node:crypto';
import { ulid } from 'ulid';
import type { OtherOpenTicketDetails } from '../../../shared/tickets';
import { AppError } from '../errors';
import { putNewAttendanceAction } from '../repositories/attendances';
import type { Contact } from '../repositories/contacts';
import { counterActions } from '../repositories/dashboard';
import { getQueueSummaries } from '../repositories/queues';
import {
  claimOpenTicketAction,
  getOpenTicketId,
  getTicket,
  putNewTicketAction,
  putTicketUuidAction,
  type Ticket,
} from '../repositories/tickets';
import { Steps } from '../repositories/transaction';
import { attendanceDeltas, ticketCreatedDelta } from './dashboard-counters';
import { beginAttendance } from './record-attendance';

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
 * Stores a new pending or open ticket with everything that goes with it (see the file's comment) and
 * answers it as stored. For every path that creates tickets: the form here, inbound messages later.
 */
export async function insertTicket(ticket: Omit<Ticket, 'attendanceId'>, now: Date): Promise<Ticket> {
  const attendance = beginAttendance({ ...ticket, attendanceId: null }, now);
  const stored: Ticket = { ...ticket, attendanceId: attendance.id, tagsVersion: 0 };
  const steps = new Steps<'ticket' | 'uuid' | 'openTicket' | 'attendance' | 'counters'>();
  steps.add('openTicket', claimOpenTicketAction(stored));
  steps.add('ticket', putNewTicketAction(stored));
  steps.add('uuid', putTicketUuidAction(stored));
  steps.add('attendance', putNewAttendanceAction(attendance));
  for (const action of counterActions(stored.companyId, [ticketCreatedDelta(now), ...attendanceDeltas(undefined, attendance)])) {
    steps.add('counters', action);
  }
  const failed = await steps.run();
  if (failed.has('openTicket')) throw await otherOpenTicket(stored.companyId, stored.contactId, stored.whatsappId);
  if (failed.size > 0) throw new AppError('ERR_CREATING_TICKET');
  return stored;
}

/**
 * ERR_OTHER_OPEN_TICKET with the ticket that holds the contact's slot on the connection: its ids, who
 * holds it and in which queue (spec 1 §8).
 */
export async function otherOpenTicket(companyId: string, contactId: string, whatsappId: string | null): Promise<AppError> {
  const holderId = await getOpenTicketId(companyId, contactId, whatsappId);
  const holder = holderId ? await getTicket(companyId, holderId, true) : undefined;
  if (!holder) return new AppError('ERR_OTHER_OPEN_TICKET');
  const [queue] = holder.queueId ? await getQueueSummaries(companyId, [holder.queueId]) : [];
  const details: OtherOpenTicketDetails = {
    ticketId: holder.id,
    uuid: holder.uuid,
    status: holder.status,
    user: holder.userId ? { id: holder.userId, name: holder.userName ?? '' } : null,
    queue: queue ? { id: queue.id, name: queue.name } : null,
  };
  return new AppError('ERR_OTHER_OPEN_TICKET', { details: { ...details } });
}
