/**
 * Scheduled messages: one item per schedule in the company's schedules partition (`C#<id>#SCHED`,
 * `SCHED#<ulid>`). Lists read the partition with one key-condition Query and search and page in memory
 * (a company keeps hundreds to a few thousand). Every change is conditional on what its caller read, so
 * the sender's claim (PENDENTE to AGENDADA, for the send time it was woken for) happens once whatever
 * the deliveries, and an edit never overwrites a send in progress.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ScheduledMessage } from '../../../shared/scheduled-messages';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { fromItem, queryPrefix, setFields, table } from './table';

/** As stored: the API's shape without what is read per answer (the contact, the presigned URL), plus the contact's name for search. */
export interface StoredScheduledMessage extends Omit<ScheduledMessage, 'contact' | 'mediaUrl' | 'template'> {
  /** Absent on a schedule stored before templates (issue 32): none. */
  readonly template?: ScheduledMessage['template'];
  /** The contact's name when the schedule was last saved: what the search matches. */
  readonly contactName: string;
  /** The name of the one-shot scheduler entry that will send it (scheduled-messages/send-timer.ts); null once it fired. */
  readonly sendTimer: string | null;
}

export const scheduledMessageItem = (companyId: string, schedule: StoredScheduledMessage) => ({
  ...keys.scheduledMessage(companyId, schedule.id),
  entity: 'scheduledMessage',
  companyId,
  ...schedule,
});

function scheduleFromItem(item: Record<string, unknown>): StoredScheduledMessage {
  const { companyId: _companyId, ...schedule } = fromItem<StoredScheduledMessage & { companyId?: string }>(item);
  return schedule;
}

export async function putNewScheduledMessage(companyId: string, schedule: StoredScheduledMessage): Promise<void> {
  await dynamo().send(
    new PutCommand({ TableName: table(), Item: scheduledMessageItem(companyId, schedule), ConditionExpression: 'attribute_not_exists(PK)' }),
  );
}

export async function getScheduledMessage(companyId: string, id: string, consistent = false): Promise<StoredScheduledMessage | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: table(), Key: keys.scheduledMessage(companyId, id), ConsistentRead: consistent }),
  );
  return Item ? scheduleFromItem(Item) : undefined;
}

/** Every scheduled message of the company, oldest first. */
export async function listScheduledMessages(companyId: string): Promise<StoredScheduledMessage[]> {
  return (await queryPrefix(keys.scheduledMessagePrefix(companyId))).map(scheduleFromItem);
}

export type ScheduledMessageChanges = Partial<Omit<StoredScheduledMessage, 'id' | 'createdAt'>>;

/** What the stored schedule must still be for a change to apply: the fields its caller read and decided on. */
export type ScheduledMessageExpectation = Partial<Pick<StoredScheduledMessage, 'updatedAt' | 'status' | 'sendAt'>>;

function expectation(expected: ScheduledMessageExpectation) {
  const entries = Object.entries(expected as Record<string, string | undefined>).filter(([, value]) => value !== undefined);
  return {
    condition: ['attribute_exists(PK)', ...entries.map((_, index) => `#e${index} = :e${index}`)].join(' AND '),
    names: Object.fromEntries(entries.map(([name], index) => [`#e${index}`, name])),
    values: Object.fromEntries(entries.map(([, value], index) => [`:e${index}`, value])),
  };
}

export interface ChangedScheduledMessage {
  readonly before: StoredScheduledMessage;
  readonly after: StoredScheduledMessage;
}

/** Sets the given fields when the schedule is still as expected; undefined when it is missing or changed meanwhile. */
export async function setScheduledMessageFields(
  companyId: string,
  id: string,
  changes: ScheduledMessageChanges,
  expected: ScheduledMessageExpectation,
): Promise<ChangedScheduledMessage | undefined> {
  const update = setFields(changes);
  const condition = expectation(expected);
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.scheduledMessage(companyId, id),
        ...update,
        ConditionExpression: condition.condition,
        ExpressionAttributeNames: { ...update.ExpressionAttributeNames, ...condition.names },
        ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ...condition.values },
        ReturnValues: 'ALL_OLD',
      }),
    );
    if (!Attributes) return undefined;
    const before = scheduleFromItem(Attributes);
    const defined = Object.fromEntries(Object.entries(changes as Record<string, unknown>).filter(([, value]) => value !== undefined));
    return { before, after: { ...before, ...defined } };
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/** Deletes the schedule if it is still as its caller read it; answers what was deleted, or undefined. */
export async function removeScheduledMessage(companyId: string, id: string, expectedUpdatedAt: string): Promise<StoredScheduledMessage | undefined> {
  try {
    const { Attributes } = await dynamo().send(
      new DeleteCommand({
        TableName: table(),
        Key: keys.scheduledMessage(companyId, id),
        ConditionExpression: 'attribute_exists(PK) AND updatedAt = :expected',
        ExpressionAttributeValues: { ':expected': expectedUpdatedAt },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return Attributes ? scheduleFromItem(Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}
