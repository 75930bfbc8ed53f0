/**
 * The one-off step that gives tickets stored before row copies existed their copies
 * (conversations/ticket-rows.ts), so the presenter stops reading sources for them (conversations/legacy-ticket-rows.ts). Per company: read its
 * queues, connections and users once (few, bounded by the plan), walk every ticket through the status
 * partitions (GSI1), page by page, read the contacts a page lacks in one batch, and set each missing copy
 * with the same conditional write the rename consumer uses: a copy already there, or a newer one written
 * meanwhile by a rename, is left alone. Safe to run twice, and while the stage serves.
 */
import { connectionRowOf, contactRowOf, queueRowOf, userRowOf } from '../conversations/ticket-rows';
import { mapLimited } from '../limited';
import { listConnections } from '../repositories/connections';
import { getContacts } from '../repositories/contacts';
import { listQueues } from '../repositories/queues';
import { setTicketRowCopy } from '../repositories/ticket-row-copies';
import type { Ticket } from '../repositories/tickets';
import { listUsers } from '../repositories/users';
import { forEachTicketPage, forEveryCompany } from './company-walks';

/** Sets the missing copies of one company's tickets; answers how many tickets got at least one. */
export async function backfillTicketRows(companyId: string): Promise<number> {
  const [queues, connections, users] = await Promise.all([listQueues(companyId), listConnections(companyId), listUsers(companyId)]);
  const queueById = new Map(queues.map((queue) => [queue.id, queue]));
  const connectionById = new Map(connections.map((connection) => [connection.id, connection]));
  const userById = new Map(users.map((user) => [user.id, user]));
  let filled = 0;
  await forEachTicketPage(companyId, async (tickets) => {
    const lacking = tickets.filter((ticket) => missingCopies(ticket));
    if (lacking.length === 0) return;
    const contacts = await getContacts(companyId, lacking.filter((ticket) => !ticket.contactRow).map((ticket) => ticket.contactId));
    const results = await mapLimited(lacking, 8, async (ticket) => {
      const writes: Promise<Ticket | undefined>[] = [];
      const contact = contacts.get(ticket.contactId);
      if (!ticket.contactRow && contact) writes.push(setTicketRowCopy(ticket, 'contact', contact.id, contactRowOf(contact)));
      const queue = ticket.queueId ? queueById.get(ticket.queueId) : undefined;
      if (!ticket.queueRow && queue) writes.push(setTicketRowCopy(ticket, 'queue', queue.id, queueRowOf(queue)));
      const connection = ticket.whatsappId ? connectionById.get(ticket.whatsappId) : undefined;
      if (!ticket.connectionRow && connection) writes.push(setTicketRowCopy(ticket, 'connection', connection.id, connectionRowOf(connection)));
      const user = ticket.userId ? userById.get(ticket.userId) : undefined;
      if (!ticket.userRow && user) writes.push(setTicketRowCopy(ticket, 'user', user.id, userRowOf(user)));
      return (await Promise.all(writes)).some(Boolean);
    });
    filled += results.filter(Boolean).length;
  });
  return filled;
}

/** Whether a ticket lacks a copy of something it names. */
const missingCopies = (ticket: Ticket): boolean =>
  !ticket.contactRow || (ticket.queueId !== null && !ticket.queueRow) || (ticket.whatsappId !== null && !ticket.connectionRow) || (ticket.userId !== null && !ticket.userRow);

/** Every company's backfill, one company after the other. Answers the tickets that got copies. */
export const backfillAllTicketRows = (): Promise<number> => forEveryCompany('ticket rows backfilled', backfillTicketRows);
