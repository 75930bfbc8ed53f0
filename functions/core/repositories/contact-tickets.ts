/**
 * A contact's tickets, read through the tickets-by-contact index (GSI3): the newest ones, whether one is
 * live, what a search filters them by, and the contact's history before a ticket (the ticket before it
 * on the same connection, the one before that, ...), which a conversation reads on into.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { TicketStatus } from '../../../shared/tickets';
import { dynamo } from '../aws/clients';
import { ticketContactListKey } from './keys';
import { fromItem, queryPages, table } from './table';
import type { Ticket } from './tickets';

/** The newest tickets of a contact (GSI3), newest change first. */
export async function ticketsOfContact(companyId: string, contactId: string, limit: number): Promise<Ticket[]> {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'GSI3',
      KeyConditionExpression: 'GSI3PK = :pk',
      ExpressionAttributeValues: { ':pk': ticketContactListKey(companyId, contactId) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Items.map((item) => fromItem<Ticket>(item));
}

/** What a ticket search filters and orders by (conversations/search-tickets.ts): a few attributes, not the whole item. */
export type TicketSearchState = Pick<Ticket, 'id' | 'status' | 'queueId' | 'userId' | 'tagIds' | 'unreadMessages' | 'createdAt' | 'updatedAt'>;

/** The newest tickets of a contact (GSI3), newest change first, as a search filters them: only those attributes. */
export async function ticketSearchStatesOfContact(companyId: string, contactId: string, limit: number): Promise<TicketSearchState[]> {
  const attributes = ['id', 'status', 'queueId', 'userId', 'tagIds', 'unreadMessages', 'createdAt', 'updatedAt'] as const;
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'GSI3',
      KeyConditionExpression: 'GSI3PK = :pk',
      ExpressionAttributeValues: { ':pk': ticketContactListKey(companyId, contactId) },
      // `status` is a reserved word: every attribute goes by a name placeholder.
      ProjectionExpression: attributes.map((_, index) => `#a${index}`).join(', '),
      ExpressionAttributeNames: Object.fromEntries(attributes.map((name, index) => [`#a${index}`, name])),
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Items.map((item) => ({
    id: String(item.id),
    status: item.status as TicketStatus,
    queueId: typeof item.queueId === 'string' ? item.queueId : null,
    userId: typeof item.userId === 'string' ? item.userId : null,
    tagIds: Array.isArray(item.tagIds) ? item.tagIds.map(String) : [],
    unreadMessages: Number(item.unreadMessages ?? 0),
    createdAt: String(item.createdAt),
    updatedAt: String(item.updatedAt),
  }));
}

/** Items one Query of `earlierTicketsOfContact` reads before filtering by connection. */
const EARLIER_TICKETS_STEP = 25;

/** A ticket's creation as the tickets-by-contact index orders it (`<createdAt>#<id>`, the form of GSI3SK). */
const creationKey = (ticket: Pick<Ticket, 'createdAt' | 'id'>): string => `${ticket.createdAt}#${ticket.id}`;

/** Whether `other` was created before `ticket` (the creation instant, then the id for a tie). */
export const createdBefore = (other: Pick<Ticket, 'createdAt' | 'id'>, ticket: Pick<Ticket, 'createdAt' | 'id'>): boolean =>
  other.createdAt < ticket.createdAt || (other.createdAt === ticket.createdAt && other.id < ticket.id);

/** Earlier tickets' ids a new ticket keeps (Ticket.earlierTicketIds): two batches of a history read. */
export const EARLIER_TICKETS_KEPT = 10;

/**
 * Whether `earlier` is the ticket before `later` in the contact's history, by the rule of
 * `earlierTicketsOfContact`: the same contact and connection, last changed before `later` was created,
 * and created before it. For a chain kept since `later`'s creation (Ticket.earlierTicketIds), that is
 * the whole check: a ticket can only become the one before `later` by a change stamped before
 * `later`'s creation, which no change made after it is; a reopened or deleted ticket fails it.
 */
export const followsInHistory = (earlier: Ticket, later: Pick<Ticket, 'contactId' | 'whatsappId' | 'createdAt' | 'id'>): boolean =>
  earlier.contactId === later.contactId &&
  earlier.whatsappId === later.whatsappId &&
  `${earlier.updatedAt}#${earlier.id}` < creationKey(later) &&
  createdBefore(earlier, later);

/**
 * The contact's history before `ticket`, newest first, up to `limit` tickets: the ticket of the same
 * contact on the same connection (or, for a ticket without one, also without one) that came before it,
 * the one that came before that, and so on. The ticket before T is, of the tickets whose last change
 * (GSI3SK) precedes T's creation and which were created before T, the latest changed. A contact holds
 * one live ticket per connection at a time, so the one before was finished, and last changed, before the
 * next was created; a ticket reopened after a newer one began is not before it. Fewer than `limit`
 * tickets means the history holds no more.
 *
 * Cost: one Query of GSI3 (eventually consistent, `EARLIER_TICKETS_STEP` items a page) reads the
 * candidates before `ticket`, newest change first, and the whole chain is picked from them in memory:
 * each step's candidates (changed before its ticket's creation, created before it) are among those of
 * `ticket`, so the first of them in index order that passes a step's rule is that step's answer. Further
 * pages are read only when one page does not hold `limit` of them (tickets on other connections,
 * dropped by the filter, or a history longer than a page).
 */
export async function earlierTicketsOfContact(
  ticket: Pick<Ticket, 'companyId' | 'id' | 'contactId' | 'whatsappId' | 'createdAt'>,
  limit: number,
): Promise<Ticket[]> {
  const sameConnection =
    ticket.whatsappId === null
      ? { expression: 'attribute_not_exists(whatsappId) OR attribute_type(whatsappId, :nullType)', values: { ':nullType': 'NULL' } }
      : { expression: 'whatsappId = :whatsappId', values: { ':whatsappId': ticket.whatsappId } };
  const pages = queryPages({
    TableName: table(),
    IndexName: 'GSI3',
    KeyConditionExpression: 'GSI3PK = :pk AND GSI3SK < :before',
    // Created before it, too: a ticket's last change can be stamped before its creation (an inbound
    // message carries the phone's time, earlier than the ticket made for it), so the sort key alone
    // could answer the ticket itself, and the history would read it again and again.
    FilterExpression: `(${sameConnection.expression}) AND (createdAt < :createdAt OR (createdAt = :createdAt AND id < :id))`,
    ExpressionAttributeValues: {
      ':pk': ticketContactListKey(ticket.companyId, ticket.contactId),
      ':before': creationKey(ticket),
      ':createdAt': ticket.createdAt,
      ':id': ticket.id,
      ...sameConnection.values,
    },
    ScanIndexForward: false,
    Limit: EARLIER_TICKETS_STEP,
  });
  /** The candidates read so far, newest change first, with their index sort key. */
  const candidates: { readonly order: string; readonly ticket: Ticket }[] = [];
  const chain: Ticket[] = [];
  let current: Pick<Ticket, 'createdAt' | 'id'> = ticket;
  let exhausted = false;
  while (chain.length < limit) {
    const before = creationKey(current);
    const after = current;
    const next = candidates.find((candidate) => candidate.order < before && createdBefore(candidate.ticket, after));
    if (next) {
      chain.push(next.ticket);
      current = next.ticket;
      continue;
    }
    if (exhausted) break;
    const page = await pages.next();
    if (page.done) {
      exhausted = true;
      continue;
    }
    for (const item of page.value) {
      const found = fromItem<Ticket>(item);
      candidates.push({ order: typeof item.GSI3SK === 'string' ? item.GSI3SK : `${found.updatedAt}#${found.id}`, ticket: found });
    }
  }
  return chain;
}

/**
 * Whether the contact has a pending or open ticket, read through the tickets-by-contact index (GSI3;
 * a contact has tens of tickets, not thousands, and the Query stops at the first live one).
 */
export async function hasLiveTicket(companyId: string, contactId: string): Promise<boolean> {
  const pages = queryPages({
    TableName: table(),
    IndexName: 'GSI3',
    KeyConditionExpression: 'GSI3PK = :pk',
    FilterExpression: '#status IN (:pending, :open)',
    ProjectionExpression: 'id',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':pk': ticketContactListKey(companyId, contactId), ':pending': 'pending', ':open': 'open' },
  });
  for await (const items of pages) if (items.length > 0) return true;
  return false;
}
