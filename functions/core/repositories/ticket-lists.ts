/**
 * The ticket lists: one page of one list partition at a time, newest change first (GSI1 by status,
 * GSI2 by queue and status, GSI3 by contact), with the Query filters the lists and the rename walks use.
 */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { TicketStatus } from '../../../shared/tickets';
import { dynamo } from '../aws/clients';
import { ticketContactListKey, ticketQueueListKey, ticketStatusListKey } from './keys';
import { fromItem, table } from './table';
import type { Ticket } from './tickets';

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
