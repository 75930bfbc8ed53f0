/**
 * Every change of a stored ticket. The changes a use case decides go through `changeTicketAction`: it
 * sets the changed fields together with the index attributes they determine, on the condition that the
 * fields the change was decided from (status, queue, user, connection) are still what the caller read.
 * Two agents accepting at once: one condition holds, the other fails. Beside it, deleting a ticket (its
 * item on the same condition, then the rest of its partition) and the few single-field updates that
 * need no decision (the unread counter, the timers, the rating wait).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { keys, ticketListIndexes, type Key } from './keys';
import { batchWriteAll, fromItem, queryPages, table } from './table';
import type { Ticket } from './tickets';
import type { TransactItem } from './transaction';

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
