/**
 * Contact lists of campaigns: one item per list in the company partition. A company has tens of lists,
 * so the page reads them with one key-condition Query and pages in memory (as tags).
 *
 * `contactsCount` is a counter on the list item, moved with `ADD` in the same transaction as the items it
 * counts (contact-list-items.ts); a rename never overwrites it.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ContactList } from '../../../shared/contact-lists';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { queryPrefix, table } from './table';
import type { TransactItem } from './transaction';

/** The list as the API answers it, field by field. */
function contactListFromItem(item: Record<string, unknown>): ContactList {
  return {
    id: String(item.id),
    name: String(item.name),
    contactsCount: typeof item.contactsCount === 'number' ? Math.max(0, item.contactsCount) : 0,
    companyId: String(item.companyId),
    createdAt: String(item.createdAt),
    updatedAt: String(item.updatedAt),
  };
}

export async function putNewContactList(list: ContactList): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: table(),
      Item: { ...keys.contactList(list.companyId, list.id), entity: 'contactList', ...list },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

export async function getContactList(companyId: string, listId: string): Promise<ContactList | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.contactList(companyId, listId) }));
  return Item ? contactListFromItem(Item) : undefined;
}

/** Every list of the company, by name (accents and case aside), then by creation. */
export async function listContactLists(companyId: string): Promise<ContactList[]> {
  const lists = (await queryPrefix(keys.contactListPrefix(companyId))).map(contactListFromItem);
  return lists.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR', { sensitivity: 'base' }) || a.id.localeCompare(b.id));
}

/** Renames an existing list and answers it; undefined when there is none. */
export async function renameContactList(companyId: string, listId: string, name: string, now = new Date()): Promise<ContactList | undefined> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.contactList(companyId, listId),
        UpdateExpression: 'SET #name = :name, updatedAt = :updatedAt',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: { ':name': name, ':updatedAt': now.toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? contactListFromItem(Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/** Deletes the list's own item; false when there was none. Its items go with deleteContactListItems. */
export async function deleteContactListRecord(companyId: string, listId: string): Promise<boolean> {
  try {
    await dynamo().send(
      new DeleteCommand({ TableName: table(), Key: keys.contactList(companyId, listId), ConditionExpression: 'attribute_exists(PK)' }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Moves the list's count by `delta` in a transaction, on the condition that the list still exists. */
export const countContactListItemsAction = (companyId: string, listId: string, delta: number, now: Date): TransactItem => ({
  Update: {
    TableName: table(),
    Key: keys.contactList(companyId, listId),
    UpdateExpression: 'ADD contactsCount :delta SET updatedAt = :updatedAt',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':delta': delta, ':updatedAt': now.toISOString() },
  },
});
