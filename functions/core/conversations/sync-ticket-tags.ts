/**
 * The tags of a ticket: POST /tags/sync (spec 1 §7: the ticket's tags become exactly the given ones) and
 * the kanban board's lanes (spec 2 §4): PUT /ticket-tags/{ticketId}/{tagId} puts the ticket in that lane
 * (its kanban tags become exactly that one, other tags stay), DELETE /ticket-tags/{ticketId} takes it
 * back to 'Em aberto' (its kanban tags go).
 *
 * Steps: read the ticket (not found / 'Acesso não permitido' as everywhere); read the tags involved;
 * compute the new list; then one transaction: the ticket's `tagIds` on the condition that nobody changed
 * them since the read (`tagsVersion`), and each tag's `ticketsCount` moved with ADD, +1 for a tag added
 * (on the condition that it exists: otherwise ERR_NO_TAG_FOUND) and -1 for a tag removed that still
 * exists. The list order does not change (updatedAt stays); the ticket is published.
 */
import type { TicketDto } from '../../../shared/tickets';
import { AppError, conflict } from '../errors';
import { publishTicketUpdate } from '../realtime/ticket-rooms';
import { getTagKinds, tagCounterAction, type TagKind } from '../repositories/tags';
import { changeTicketAction } from '../repositories/ticket-changes';
import type { Ticket } from '../repositories/tickets';
import { Steps } from '../repositories/transaction';
import type { Caller } from '../caller/load-caller';
import { presentTicket } from './present-ticket';
import { ticketForCaller } from './ticket-access';

const ATTEMPTS = 4;

/**
 * Sets the ticket's tags to what `choose` answers for the ticket as stored and its current tags (known
 * ones only), and answers the ticket.
 */
async function retag(
  caller: Caller,
  ticketId: string,
  wanted: readonly string[],
  choose: (ticket: Ticket, current: ReadonlyMap<string, TagKind>, wanted: ReadonlyMap<string, TagKind>) => string[],
): Promise<TicketDto> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const ticket = await ticketForCaller(caller, ticketId, true);
    const known = await getTagKinds(caller.companyId, [...ticket.tagIds, ...wanted]);
    const missing = wanted.filter((id) => !known.has(id));
    if (missing.length > 0) throw new AppError('ERR_NO_TAG_FOUND');
    const pick = (ids: readonly string[]) => new Map(ids.flatMap((id) => (known.has(id) ? [[id, known.get(id) as TagKind] as const] : [])));
    const next = [...new Set(choose(ticket, pick(ticket.tagIds), pick(wanted)))];

    const added = next.filter((id) => !ticket.tagIds.includes(id));
    const removed = ticket.tagIds.filter((id) => !next.includes(id));
    if (added.length === 0 && removed.length === 0 && next.length === ticket.tagIds.length) return presentTicket(caller.companyId, ticket);

    const version = ticket.tagsVersion ?? 0;
    const steps = new Steps<'ticket' | `tag:${string}`>();
    steps.add('ticket', changeTicketAction(ticket, { tagIds: next, tagsVersion: version + 1 }, { guard: ['tagsVersion'] }));
    for (const id of added) steps.add(`tag:${id}`, tagCounterAction(caller.companyId, id, 1));
    for (const id of removed) if (known.has(id)) steps.add(`tag:${id}`, tagCounterAction(caller.companyId, id, -1));
    const failed = await steps.run();
    if (failed.size > 0) continue;

    const dto = await presentTicket(caller.companyId, { ...ticket, tagIds: next, tagsVersion: version + 1 });
    await publishTicketUpdate(caller.companyId, dto);
    return dto;
  }
  throw conflict(`The tags of ticket ${ticketId}`);
}

/** POST /tags/sync: exactly these tags. */
export function syncTicketTags(caller: Caller, ticketId: string, tagIds: readonly string[]): Promise<TicketDto> {
  return retag(caller, ticketId, tagIds, () => [...tagIds]);
}

/** PUT /ticket-tags/{ticketId}/{tagId}: the ticket's kanban lane becomes this kanban tag. */
export function moveToKanbanLane(caller: Caller, ticketId: string, tagId: string): Promise<TicketDto> {
  return retag(caller, ticketId, [tagId], (ticket, current, wanted) => {
    if (!wanted.get(tagId)?.kanban) throw new AppError('ERR_NO_TAG_FOUND', { message: 'Not a kanban tag' });
    return [...ticket.tagIds.filter((id) => !current.get(id)?.kanban), tagId];
  });
}

/** DELETE /ticket-tags/{ticketId}: back to 'Em aberto' (no kanban tag). */
export function leaveKanbanLanes(caller: Caller, ticketId: string): Promise<TicketDto> {
  return retag(caller, ticketId, [], (ticket, current) => ticket.tagIds.filter((id) => !current.get(id)?.kanban));
}
