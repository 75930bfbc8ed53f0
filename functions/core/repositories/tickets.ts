/**
 * Tickets: the item in the ticket's own partition, with the list indexes (by status, by queue and
 * status, by contact) carried as GSI attributes, and the companion items that keep the rules: the uuid
 * pointer and the one-open-ticket-per-contact-and-connection item (keys.ts).
 *
 * Every change of a ticket goes through `changeTicketAction`: it sets the changed fields together with
 * the index attributes they determine, on the condition that the fields the change was decided from
 * (status, queue, user, connection) are still what the caller read. Two agents accepting at once: one
 * condition holds, the other fails.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { TicketStatus } from '../../../shared/tickets';
import { dynamo } from '../aws/clients';
import { keys, ticketContactListKey, ticketListIndexes, ticketQueueListKey, ticketStatusListKey, type Key } from './keys';
import { batchGetAll, batchWriteAll, fromItem, queryPages, table } from './table';
import type { TransactItem } from './transaction';

export interface Ticket {
  readonly id: string;
  readonly uuid: string;
  readonly companyId: string;
  /**
   * The per-company sequential number people say on the phone (repositories/ticket-numbers.ts), given
   * at creation; absent only on a ticket stored before numbers existed, until the backfill reaches it.
   */
  readonly number?: number;
  readonly status: TicketStatus;
  readonly contactId: string;
  readonly userId: string | null;
  /** The assigned user's name when assigned: readable after the user is deleted. */
  readonly userName: string | null;
  readonly queueId: string | null;
  readonly whatsappId: string | null;
  readonly tagIds: readonly string[];
  readonly isGroup: boolean;
  readonly chatbot: boolean;
  readonly useIntegration: boolean;
  readonly promptId: string | null;
  readonly integrationId: string | null;
  /**
   * The list preview: the text of the message `previewMessageId` (repositories/messages.ts
   * lastMessageText), or DELETED_MESSAGE_PREVIEW once that message is deleted; '' before any message.
   */
  readonly lastMessage: string;
  /** The ULID of the message the preview shows; absent before any message (and on tickets stored before it was kept). */
  readonly previewMessageId?: string | null;
  /** The preview shows an automatic text of the server (conversations/store-message.ts: such texts never replace a person's). */
  readonly previewBot?: boolean;
  readonly unreadMessages: number;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** The current (or last) attendance cycle: functions/core/repositories/attendances.ts. */
  readonly attendanceId?: string | null;
  /** Set on finish when the rating flow runs: until then a 1-3 reply of the contact is a rating. */
  readonly awaitingRatingUntil?: string | null;
  /** Bumped by every change of `tagIds`, so two taggings at once cannot lose one another's change. */
  readonly tagsVersion?: number;
  /** Where the queue bot is in its menu while it talks with the contact; absent or null: it is not. */
  readonly botState?: TicketBotState | null;
  /** When the running transfer timer fires (conversations/ticket-timers.ts); absent or past: none runs. */
  readonly transferDueAt?: string | null;
  /** When the running inactivity timer fires; absent or past: none runs. */
  readonly expiryDueAt?: string | null;
  /**
   * Copies of what the ticket's list row shows of other entities (conversations/ticket-rows.ts), so a
   * list page is one Query. Each carries `at`, the source's `updatedAt` it was copied from: a copy is only
   * ever replaced by a newer one (setTicketRowCopy). Absent on tickets stored before copies existed (the
   * presenter then reads the source, conversations/legacy-ticket-rows.ts, until
   * migrations/backfill-ticket-rows.ts fills them).
   */
  readonly contactRow?: TicketContactRow;
  /** The queue's copy; null (or absent) for a ticket without a queue. */
  readonly queueRow?: TicketQueueRow | null;
  /** The connection's copy; null (or absent) for a ticket without a connection. */
  readonly connectionRow?: TicketConnectionRow | null;
  /** When `userName` was copied from the user (its `updatedAt`); absent on older tickets. */
  readonly userRow?: TicketUserRow | null;
  /**
   * The contact's history before this ticket when it was created (earlierTicketsOfContact, at most
   * EARLIER_TICKETS_KEPT ids, newest first), so the first page of a short conversation reads the
   * earlier tickets' messages without asking the index first (conversations/list-messages.ts, which
   * checks each against `followsInHistory` as it reads it). Fewer than EARLIER_TICKETS_KEPT: that
   * was the whole history. Absent on tickets stored before it was kept: the index is asked.
   */
  readonly earlierTicketIds?: readonly string[];
}

export interface TicketContactRow {
  readonly name: string;
  readonly number: string;
  readonly profilePicUrl: string | null;
  readonly at: string;
}

export interface TicketQueueRow {
  readonly name: string;
  readonly color: string;
  readonly at: string;
}

export interface TicketConnectionRow {
  readonly name: string;
  readonly at: string;
}

export interface TicketUserRow {
  readonly name: string;
  readonly at: string;
}

/** The copies a ticket carries, by the entity they come from, with the ticket field naming that entity. */
export const TICKET_ROW_COPIES = {
  contact: { idField: 'contactId', copyField: 'contactRow' },
  queue: { idField: 'queueId', copyField: 'queueRow' },
  connection: { idField: 'whatsappId', copyField: 'connectionRow' },
  user: { idField: 'userId', copyField: 'userRow' },
} as const;

export type TicketRowSource = keyof typeof TICKET_ROW_COPIES;

export interface TicketBotState {
  /** The queue whose option menu is shown; null while the contact chooses among the connection's queues. */
  readonly queueId: string | null;
  /** The option whose sub-options are shown; null for the top of the queue's menu. */
  readonly optionId: string | null;
  /** Answers that picked nothing so far (the bot gives up after the connection's maxUseBotQueues). */
  readonly misses: number;
  /** When the menu was first shown (the bot gives up after timeUseBotQueues minutes). */
  readonly since: string;
}

/** The full item: entity plus keys and list-index attributes, always derived together. */
export const ticketItem = (ticket: Ticket) => ({
  ...keys.ticket(ticket.companyId, ticket.id),
  ...ticketListIndexes(ticket),
  entity: 'ticket',
  ...ticket,
});

export async function getTicket(companyId: string, ticketId: string, consistent = false): Promise<Ticket | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: table(), Key: keys.ticket(companyId, ticketId), ConsistentRead: consistent }),
  );
  return Item ? fromItem<Ticket>(Item) : undefined;
}

const isNew = 'attribute_not_exists(PK)';

/** The pointer from a ticket's public uuid to its id (GET /tickets/u/{uuid}). */
export const ticketUuidItem = (ticket: Pick<Ticket, 'companyId' | 'id' | 'uuid'>) => ({
  ...keys.ticketUuid(ticket.companyId, ticket.uuid),
  entity: 'ticketUuid',
  companyId: ticket.companyId,
  ticketId: ticket.id,
  uuid: ticket.uuid,
});

/** The item that makes a ticket the one pending or open ticket of its contact on its connection. */
export const openTicketItem = (ticket: Pick<Ticket, 'companyId' | 'id' | 'uuid' | 'contactId' | 'whatsappId'>) => ({
  ...keys.openTicket(ticket.companyId, ticket.contactId, ticket.whatsappId),
  entity: 'openTicket',
  companyId: ticket.companyId,
  ticketId: ticket.id,
  uuid: ticket.uuid,
  contactId: ticket.contactId,
  whatsappId: ticket.whatsappId,
});

export const putNewTicketAction = (ticket: Ticket): TransactItem => ({
  Put: { TableName: table(), Item: ticketItem(ticket), ConditionExpression: isNew },
});

export const putTicketUuidAction = (ticket: Ticket): TransactItem => ({
  Put: { TableName: table(), Item: ticketUuidItem(ticket), ConditionExpression: isNew },
});

/** Takes the contact's open-ticket slot on the ticket's connection; fails when another ticket holds it. */
export const claimOpenTicketAction = (ticket: Ticket): TransactItem => ({
  Put: { TableName: table(), Item: openTicketItem(ticket), ConditionExpression: isNew },
});

/** Frees the slot, only if this ticket holds it. */
export const releaseOpenTicketAction = (ticket: Pick<Ticket, 'companyId' | 'id' | 'contactId' | 'whatsappId'>): TransactItem => ({
  Delete: {
    TableName: table(),
    Key: keys.openTicket(ticket.companyId, ticket.contactId, ticket.whatsappId),
    ConditionExpression: 'ticketId = :ticketId',
    ExpressionAttributeValues: { ':ticketId': ticket.id },
  },
});

export const deleteTicketUuidAction = (ticket: Ticket): TransactItem => ({
  Delete: { TableName: table(), Key: keys.ticketUuid(ticket.companyId, ticket.uuid) },
});


/** The fields a change may set; the keys, company, number, contact and creation never change. */
export type TicketChanges = Partial<Omit<Ticket, 'id' | 'uuid' | 'companyId' | 'number' | 'contactId' | 'createdAt'>>;

/** The fields whose stored value a change is decided from; the write holds only while they are unchanged. */
export const TRANSITION_GUARD = ['status', 'queueId', 'userId', 'whatsappId'] as const satisfies readonly (keyof Ticket)[];

export interface ChangeOptions {
  /** Fields that must still hold the value `before` has (TRANSITION_GUARD by default). */
  readonly guard?: readonly ('status' | 'queueId' | 'userId' | 'whatsappId' | 'tagsVersion' | 'awaitingRatingUntil')[];
  /**
   * Whether the change moves the ticket to the top of its lists (a new `updatedAt`, which `changes`
   * must then carry). A change of status or queue always re-derives the index attributes.
   */
  readonly reorder?: boolean;
}

/**
 * The Update that applies `changes` to the ticket read as `before`. It writes only the changed fields and
 * the index attributes (never a whole item), so a concurrent write of other fields (a new message's
 * lastMessage, an unread counter) is not lost. Fails with ConditionalCheckFailed when the ticket is gone
 * or a guarded field changed since `before` was read.
 */
export function changeTicketAction(before: Ticket, changes: TicketChanges, options: ChangeOptions = {}): TransactItem {
  const after: Ticket = { ...before, ...changes };
  const reindex = options.reorder === true || after.status !== before.status || after.queueId !== before.queueId;
  const fields: Record<string, unknown> = { ...changes };
  if (reindex) {
    const { GSI1PK, GSI1SK, GSI2PK, GSI2SK, GSI3PK, GSI3SK } = ticketListIndexes(after);
    Object.assign(fields, { updatedAt: after.updatedAt, GSI1PK, GSI1SK, GSI2PK, GSI2SK, GSI3PK, GSI3SK });
  }
  const guard = guardOf(before, options.guard ?? TRANSITION_GUARD);
  const names: Record<string, string> = { ...guard.names };
  const values: Record<string, unknown> = { ...guard.values };
  const sets = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([name, value], index) => {
      names[`#s${index}`] = name;
      values[`:s${index}`] = value;
      return `#s${index} = :s${index}`;
    });
  return {
    Update: {
      TableName: table(),
      Key: keys.ticket(before.companyId, before.id),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: guard.expression,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** Deletes the ticket item, on the condition that its status, queue, user and connection are as read. */
export function deleteTicketAction(before: Ticket): TransactItem {
  const guard = guardOf(before, TRANSITION_GUARD);
  return {
    Delete: {
      TableName: table(),
      Key: keys.ticket(before.companyId, before.id),
      ConditionExpression: guard.expression,
      ExpressionAttributeNames: guard.names,
      ...(Object.keys(guard.values).length > 0 ? { ExpressionAttributeValues: guard.values } : {}),
    },
  };
}

/** The condition "the ticket exists and these fields still hold the values of `before`". */
function guardOf(before: Ticket, fields: NonNullable<ChangeOptions['guard']>) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const conditions = ['attribute_exists(PK)'];
  for (const [index, name] of fields.entries()) {
    names[`#g${index}`] = name;
    const expected = before[name];
    if (expected === undefined) {
      conditions.push(`attribute_not_exists(#g${index})`);
    } else if (expected === null) {
      // A stored null is DynamoDB's NULL type; an absent attribute counts as null too (older items).
      values[':nullType'] = 'NULL';
      conditions.push(`(attribute_not_exists(#g${index}) OR attribute_type(#g${index}, :nullType))`);
    } else {
      values[`:g${index}`] = expected;
      conditions.push(`#g${index} = :g${index}`);
    }
  }
  return { expression: conditions.join(' AND '), names, values };
}

/** The id of the ticket a public uuid names, in the company; undefined when none. */
export async function getTicketIdByUuid(companyId: string, uuid: string): Promise<string | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.ticketUuid(companyId, uuid) }));
  return Item ? String(Item.ticketId) : undefined;
}

/** The ticket holding the contact's open-ticket slot on a connection, read strongly consistent. */
export async function getOpenTicketId(companyId: string, contactId: string, whatsappId: string | null): Promise<string | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: table(), Key: keys.openTicket(companyId, contactId, whatsappId), ConsistentRead: true }),
  );
  return Item ? String(Item.ticketId) : undefined;
}

/** Several tickets of one company by id, in the order of the ids; missing ones left out. */
export async function getTickets(companyId: string, ticketIds: readonly string[]): Promise<Ticket[]> {
  const unique = [...new Set(ticketIds)];
  const items = await batchGetAll(unique.map((id) => keys.ticket(companyId, id)));
  const found = new Map(items.map((item) => [String(item.id), fromItem<Ticket>(item)]));
  return unique.flatMap((id) => {
    const ticket = found.get(id);
    return ticket ? [ticket] : [];
  });
}

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

/** One list partition of tickets: GSI1 (by status), GSI2 (by queue and status) or GSI3 (by contact). */
export interface TicketListSource {
  readonly index: 'GSI1' | 'GSI2' | 'GSI3';
  readonly partition: string;
}

/** The list partition of one contact's tickets, every status (GSI3). */
export const contactListSource = (companyId: string, contactId: string): TicketListSource => ({
  index: 'GSI3',
  partition: ticketContactListKey(companyId, contactId),
});

/** A Query filter keeping the tickets whose `field` names `id` (a walk over partitions that are not that entity's). */
export function ticketFieldFilter(field: 'userId' | 'whatsappId', id: string): NonNullable<TicketListRead['filter']> {
  return { expression: '#field = :fieldId', names: { '#field': field }, values: { ':fieldId': id } };
}

/**
 * Replaces one row copy of a ticket (contactRow, queueRow, connectionRow, or userRow with userName), only
 * while the ticket still names that entity and the copy it holds is older than `copy.at` (or missing):
 * so a repeated or late message changes nothing. Answers the ticket as stored after the change, or
 * undefined when the condition kept it as it was (or the ticket is gone).
 */
export async function setTicketRowCopy<S extends TicketRowSource>(
  ticket: Pick<Ticket, 'companyId' | 'id'>,
  source: S,
  entityId: string,
  copy: NonNullable<Ticket[(typeof TICKET_ROW_COPIES)[S]['copyField']]>,
): Promise<Ticket | undefined> {
  const { idField, copyField } = TICKET_ROW_COPIES[source];
  const names: Record<string, string> = { '#id': idField, '#copy': copyField, '#at': 'at' };
  const values: Record<string, unknown> = { ':id': entityId, ':copy': copy, ':at': copy.at, ':nullType': 'NULL' };
  let update = 'SET #copy = :copy';
  if (source === 'user') {
    // The user's name has always been kept on the ticket (`userName`); its copy only adds the version.
    names['#name'] = 'userName';
    values[':name'] = copy.name;
    update += ', #name = :name';
  }
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.ticket(ticket.companyId, ticket.id),
        UpdateExpression: update,
        ConditionExpression: 'attribute_exists(PK) AND #id = :id AND (attribute_not_exists(#copy) OR attribute_type(#copy, :nullType) OR #copy.#at < :at)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? fromItem<Ticket>(Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/** The list partition of the company's tickets of one status, every queue (GSI1). */
export const statusListSource = (companyId: string, status: TicketStatus): TicketListSource => ({
  index: 'GSI1',
  partition: ticketStatusListKey(companyId, status),
});

/** The list partition of the company's tickets of one queue (null: without a queue) and status (GSI2). */
export const queueListSource = (companyId: string, queueId: string | null, status: TicketStatus): TicketListSource => ({
  index: 'GSI2',
  partition: ticketQueueListKey(companyId, queueId, status),
});

/** What a list keeps of the tickets it reads; each criterion left empty keeps them all. */
export interface TicketListCriteria {
  /** Assigned to one of these users. */
  readonly users: readonly string[];
  /** With any of these tags. */
  readonly tags: readonly string[];
  readonly withUnread: boolean;
  /** Created in this window (ISO instants, both included). */
  readonly created?: { readonly first: string; readonly last: string };
}

/** The criteria as a Query FilterExpression (undefined when none). */
export function ticketListFilter(criteria: TicketListCriteria): TicketListRead['filter'] {
  const parts: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (criteria.users.length > 0) {
    names['#user'] = 'userId';
    parts.push(`#user IN (${criteria.users.map((user, index) => ((values[`:u${index}`] = user), `:u${index}`)).join(', ')})`);
  }
  if (criteria.tags.length > 0) {
    names['#tags'] = 'tagIds';
    parts.push(`(${criteria.tags.map((tag, index) => ((values[`:t${index}`] = tag), `contains(#tags, :t${index})`)).join(' OR ')})`);
  }
  if (criteria.withUnread) {
    names['#unread'] = 'unreadMessages';
    values[':zero'] = 0;
    parts.push('#unread > :zero');
  }
  if (criteria.created) {
    names['#created'] = 'createdAt';
    Object.assign(values, { ':createdFirst': criteria.created.first, ':createdLast': criteria.created.last });
    parts.push('#created BETWEEN :createdFirst AND :createdLast');
  }
  return parts.length > 0 ? { expression: parts.join(' AND '), names, values } : undefined;
}

export interface TicketListRead {
  /** Sort-key window, both ends included; the order key is `<updatedAt>#<id>`. */
  readonly from?: string;
  readonly to?: string;
  /** Continue after this key of the same Query (DynamoDB's LastEvaluatedKey). */
  readonly startKey?: Record<string, unknown>;
  readonly limit: number;
  readonly filter?: { readonly expression: string; readonly names: Record<string, string>; readonly values: Record<string, unknown> };
}

export interface TicketListPage {
  readonly tickets: Ticket[];
  /** Items DynamoDB evaluated (before the filter): what the read cost. */
  readonly scanned: number;
  /** Sort key of the last item evaluated, and the key to continue from; undefined at the end. */
  readonly lastKey?: Record<string, unknown>;
  readonly lastOrder?: string;
}

/** One page of a ticket list partition, newest change first. */
export async function readTicketList(source: TicketListSource, read: TicketListRead): Promise<TicketListPage> {
  const sk = `${source.index}SK`;
  const names: Record<string, string> = { '#pk': `${source.index}PK`, ...read.filter?.names };
  const values: Record<string, unknown> = { ':pk': source.partition, ...read.filter?.values };
  let range = '';
  if (read.from !== undefined || read.to !== undefined) names['#sk'] = sk;
  if (read.from !== undefined && read.to !== undefined) {
    range = ' AND #sk BETWEEN :from AND :to';
    Object.assign(values, { ':from': read.from, ':to': read.to });
  } else if (read.from !== undefined) {
    range = ' AND #sk >= :from';
    values[':from'] = read.from;
  } else if (read.to !== undefined) {
    range = ' AND #sk <= :to';
    values[':to'] = read.to;
  }
  const input: QueryCommandInput = {
    TableName: table(),
    IndexName: source.index,
    KeyConditionExpression: `#pk = :pk${range}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ScanIndexForward: false,
    Limit: read.limit,
    ExclusiveStartKey: read.startKey,
    ...(read.filter ? { FilterExpression: read.filter.expression } : {}),
  };
  const { Items = [], ScannedCount, LastEvaluatedKey } = await dynamo().send(new QueryCommand(input));
  return {
    tickets: Items.map((item) => fromItem<Ticket>(item)),
    scanned: ScannedCount ?? Items.length,
    lastKey: LastEvaluatedKey,
    lastOrder: LastEvaluatedKey ? String(LastEvaluatedKey[sk]) : undefined,
  };
}

/**
 * Sets the ticket's unread counter to 0 when it is above 0; answers the ticket as it is now, or undefined
 * when there was nothing to reset (already read, or no such ticket).
 */
export async function resetUnread(companyId: string, ticketId: string): Promise<Ticket | undefined> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.ticket(companyId, ticketId),
        UpdateExpression: 'SET unreadMessages = :zero',
        ConditionExpression: 'attribute_exists(PK) AND unreadMessages > :zero',
        ExpressionAttributeValues: { ':zero': 0 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? fromItem<Ticket>(Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

export type TicketTimerField = 'transferDueAt' | 'expiryDueAt';

/**
 * Records the instant a ticket timer is armed for. `replacing` is the due instant of the timer that
 * re-arms itself; without it the timer is set only when none is running (none set, or one already due
 * by `now`). Answers whether it was set: false means another timer runs, or the ticket is gone.
 */
export async function setTicketTimer(
  companyId: string,
  ticketId: string,
  field: TicketTimerField,
  dueAt: string,
  { replacing, now }: { readonly replacing: string | null; readonly now: Date },
): Promise<boolean> {
  const running = replacing
    ? { condition: '#field = :replacing', values: { ':replacing': replacing } }
    : {
        condition: '(attribute_not_exists(#field) OR attribute_type(#field, :nullType) OR #field <= :now)',
        values: { ':nullType': 'NULL', ':now': now.toISOString() },
      };
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.ticket(companyId, ticketId),
        UpdateExpression: 'SET #field = :dueAt',
        ConditionExpression: `attribute_exists(PK) AND ${running.condition}`,
        ExpressionAttributeNames: { '#field': field },
        ExpressionAttributeValues: { ':dueAt': dueAt, ...running.values },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Ends a rating wait (the contact answered something else); a no-op when none is running. */
export async function clearRatingWait(companyId: string, ticketId: string): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.ticket(companyId, ticketId),
        UpdateExpression: 'SET awaitingRatingUntil = :null',
        ConditionExpression: 'attribute_exists(PK) AND attribute_type(awaitingRatingUntil, :string)',
        ExpressionAttributeValues: { ':null': null, ':string': 'S' },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/**
 * Deletes the items of the ticket's partition (messages, notes, attendance records, ...) except the
 * ticket item itself (and, with `keepAttendances`, its attendance records), page by page, so a ticket
 * with any number of messages is removed in bounded steps. Answers how many items were deleted.
 */
export async function deleteTicketPartition(
  companyId: string,
  ticketId: string,
  { keepAttendances = false }: { readonly keepAttendances?: boolean } = {},
): Promise<number> {
  const ticketKey = keys.ticket(companyId, ticketId);
  // The sort-key prefix of attendance records in the ticket's partition (keys.attendance).
  const keep = keepAttendances ? [keys.attendance('', '', '').SK] : [];
  let deleted = 0;
  const pages = queryPages({
    TableName: table(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': ticketKey.PK },
    ProjectionExpression: 'PK, SK',
    Limit: 500,
  });
  for await (const page of pages) {
    const itemKeys: Key[] = page
      .map((item) => ({ PK: String(item.PK), SK: String(item.SK) }))
      .filter((key) => key.SK !== ticketKey.SK && !keep.some((prefix) => key.SK.startsWith(prefix)));
    await batchWriteAll(itemKeys.map((Key) => ({ DeleteRequest: { Key } })));
    deleted += itemKeys.length;
  }
  return deleted;
}
