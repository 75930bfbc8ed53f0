/**
 * Where a schedule goes, as its body names it (create and update alike): the contact
 * (ERR_NO_CONTACT_FOUND), the optional ticket (the contact's, else ERR_NO_TICKET_FOUND; one the caller
 * may open, else 'Acesso não permitido') and the connection (the company's, else ERR_NO_WAPP_FOUND);
 * without one, the connection of the given ticket, else of the contact's latest ticket, else the
 * company's default (none at all: stored without, and it fails with ERR_NO_DEF_WAPP_FOUND when due);
 * then the ticket it would go into must be one the caller may work (schedule-access.ts: the ticket
 * rules, as sending applies them). A `template` (issue 32) must be an approved template of that
 * connection, a Cloud API one, as POST /messages checks it (whatsapp-cloud/templates.ts templateToSend:
 * ERR_NO_TEMPLATE_FOUND, ERR_VALIDATION on `template`); it is checked again when the schedule is sent.
 */
import type { CreateScheduleBody } from '../../../shared/scheduled-messages';
import type { Caller } from '../caller/load-caller';
import { accessDenied, mayOpenTicket } from '../conversations/ticket-access';
import { AppError } from '../errors';
import { getConnection, getDefaultConnectionId } from '../repositories/connections';
import { ticketsOfContact } from '../repositories/contact-tickets';
import { getContact, type Contact } from '../repositories/contacts';
import { getTicket } from '../repositories/tickets';
import { assertMaySchedule } from './schedule-access';
import { templateToSend } from '../whatsapp-cloud/templates';
import type { Connection } from '../repositories/connections';

const TEMPLATE_ON_CLOUD_ONLY = 'Templates are sent only on Cloud API connections';

export interface ScheduleTarget {
  readonly contact: Contact;
  readonly whatsappId: string | null;
  readonly ticketId: string | null;
}

/**
 * The contact, the ticket and the connection a body names, checked to be the company's (the ticket one
 * the caller may open); the connection by the default rule when absent. Then the ticket rules: the
 * ticket the message would go into must be one the caller may work (schedule-access.ts).
 */
export async function scheduleTargetOf(caller: Caller, body: CreateScheduleBody): Promise<ScheduleTarget> {
  const { companyId } = caller;
  const [contact, ticket] = await Promise.all([
    getContact(companyId, body.contactId),
    body.ticketId ? getTicket(companyId, body.ticketId) : Promise.resolve(undefined),
  ]);
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
  if (body.ticketId && (!ticket || ticket.contactId !== contact.id)) throw new AppError('ERR_NO_TICKET_FOUND');
  if (ticket && !mayOpenTicket(caller, ticket)) throw accessDenied();
  let whatsappId: string | null;
  let connection: Connection | undefined;
  if (body.whatsappId) {
    connection = await getConnection(companyId, body.whatsappId);
    if (!connection) throw new AppError('ERR_NO_WAPP_FOUND');
    whatsappId = body.whatsappId;
  } else {
    whatsappId = await defaultConnection(companyId, contact.id, ticket?.whatsappId ?? null);
    connection = whatsappId ? await getConnection(companyId, whatsappId) : undefined;
  }
  if (body.template) {
    if (!connection) throw new AppError('ERR_VALIDATION', { message: TEMPLATE_ON_CLOUD_ONLY, fields: [{ path: 'template', message: TEMPLATE_ON_CLOUD_ONLY }] });
    await templateToSend(connection, body.template);
  }
  const ticketId = ticket?.id ?? null;
  // Without any connection it cannot be sent (ERR_NO_DEF_WAPP_FOUND when due): there is no ticket to check yet.
  if (whatsappId) await assertMaySchedule({ companyId, contactId: contact.id, whatsappId, ticketId }, caller);
  return { contact, whatsappId, ticketId };
}

/** The given ticket's connection, else the contact's latest ticket's (while it exists), else the company's default one. */
async function defaultConnection(companyId: string, contactId: string, ticketConnection: string | null): Promise<string | null> {
  const candidates = [ticketConnection, (await ticketsOfContact(companyId, contactId, 1))[0]?.whatsappId ?? null];
  for (const whatsappId of candidates) {
    if (whatsappId && (await getConnection(companyId, whatsappId))) return whatsappId;
  }
  return (await getDefaultConnectionId(companyId)) ?? null;
}
