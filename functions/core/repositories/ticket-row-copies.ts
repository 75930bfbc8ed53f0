/**
 * The row copies a ticket carries of its contact, queue, connection and user (Ticket.contactRow, ...;
 * conversations/ticket-rows.ts decides them): which field holds which copy, and the conditional write
 * that replaces a copy only with a newer one.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { fromItem, table } from './table';
import type { Ticket } from './tickets';

/** The copies a ticket carries, by the entity they come from, with the ticket field naming that entity. */
export const TICKET_ROW_COPIES = {
  contact: { idField: 'contactId', copyField: 'contactRow' },
  queue: { idField: 'queueId', copyField: 'queueRow' },
  connection: { idField: 'whatsappId', copyField: 'connectionRow' },
  user: { idField: 'userId', copyField: 'userRow' },
} as const;

export type TicketRowSource = keyof typeof TICKET_ROW_COPIES;

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
