/**
 * The items of contact lists. Each item sits in the company partition by its id (the routes name an item
 * by its id alone) and in its list's GSI1 partition by ulid, so a list's page is one Query of its own
 * partition whatever the company holds. A number is in a list once: a uniqueness item in the list's
 * partition, written in the same transaction as the item and the list's `contactsCount`.
 */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { ContactListItem } from '../../../shared/contact-lists';
import { dynamo } from '../aws/clients';
import { conflict } from '../errors';
import { countContactListItemsAction } from './contact-lists';
import { contactListItemIndex, contactListItemsPartition, keys } from './keys';
import { batchWriteAll, queryAll, queryPages, table } from './table';
import type { TransactItem } from './transaction';

/** The item as the API answers it, field by field. */
function contactListItemFromRecord(item: Record<string, unknown>): ContactListItem {
  return {
    id: String(item.id),
    name: String(item.name),
    number: String(item.number),
    email: typeof item.email === 'string' ? item.email : '',
    isWhatsappValid: typeof item.isWhatsappValid === 'boolean' ? item.isWhatsappValid : null,
    companyId: String(item.companyId),
    contactListId: String(item.contactListId),
    createdAt: String(item.createdAt),
    updatedAt: String(item.updatedAt),
  };
}

const itemRecord = (item: ContactListItem) => ({
  ...keys.contactListItem(item.companyId, item.id),
  ...contactListItemIndex(item.companyId, item.contactListId, item.id),
  entity: 'contactListItem',
  ...item,
});

const isNew = 'attribute_not_exists(PK)';

const claimNumberAction = (item: ContactListItem): TransactItem => ({
  Put: {
    TableName: table(),
    Item: { ...keys.uniqueContactListNumber(item.companyId, item.contactListId, item.number), entity: 'contactListNumber', itemId: item.id },
    ConditionExpression: isNew,
  },
});

const releaseNumberAction = (item: ContactListItem): TransactItem => ({
  Delete: { TableName: table(), Key: keys.uniqueContactListNumber(item.companyId, item.contactListId, item.number) },
});

/** Items per transaction: two actions each and the list's counter, under DynamoDB's 100. */
const CHUNK = 45;

export type NewItemsOutcome =
  | { readonly kind: 'created'; readonly created: ContactListItem[]; readonly duplicates: ContactListItem[] }
  | { readonly kind: 'no-list' };

/**
 * Adds items to one list, each number once: a number already in the list (or twice in `items`) is
 * answered among the duplicates and not written. `no-list` when the list does not exist (deleted
 * meanwhile): nothing is written then.
 */
export async function putNewContactListItems(
  companyId: string,
  listId: string,
  items: readonly ContactListItem[],
  now: Date,
): Promise<NewItemsOutcome> {
  const created: ContactListItem[] = [];
  const duplicates: ContactListItem[] = [];
  for (let start = 0; start < items.length; start += CHUNK) {
    let chunk = items.slice(start, start + CHUNK);
    while (chunk.length > 0) {
      const actions = [
        ...chunk.flatMap((item) => [{ Put: { TableName: table(), Item: itemRecord(item), ConditionExpression: isNew } }, claimNumberAction(item)]),
        countContactListItemsAction(companyId, listId, chunk.length, now),
      ];
      const failed = await transact(actions);
      if (failed.length === 0) {
        created.push(...chunk);
        break;
      }
      if (failed.includes(actions.length - 1)) return { kind: 'no-list' };
      const taken = new Set(failed.map((index) => Math.floor(index / 2)));
      duplicates.push(...chunk.filter((_, index) => taken.has(index)));
      chunk = chunk.filter((_, index) => !taken.has(index));
    }
  }
  return { kind: 'created', created, duplicates };
}

/** Runs a transaction; answers the positions of the actions whose condition failed (none: it committed). */
async function transact(actions: TransactItem[]): Promise<number[]> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await dynamo().send(new TransactWriteCommand({ TransactItems: actions }));
      return [];
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = error.CancellationReasons ?? [];
      const failed = reasons.flatMap((reason, index) => (reason.Code === 'ConditionalCheckFailed' ? [index] : []));
      if (failed.length > 0) return failed;
      // Another transaction held the list's counter at the same moment (two uploads at once): again.
      if (reasons.some((reason) => reason.Code === 'TransactionConflict') && attempt < 5) continue;
      if (reasons.some((reason) => reason.Code === 'TransactionConflict')) throw conflict('Contact list items');
      throw error;
    }
  }
}

export async function getContactListItem(companyId: string, itemId: string): Promise<ContactListItem | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.contactListItem(companyId, itemId) }));
  return Item ? contactListItemFromRecord(Item) : undefined;
}

/**
 * One page of a list's items in the order they were added, those matching `matches` only: reads the
 * list's partition until it has the page and one more (so `hasMore` is known), never the whole list
 * unless the search asks for it.
 */
export async function pageContactListItems(
  companyId: string,
  listId: string,
  pageNumber: number,
  pageSize: number,
  matches: (item: ContactListItem) => boolean,
): Promise<{ page: ContactListItem[]; hasMore: boolean }> {
  const wanted = pageNumber * pageSize + 1;
  const found: ContactListItem[] = [];
  for await (const records of queryPages(itemsOfListQuery(companyId, listId, Math.min(1_000, Math.max(100, wanted))))) {
    found.push(...records.map(contactListItemFromRecord).filter(matches));
    if (found.length >= wanted) break;
  }
  const start = (pageNumber - 1) * pageSize;
  return { page: found.slice(start, start + pageSize), hasMore: found.length > start + pageSize };
}

/** Every item of a list (bounded by CONTACT_LIST_MAX_ITEMS): the sending engine's recipients, a list's deletion. */
export async function allContactListItems(companyId: string, listId: string): Promise<ContactListItem[]> {
  return (await queryAll(itemsOfListQuery(companyId, listId))).map(contactListItemFromRecord);
}

/** The Query of a list's items, in the order they were added (GSI1), `limit` a page when given. */
const itemsOfListQuery = (companyId: string, listId: string, limit?: number): QueryCommandInput => ({
  TableName: table(),
  IndexName: 'GSI1',
  KeyConditionExpression: 'GSI1PK = :pk',
  ExpressionAttributeValues: { ':pk': contactListItemsPartition(companyId, listId) },
  ...(limit === undefined ? {} : { Limit: limit }),
});

export type ReplaceItemOutcome = 'replaced' | 'missing' | 'duplicate' | 'conflict';

/**
 * Replaces an item read earlier by its new version, while it still has the number read (`conflict`
 * otherwise: read again); a new number moves its uniqueness item in the same transaction.
 */
export async function replaceContactListItem(before: ContactListItem, after: ContactListItem): Promise<ReplaceItemOutcome> {
  const actions: TransactItem[] = [
    {
      Put: {
        TableName: table(),
        Item: itemRecord(after),
        ConditionExpression: 'attribute_exists(PK) AND #number = :number',
        ExpressionAttributeNames: { '#number': 'number' },
        ExpressionAttributeValues: { ':number': before.number },
      },
    },
  ];
  if (after.number !== before.number) actions.push(releaseNumberAction(before), claimNumberAction(after));
  const failed = await transact(actions);
  if (failed.length === 0) return 'replaced';
  if (failed.includes(2)) return 'duplicate';
  return (await getContactListItem(before.companyId, before.id)) === undefined ? 'missing' : 'conflict';
}

/** Deletes an item read earlier, its number's place and one of the list's count; false when it was gone. */
export async function deleteContactListItem(item: ContactListItem, now: Date): Promise<boolean> {
  const actions: TransactItem[] = [
    { Delete: { TableName: table(), Key: keys.contactListItem(item.companyId, item.id), ConditionExpression: 'attribute_exists(PK)' } },
    releaseNumberAction(item),
    countContactListItemsAction(item.companyId, item.contactListId, -1, now),
  ];
  const failed = await transact(actions);
  if (failed.length === 0) return true;
  if (failed.includes(0)) return false;
  // The list is gone (being deleted): the item goes without a count to keep.
  return deleteContactListItemsOf([item]).then(() => true);
}

/** Deletes items and their numbers' places, without counting (their list is deleted). */
export async function deleteContactListItemsOf(items: readonly ContactListItem[]): Promise<void> {
  await batchWriteAll(
    items.flatMap((item) => [
      { DeleteRequest: { Key: keys.contactListItem(item.companyId, item.id) } },
      { DeleteRequest: { Key: keys.uniqueContactListNumber(item.companyId, item.contactListId, item.number) } },
    ]),
  );
}

/**
 * Records what the session host answered for an item's number, while the item still has that number,
 * and answers the item as it is now; undefined (nothing written) when the item is gone or its number
 * changed since it was asked.
 */
export async function setContactListItemValidity(
  companyId: string,
  itemId: string,
  number: string,
  valid: boolean,
): Promise<ContactListItem | undefined> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.contactListItem(companyId, itemId),
        UpdateExpression: 'SET isWhatsappValid = :valid',
        ConditionExpression: 'attribute_exists(PK) AND #number = :number',
        ExpressionAttributeNames: { '#number': 'number' },
        ExpressionAttributeValues: { ':valid': valid, ':number': number },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? contactListItemFromRecord(Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}
