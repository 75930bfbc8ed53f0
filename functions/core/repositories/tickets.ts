/**
 * Tickets: the item in the ticket's own partition, with the list indexes (by status, by queue and
 * status, by contact) carried as GSI attributes, and the companion items that keep the rules: the uuid
 * pointer and the one-open-ticket-per-contact-and-connection item (keys.ts). Here: the ticket's shape,
 * its items, the reads by key, and the actions that create a ticket and hold or free its companions.
 * Elsewhere, by concern: every change of a stored ticket (ticket-changes.ts), the list partitions
 * (ticket-lists.ts), a contact's tickets and history (contact-tickets.ts), and the row copies
 * (ticket-row-copies.ts).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { TicketStatus } from '../../../shared/tickets';
import { dynamo } from '../aws/clients';
import { keys, ticketListIndexes } from './keys';
import { batchGetAll, fromItem, table } from './table';
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
  /**
   * When the customer's (not fromMe) newest message was stored: set by the transaction that moves the
   * ticket to it (repositories/messages.ts moveTicketToMessage). A Cloud API connection takes free-form
   * messages only within 24 h of it (issue 32). Absent on tickets no customer message moved since.
   */
  readonly customerMessageAt?: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** The current (or last) attendance cycle: functions/core/repositories/attendances.ts. */
  readonly attendanceId?: string | null;
  /** Set on finish when the rating flow runs: until then a 1-3 reply of the contact is a rating. */
  readonly awaitingRatingUntil?: string | null;
  /** Bumped by every change of `tagIds`, so two taggings at once cannot lose one another's change. */
  readonly tagsVersion?: number;
  /** Set when an AI prompt handed the ticket to agents (core/ai/prompt-turn.ts): no prompt answers on it again. */
  readonly aiHandedOver?: boolean;
  /** Where the queue bot is in its menu while it talks with the contact; absent or null: it is not. */
  readonly botState?: TicketBotState | null;
  /**
   * The chatbot integration's conversation while `useIntegration` (core/integrations/): absent or null
   * when none started. Read only while `useIntegration` holds, so a finish (which clears that flag)
   * leaves nothing a later cycle of the ticket could take up.
   */
  readonly integrationSession?: TicketIntegrationSession | null;
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

/** Where a queue integration is in its conversation with the ticket's contact (core/integrations/). */
export interface TicketIntegrationSession {
  /** The integration talking (the ticket's `integrationId` too). */
  readonly integrationId: string;
  /** The queue whose integration it is; null when set on the ticket itself (PUT /tickets). */
  readonly queueId: string | null;
  readonly startedAt: string;
  /** The last exchange with the bot: a Typebot conversation silent for `typebotExpires` minutes starts over. */
  readonly lastAt: string;
  /** Typebot's chat session; null before it started. */
  readonly typebotSessionId: string | null;
  /** The choices Typebot waits for (its `choice input`), in order; empty when it waits for free text. */
  readonly choices: readonly string[];
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
