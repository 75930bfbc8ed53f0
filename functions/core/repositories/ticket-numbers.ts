/**
 * Ticket numbers: the items behind the per-company sequential number of a ticket (README, behaviour
 * notes; the rules are in conversations/ticket-numbers.ts).
 *
 * - The counter (keys.ticketCounter): `last`, the highest number given so far, and `backfilled`, set
 *   once every ticket stored before numbers existed has one. A new ticket takes `last + 1` with one
 *   UpdateItem ADD, which holds only once the counter is backfilled, so no new ticket can take a number
 *   an older one should have had.
 * - The backfill moves `last` with a condition on the value it read, in the same transaction as the
 *   numbers it gives: `last` is always the highest number given, and two backfills cannot give one
 *   number twice or one ticket two numbers.
 * - The pointer (keys.ticketNumber) from a number to its ticket, written on condition that the number is
 *   free: a search for `#123` is one GetItem.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TICKET_STATUSES } from '../../../shared/tickets';
import { dynamo } from '../aws/clients';
import { keys, ticketStatusListKey } from './keys';
import { queryAll, table } from './table';
import type { TransactItem } from './transaction';

export interface TicketCounter {
  /** The highest number given in the company; 0 before any. */
  readonly last: number;
  /** Every ticket stored before numbers existed has one: new tickets may take numbers. */
  readonly backfilled: boolean;
}

// `last` and `number` are reserved words of DynamoDB's expressions.
const NAMES = { '#last': 'last' };

export async function getTicketCounter(companyId: string): Promise<TicketCounter | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.ticketCounter(companyId), ConsistentRead: true }));
  return Item ? { last: Number(Item.last ?? 0), backfilled: Item.backfilled === true } : undefined;
}

/**
 * The next number of the company (ADD 1 on the counter, answered as updated); undefined while the
 * counter is missing or not backfilled yet: the caller runs the backfill first.
 */
export async function takeTicketNumber(companyId: string): Promise<number | undefined> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.ticketCounter(companyId),
        UpdateExpression: 'ADD #last :one',
        ConditionExpression: 'backfilled = :true',
        ExpressionAttributeNames: NAMES,
        ExpressionAttributeValues: { ':one': 1, ':true': true },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(Attributes?.last);
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/** The pointer from a number to its ticket; fails if the number is taken (the counter guarantees it is not). */
export const putTicketNumberAction = (ticket: { readonly companyId: string; readonly id: string; readonly number: number }): TransactItem => ({
  Put: {
    TableName: table(),
    Item: { ...keys.ticketNumber(ticket.companyId, ticket.number), entity: 'ticketNumber', companyId: ticket.companyId, ticketId: ticket.id, number: ticket.number },
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});

/** Removes the pointer with its ticket (the counter keeps the number: it is never given again). */
export const deleteTicketNumberAction = (ticket: { readonly companyId: string; readonly number: number }): TransactItem => ({
  Delete: { TableName: table(), Key: keys.ticketNumber(ticket.companyId, ticket.number) },
});

/** The id of the company's ticket with this number; undefined when none (or another company's). */
export async function getTicketIdByNumber(companyId: string, number: number): Promise<string | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.ticketNumber(companyId, number) }));
  return Item ? String(Item.ticketId) : undefined;
}

// ---- the backfill ---------------------------------------------------------------------------------------

/** What the backfill needs of a ticket. */
export interface NumberingEntry {
  readonly id: string;
  readonly createdAt: string;
  readonly number?: number;
}

/**
 * Every ticket of the company, read from its status lists (three key-condition Queries on GSI1, only
 * the three attributes): for the backfill, which runs once per company, never on a request's list.
 */
export async function ticketsToNumber(companyId: string): Promise<NumberingEntry[]> {
  const lists = await Promise.all(
    TICKET_STATUSES.map((status) =>
      queryAll({
        TableName: table(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ProjectionExpression: '#id, #createdAt, #number',
        ExpressionAttributeNames: { '#id': 'id', '#createdAt': 'createdAt', '#number': 'number' },
        ExpressionAttributeValues: { ':pk': ticketStatusListKey(companyId, status) },
      }),
    ),
  );
  const byId = new Map<string, NumberingEntry>();
  for (const item of lists.flat()) {
    const id = String(item.id);
    // A ticket that changed status while the lists were read shows in two of them: once is enough.
    byId.set(id, { id, createdAt: String(item.createdAt), ...(typeof item.number === 'number' ? { number: item.number } : {}) });
  }
  return [...byId.values()];
}

/**
 * Moves the counter from `from` (undefined: there is no counter yet) to `to` while the backfill runs;
 * fails when another writer moved it or finished the backfill since it was read.
 */
export function advanceTicketCounterAction(companyId: string, from: number | undefined, to: number): TransactItem {
  if (from === undefined) {
    return {
      Put: {
        TableName: table(),
        Item: { ...keys.ticketCounter(companyId), entity: 'ticketCounter', companyId, last: to, backfilled: false },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    };
  }
  return {
    Update: {
      TableName: table(),
      Key: keys.ticketCounter(companyId),
      UpdateExpression: 'SET #last = :to',
      ConditionExpression: '#last = :from AND backfilled = :false',
      ExpressionAttributeNames: NAMES,
      ExpressionAttributeValues: { ':to': to, ':from': from, ':false': false },
    },
  };
}

/** Gives an existing ticket its number; fails when it has one already or is gone. */
export function setTicketNumberAction(companyId: string, ticketId: string, number: number): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: keys.ticket(companyId, ticketId),
      UpdateExpression: 'SET #number = :number',
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(#number)',
      ExpressionAttributeNames: { '#number': 'number' },
      ExpressionAttributeValues: { ':number': number },
    },
  };
}

/**
 * Marks the backfill done, on condition that the counter is still at `last` as read (undefined: a
 * company without tickets and without a counter, which starts at 0).
 */
export function finishTicketBackfillAction(companyId: string, last: number | undefined): TransactItem {
  if (last === undefined) {
    return {
      Put: {
        TableName: table(),
        Item: { ...keys.ticketCounter(companyId), entity: 'ticketCounter', companyId, last: 0, backfilled: true },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    };
  }
  return {
    Update: {
      TableName: table(),
      Key: keys.ticketCounter(companyId),
      UpdateExpression: 'SET backfilled = :true',
      ConditionExpression: '#last = :last',
      ExpressionAttributeNames: NAMES,
      ExpressionAttributeValues: { ':true': true, ':last': last },
    },
  };
}
