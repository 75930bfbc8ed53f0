/**
 * POST /tickets (spec 1 §2.8, §7): a ticket for a contact, opened by the caller from the new-ticket modal.
 *
 * Steps: a non-admin must choose a queue ('Selecione uma fila') among their own ('Acesso não
 * permitido'); the contact, the queue and the connection must be of the caller's company; then the
 * ticket is stored (new-ticket.ts), published, and gets its connection's timers (ticket-timers.ts).
 *
 * Without a connection the ticket goes on the company's default one. A company that has no connection
 * yet still gets its ticket, on none (ours: the spec answers ERR_NO_DEF_WAPP_FOUND, but a company
 * setting up should be able to register a conversation before pairing a phone; it is sent nothing).
 */
import type { CreateTicketBody, TicketDto } from '../../../shared/tickets';
import { AppError } from '../errors';
import { publishTicketUpdate } from '../realtime/ticket-rooms';
import { getConnection, getDefaultConnectionId } from '../repositories/connections';
import { getContact } from '../repositories/contacts';
import { getQueue } from '../repositories/queues';
import type { Caller } from '../caller/load-caller';
import { insertTicket, newTicket } from './new-ticket';
import { presentTicket } from './present-ticket';
import { accessDenied } from './ticket-access';
import { armTicketTimers } from './ticket-timers';

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
