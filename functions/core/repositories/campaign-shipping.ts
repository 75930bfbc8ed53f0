/**
 * A campaign's shipping items: one per recipient, in the campaign's own partition, keyed by the
 * recipient's place (keys.campaignShipping), so the sender and the report read them in order with
 * key-condition Queries. The start writes them once (numbers already made unique), before the sender
 * looks at any; after that only the sender changes them, one hop at a time (campaigns/send-hop.ts).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ShippingStatus, SkipReason } from '../../../shared/campaigns';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { batchWriteAll, queryAll, table } from './table';

export interface ShippingItem {
  readonly companyId: string;
  readonly campaignId: string;
  /** 0-based place in the campaign. */
  readonly position: number;
  readonly name: string;
  readonly number: string;
  readonly email: string;
  /** The contact it was planned from (a tag's contacts); null for a contact list's item. */
  readonly contactId: string | null;
  /** Whether the number is on WhatsApp as its list last knew (null: not checked; a tag's contacts: true). */
  readonly valid: boolean | null;
  readonly status: ShippingStatus;
  readonly reason: SkipReason | null;
  readonly deliveredAt: string | null;
  /** The messages stored for it, text first. */
  readonly messageIds: readonly string[];
  readonly ticketId: string | null;
}

export type NewShippingItem = Pick<ShippingItem, 'companyId' | 'campaignId' | 'position' | 'name' | 'number' | 'email' | 'contactId' | 'valid'>;

/** Writes running at once when a start plans many recipients (each a BatchWriteItem of 25). */
const PLAN_WRITES_AT_ONCE = 4;

function shippingFromItem(item: Record<string, unknown>): ShippingItem {
  return {
    companyId: String(item.companyId),
    campaignId: String(item.campaignId),
    position: Number(item.position),
    name: typeof item.name === 'string' ? item.name : '',
    number: typeof item.number === 'string' ? item.number : '',
    email: typeof item.email === 'string' ? item.email : '',
    contactId: typeof item.contactId === 'string' ? item.contactId : null,
    valid: typeof item.valid === 'boolean' ? item.valid : null,
    status: item.status === 'delivered' || item.status === 'skipped' ? item.status : 'pending',
    reason: typeof item.reason === 'string' ? (item.reason as SkipReason) : null,
    deliveredAt: typeof item.deliveredAt === 'string' ? item.deliveredAt : null,
    messageIds: Array.isArray(item.messageIds) ? item.messageIds.map(String) : [],
    ticketId: typeof item.ticketId === 'string' ? item.ticketId : null,
  };
}

/** Puts the recipients as pending shipping items (overwriting the same places: a start run again writes the same plan). */
export async function putShippingItems(items: readonly NewShippingItem[]): Promise<void> {
  const requests = items.map((item) => ({
    PutRequest: {
      Item: {
        ...keys.campaignShipping(item.companyId, item.campaignId, item.position),
        entity: 'campaignShipping',
        ...item,
        status: 'pending',
        reason: null,
        deliveredAt: null,
        messageIds: [],
        ticketId: null,
      },
    },
  }));
  const chunk = Math.ceil(requests.length / PLAN_WRITES_AT_ONCE);
  const parts = Array.from({ length: PLAN_WRITES_AT_ONCE }, (_, index) => requests.slice(index * chunk, (index + 1) * chunk));
  await Promise.all(parts.filter((part) => part.length > 0).map((part) => batchWriteAll(part)));
}

/** Up to `limit` shipping items from place `from` on, in order. */
export async function readShipping(companyId: string, campaignId: string, from: number, limit: number, consistent = false): Promise<ShippingItem[]> {
  const prefix = keys.campaignShippingPrefix(companyId, campaignId);
  const { Items } = await dynamo().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :last',
      ExpressionAttributeValues: { ':pk': prefix.PK, ':from': keys.campaignShipping(companyId, campaignId, from).SK, ':last': `${prefix.SKPrefix}~` },
      Limit: limit,
      ConsistentRead: consistent,
    }),
  );
  return (Items ?? []).map(shippingFromItem);
}

/**
 * Writes what became of a hop's recipients, whole items in one batch (the hop that holds the cursor
 * alone writes them, so a put replaces nothing anyone else wrote).
 */
export async function putShippingOutcomes(items: readonly ShippingItem[]): Promise<void> {
  await batchWriteAll(
    items.map((item) => ({ PutRequest: { Item: { ...keys.campaignShipping(item.companyId, item.campaignId, item.position), entity: 'campaignShipping', ...item } } })),
  );
}

/** Deletes the shipping items from place `from` on (a campaign deleted: all of them; a start run again: those past its plan). */
export async function deleteShippingFrom(companyId: string, campaignId: string, from: number): Promise<number> {
  const prefix = keys.campaignShippingPrefix(companyId, campaignId);
  const found = await queryAll({
    TableName: table(),
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :last',
    ExpressionAttributeValues: { ':pk': prefix.PK, ':from': keys.campaignShipping(companyId, campaignId, from).SK, ':last': `${prefix.SKPrefix}~` },
    ProjectionExpression: 'PK, SK',
  });
  await batchWriteAll(found.map((item) => ({ DeleteRequest: { Key: { PK: item.PK, SK: item.SK } } })));
  return found.length;
}
