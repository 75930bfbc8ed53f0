/**
 * POST /tickets (spec 1 §2.8, §7): a ticket for a contact, opened by the caller from the new-ticket modal.
 *
 * Steps: a non-admin must choose a queue ('Selecione uma fila') among their own ('Acesso não
 * permitido'); the contact and the queue must be of the caller's company; then `insertTicket` writes,
 * in one transaction, the ticket, its uuid pointer, the contact's open-ticket slot on the connection (one
 * pending or open ticket per contact and connection: a second one is ERR_OTHER_OPEN_TICKET naming the
 * ticket that holds it), its first attendance cycle and the dashboard counters; the ticket is published.
 *
 * Connections arrive with the WhatsApp issue: until then `whatsappId` is stored as given (null when
 * none), there is no default connection to fall back on, and ERR_NO_DEF_WAPP_FOUND is not answered.
 */
import { randomUUID } from 'node:crypto';
import { ulid } from 'ulid';
import type { CreateTicketBody, OtherOpenTicketDetails, TicketDto } from '../../../shared/tickets';
import { AppError } from '../errors';
import { publishTicketUpdate } from '../realtime/ticket-rooms';
import { putNewAttendanceAction } from '../repositories/attendances';
import { getContact, type Contact } from '../repositories/contacts';
import { counterActions } from '../repositories/dashboard';
import { getQueue, getQueueSummaries } from '../repositories/queues';
import {
  claimOpenTicketAction,
  getOpenTicketId,
  getTicket,
  putNewTicketAction,
  putTicketUuidAction,
  type Ticket,
} from '../repositories/tickets';
import { attendanceDeltas, ticketCreatedDelta } from './dashboard-counters';
import type { Session } from './load-session';
import { Steps } from './named-transaction';
import { presentTicket } from './present-ticket';
import { beginAttendance } from './record-attendance';
import { accessDenied } from './ticket-access';

const queueRequired = () =>
  new AppError('ERR_VALIDATION', { message: 'Selecione uma fila', fields: [{ path: 'queueId', message: 'Selecione uma fila' }] });

export async function createTicket(session: Session, body: CreateTicketBody, now = new Date()): Promise<TicketDto> {
  if (!session.isAdmin) {
    if (!body.queueId) throw queueRequired();
    if (!session.user.queueIds.includes(body.queueId)) throw accessDenied();
  }
  const [contact, queue] = await Promise.all([
    getContact(session.companyId, body.contactId),
    body.queueId ? getQueue(session.companyId, body.queueId) : Promise.resolve(null),
  ]);
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
  if (queue === undefined) throw new AppError('ERR_NO_QUEUE_FOUND');

  const open = body.status === 'open';
  const ticket = await insertTicket(
    newTicket(
      {
        companyId: session.companyId,
        status: body.status,
        contact,
        user: open ? { id: session.userId, name: session.user.name } : null,
        queueId: queue?.id ?? null,
        whatsappId: body.whatsappId,
      },
      now,
    ),
    now,
  );
  const dto = await presentTicket(session.companyId, ticket);
  await publishTicketUpdate(session.companyId, dto);
  return dto;
}

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
